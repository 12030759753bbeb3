/**
 * Reads Microsoft's "Cybersecurity for Beginners" (courseware/microsoft-security-101, MANIFEST.md) as
 * one course: course > one module per leading number N of the "N.M title.md" files (named in the
 * README's Modules Overview table) > its lessons and end-of-module quizzes, in N.M order.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ExperienceLevel } from '@portal/shared/enums';
import {
  naturalCompare,
  sourceItem,
  SOURCE_MIME_TYPES,
  type CourseSource,
  type SourceItem,
  type SourceLicense,
} from '../imports/index.js';
import { escapeHtml } from '../../lib/html.js';
import { originOf, type ManifestEntry } from './manifest.js';
import { markdownSections, renderMarkdown } from '../../lib/markdown.js';

export const SECURITY_101_DIR = 'courseware/microsoft-security-101/';
export const SECURITY_101_SOURCE_NAME = 'Microsoft Security-101 (microsoft/Security-101)';
/** The repository's owner (MANIFEST.md: microsoft/Security-101); the lessons name no other author. */
export const SECURITY_101_AUTHOR = 'Microsoft';
/** The LICENSE file: "CC0 1.0 Universal". */
export const CC0_1: SourceLicense = {
  name: 'CC0 1.0 Universal',
  url: 'https://creativecommons.org/publicdomain/zero/1.0/',
};
/** "1.7 End of module quiz.md" → 1, 7, "End of module quiz". */
const LESSON_FILE = /^(\d+)\.(\d+)\s+(\S.*)\.md$/;
const QUIZ_TITLE = /\bquiz\b/i;
/** The README heading of the table that names the modules. */
const MODULES_TABLE_HEADING = /^Modules Overview$/i;
/** A course whose title says it is for beginners states its experience level (000 §3). */
const BEGINNERS = /\bbeginners?\b/i;
const BEGINNER: ExperienceLevel = 'beginner';

interface TableRow {
  number: string;
  moduleName: string | undefined;
  concept: string | undefined;
  objectives: string | undefined;
}

const LINK = /\[([^[\]]+)\]\(([^)]+)\)/;

/** Rows of the README's modules table: `| **1.1** | Basic security concepts | [The CIA triad](…) | Learn about … |`. */
export function parseModulesTable(markdown: string): TableRow[] {
  const rows: TableRow[] = [];
  for (const line of markdown.split(/\r?\n/)) {
    const cells = line
      .split('|')
      .slice(1)
      .map((c) => c.trim());
    const number = /^\*\*(\d+\.\d+)\*\*$/.exec(cells[0] ?? '')?.[1];
    if (!number) continue;
    const second = cells[1] ?? '';
    const conceptCell = cells[2] ?? '';
    rows.push({
      number,
      moduleName: second && !LINK.test(second) ? second : undefined,
      concept: LINK.exec(conceptCell)?.[1]?.trim() ?? (conceptCell || undefined),
      objectives: cells[3] || undefined,
    });
  }
  return rows;
}

/**
 * Reads the course.
 * @throws Error when a lesson file's module is not named in the README table
 */
export async function readSecurity101(dataDir: string, manifest: ManifestEntry[]): Promise<CourseSource> {
  const origin = originOf(manifest, SECURITY_101_DIR);
  const root = path.join(dataDir, SECURITY_101_DIR);
  const readme = await fs.readFile(path.join(root, 'README.md'), 'utf8');
  const sections = markdownSections(readme);
  const title = sections.find((s) => s.depth === 1);
  if (!title) throw new Error(`${SECURITY_101_DIR}README.md has no title`);
  const experienceLevels: ExperienceLevel[] = BEGINNERS.test(title.heading) ? [BEGINNER] : [];
  const table = parseModulesTable(sections.find((s) => MODULES_TABLE_HEADING.test(s.heading))?.body ?? '');
  const rowOf = new Map(table.map((r) => [r.number, r]));

  const byModule = new Map<number, { file: string; lesson: number; title: string }[]>();
  for (const file of (await fs.readdir(root)).sort(naturalCompare)) {
    const match = LESSON_FILE.exec(file);
    if (!match) continue;
    const moduleNumber = Number(match[1]);
    const list = byModule.get(moduleNumber) ?? [];
    list.push({ file, lesson: Number(match[2]), title: match[3]!.trim() });
    byModule.set(moduleNumber, list);
  }

  const modules: SourceItem[] = [];
  for (const moduleNumber of [...byModule.keys()].sort((a, b) => a - b)) {
    const files = byModule.get(moduleNumber)!.sort((a, b) => a.lesson - b.lesson);
    const moduleName = table.find((r) => r.number.startsWith(`${moduleNumber}.`) && r.moduleName)?.moduleName;
    if (!moduleName) throw new Error(`${SECURITY_101_DIR}README.md names no module ${moduleNumber}`);
    const children: SourceItem[] = [];
    const outline: string[] = [];
    for (const { file, lesson, title: lessonTitle } of files) {
      const row = rowOf.get(`${moduleNumber}.${lesson}`);
      const isQuiz = QUIZ_TITLE.test(lessonTitle);
      const text = await fs.readFile(path.join(root, file), 'utf8');
      // A quiz's own text is its link to the quiz form; a lesson is described by its learning objectives.
      const body = markdownSections(text, 1)
        .map((s) => s.body)
        .join('\n');
      const descriptionMarkdown = isQuiz ? body : (row?.objectives ?? '');
      children.push(
        sourceItem({
          name: lessonTitle,
          descriptionHtml: renderMarkdown(descriptionMarkdown, origin.blobUrl('')),
          categories: isQuiz ? ['exercise'] : ['lesson'],
          tags: isQuiz ? ['quizzes'] : [],
          experienceLevels,
          includes: [file],
          sourceUrl: origin.blobUrl(file),
          sourceAuthor: SECURITY_101_AUTHOR,
          license: CC0_1,
          files: [
            {
              path: path.join(root, file),
              filename: file,
              name: `${lessonTitle} (${isQuiz ? 'quiz' : 'lesson'})`,
              mimeType: SOURCE_MIME_TYPES['.md']!,
            },
          ],
        }),
      );
      if (!isQuiz && row?.objectives) {
        outline.push(
          `<li><strong>${escapeHtml(row.concept ?? lessonTitle)}</strong>: ${escapeHtml(row.objectives)}</li>`,
        );
      }
    }
    modules.push(
      sourceItem({
        name: moduleName,
        descriptionHtml: outline.length > 0 ? `<ul>${outline.join('')}</ul>` : '',
        categories: ['module'],
        experienceLevels,
        includes: children.map((c) => c.name),
        sourceUrl: origin.blobUrl('README.md'),
        sourceAuthor: SECURITY_101_AUTHOR,
        license: CC0_1,
        children,
      }),
    );
  }

  const course = sourceItem({
    name: title.heading,
    descriptionHtml: renderMarkdown(title.body, origin.blobUrl('')),
    categories: ['course'],
    experienceLevels,
    includes: modules.map((m) => m.name),
    sourceUrl: origin.repoUrl,
    sourceAuthor: SECURITY_101_AUTHOR,
    license: CC0_1,
    children: modules,
  });
  return { key: 'security-101', sourceName: SECURITY_101_SOURCE_NAME, course };
}
