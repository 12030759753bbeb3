/**
 * Reads the Hacktivity lab sheets (courseware/hacktivity-lab-sheets, MANIFEST.md) as one course:
 * course > one module per `_labs/` folder > one lab sheet per markdown file, from each sheet's
 * Jekyll front matter (title, description, overview, tags, author, license, difficulty, type, and the
 * `cybok:` list of knowledge area, topic and keywords, read into CyBOK alignments: issue 25).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { CYBOK_KNOWLEDGE_AREAS } from '@portal/shared/cybok';
import type { ExperienceLevel } from '@portal/shared/enums';
import { distinctIgnoringCase } from '@portal/shared/schemas/courseware';
import {
  authorsOf,
  naturalCompare,
  sourceItem,
  SOURCE_MIME_TYPES,
  type CourseSource,
  type SourceAlignment,
  type SourceItem,
  type SourceLicense,
  type SourcePerson,
} from '../imports/index.js';
import { escapeHtml } from '../../lib/html.js';
import { cybokId } from './knowledge-source.js';
import { originOf, type ManifestEntry } from './manifest.js';
import { findSection, markdownSections, parseFrontMatter, renderMarkdown } from '../../lib/markdown.js';

export const HACKTIVITY_DIR = 'courseware/hacktivity-lab-sheets/';
const LABS_FOLDER = '_labs';
/** The repository's name, split into words: the course has no other title (its README's heading is the repo name). */
export const HACKTIVITY_COURSE_NAME = 'Hacktivity Lab Sheets';
export const HACKTIVITY_SOURCE_NAME = 'Hacktivity Cyber Security Labs (cliffe/HacktivityLabSheets)';
/** The licence the lab sheets state in their front matter (MANIFEST.md copied only those). */
export const CC_BY_SA_4: SourceLicense = {
  name: 'CC BY-SA 4.0',
  url: 'https://creativecommons.org/licenses/by-sa/4.0/',
};
/** README sections that describe the course (the rest is about contributing to the repository). */
const COURSE_README_SECTIONS = [/^About This Repository$/i, /^Available Labs$/i];

/** Front-matter `difficulty` → experience level (000 §3); only values the sheets use are mapped. */
export const DIFFICULTY_LEVELS: Record<string, ExperienceLevel> = {
  easy: 'beginner',
  beginner: 'beginner',
  intermediate: 'intermediate',
  advanced: 'advanced',
  hard: 'advanced',
};
/** Front-matter `type` values that make a sheet a lab (exercise + lab tag); others are readings (lesson). */
const LAB_TYPES = new Set(['lab-sheet', 'ctf-lab', 'hackerbot-lab', 'lab-environment', 'challenge']);

const asStrings = (value: unknown): string[] =>
  (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value])
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map((v) => String(v).trim())
    .filter(Boolean);

/**
 * Whether an author entry names a person: two to four words, none of them a lower-case word.
 * "Adapted from SAFETYNET Training Materials" is a credit line, not a person, and is kept only in
 * the item's source author text.
 */
export function isPersonName(name: string): boolean {
  const words = name.trim().split(/\s+/);
  return words.length >= 2 && words.length <= 4 && words.every((w) => /^[\p{Lu}]/u.test(w));
}

/** Words left in lower case inside a title. */
const MINOR_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** "software_and_malware_analysis" → "Software and Malware Analysis"; "m01_first_contact" → "M01 First Contact". */
export function readableFolderName(folder: string): string {
  return folder
    .split(/[_-]+/)
    .filter(Boolean)
    .map((w, k) => (k > 0 && MINOR_WORDS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

const CYBOK_CODES = new Set(CYBOK_KNOWLEDGE_AREAS.map((ka) => ka.code));

/**
 * A sheet's `cybok:` front matter (a list of `{ ka, topic, keywords }`) as one alignment per knowledge
 * area, in the order the areas first appear, each with its topics in order (a topic named twice is kept
 * once, its keywords joined). Entries without a `ka` are left out.
 * @throws Error when a `ka` is not a CyBOK 1.1 knowledge area code
 */
export function cybokAlignments(value: unknown): SourceAlignment[] {
  const byArea = new Map<string, Map<string, string[]>>();
  for (const entry of Array.isArray(value) ? value : []) {
    if (!entry || typeof entry !== 'object') continue;
    const fields = entry as Record<string, unknown>;
    const code = asStrings(fields.ka)[0]?.toUpperCase();
    if (!code) continue;
    if (!CYBOK_CODES.has(code)) throw new Error(`cybok: "${code}" is not a CyBOK 1.1 knowledge area`);
    const topics = byArea.get(code) ?? new Map<string, string[]>();
    byArea.set(code, topics);
    const topic = asStrings(fields.topic)[0]?.replace(/\s+/g, ' ');
    if (!topic) continue;
    topics.set(topic, distinctIgnoringCase([...(topics.get(topic) ?? []), ...asStrings(fields.keywords)]));
  }
  return [...byArea].map(([code, topics]) => ({
    knowledgeId: cybokId(code),
    topics: [...topics].map(([topic, keywords]) => ({ topic, keywords })),
  }));
}

async function readLabSheet(
  file: string,
  relativePath: string,
  blobUrl: (p: string) => string,
): Promise<{ sheet: SourceItem; summary: string | undefined }> {
  const text = await fs.readFile(file, 'utf8');
  const { data } = parseFrontMatter(text);
  const filename = path.basename(file);
  const title = asStrings(data.title)[0] ?? path.basename(file, '.md');
  const summary = asStrings(data.description)[0];
  const overview = asStrings(data.overview)[0];
  const baseUrl = blobUrl(path.posix.dirname(relativePath) + '/');
  const descriptionHtml = [summary, overview]
    .filter((t): t is string => Boolean(t))
    .map((t) => renderMarkdown(t, baseUrl))
    .join('\n');
  const authors = asStrings(data.author);
  const license = asStrings(data.license)[0];
  const difficulty = asStrings(data.difficulty)[0]?.toLowerCase();
  const level = difficulty ? DIFFICULTY_LEVELS[difficulty] : undefined;
  const isLab = asStrings(data.type).some((t) => LAB_TYPES.has(t));
  const sheet = sourceItem({
    name: title,
    descriptionHtml,
    categories: isLab ? ['exercise'] : ['lesson'],
    tags: isLab ? ['lab'] : [],
    keywords: asStrings(data.tags),
    experienceLevels: level ? [level] : [],
    includes: [filename],
    sourceUrl: blobUrl(relativePath),
    sourceAuthor: authors.length > 0 ? authors.join(', ') : null,
    license:
      license === CC_BY_SA_4.name ? CC_BY_SA_4 : { name: license ?? CC_BY_SA_4.name, url: CC_BY_SA_4.url },
    contributors: distinctIgnoringCase(authors.filter(isPersonName)).map((name): SourcePerson => ({ name })),
    alignments: cybokAlignments(data.cybok),
    files: [
      {
        path: file,
        filename,
        name: `${title} (${isLab ? 'lab sheet' : 'Markdown'})`,
        mimeType: SOURCE_MIME_TYPES['.md']!,
      },
    ],
  });
  return { sheet, summary: summary?.replace(/\s+/g, ' ').trim() };
}

/** The module's description: its sheets' own one-line descriptions, as a list. */
function moduleDescription(sheets: SourceItem[], summaries: Map<SourceItem, string>): string {
  const items = sheets
    .map((s) => {
      const summary = summaries.get(s);
      return `<li><strong>${escapeHtml(s.name)}</strong>${summary ? `: ${escapeHtml(summary)}` : ''}</li>`;
    })
    .join('');
  return items ? `<ul>${items}</ul>` : '';
}

/**
 * Reads the course.
 * @param dataDir config.sharedDataDir
 * @throws Error when the folder or a front matter cannot be read
 */
export async function readHacktivity(dataDir: string, manifest: ManifestEntry[]): Promise<CourseSource> {
  const origin = originOf(manifest, HACKTIVITY_DIR);
  const root = path.join(dataDir, HACKTIVITY_DIR);
  const readme = await fs.readFile(path.join(root, 'README.md'), 'utf8');
  const sections = markdownSections(readme);
  const lead = sections.find((s) => s.depth === 1)?.body ?? '';
  const courseMarkdown = [lead, ...COURSE_README_SECTIONS.map((h) => findSection(sections, h) ?? '')].join(
    '\n\n',
  );

  const folders = (await fs.readdir(path.join(root, LABS_FOLDER), { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort(naturalCompare);
  const modules: SourceItem[] = [];
  for (const folder of folders) {
    const files = (await fs.readdir(path.join(root, LABS_FOLDER, folder)))
      .filter((f) => f.endsWith('.md'))
      .sort(naturalCompare);
    const summaries = new Map<SourceItem, string>();
    const sheets: SourceItem[] = [];
    for (const f of files) {
      const relativePath = `${LABS_FOLDER}/${folder}/${f}`;
      const file = path.join(root, LABS_FOLDER, folder, f);
      try {
        const { sheet, summary } = await readLabSheet(file, relativePath, origin.blobUrl);
        if (summary) summaries.set(sheet, summary);
        sheets.push(sheet);
      } catch (error) {
        throw new Error(
          `${HACKTIVITY_DIR}${relativePath}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    if (sheets.length === 0) continue;
    modules.push(
      sourceItem({
        name: readableFolderName(folder),
        descriptionHtml: moduleDescription(sheets, summaries),
        categories: ['module'],
        includes: sheets.map((s) => s.name),
        sourceUrl: origin.treeUrl(`${LABS_FOLDER}/${folder}`),
        sourceAuthor: authorsOf(sheets),
        license: CC_BY_SA_4,
        children: sheets,
      }),
    );
  }
  const course = sourceItem({
    name: HACKTIVITY_COURSE_NAME,
    descriptionHtml: renderMarkdown(courseMarkdown, origin.blobUrl('')),
    categories: ['course'],
    includes: modules.map((m) => m.name),
    sourceUrl: origin.repoUrl,
    sourceAuthor: authorsOf(modules.flatMap((m) => m.children)),
    license: CC_BY_SA_4,
    children: modules,
  });
  return { key: 'hacktivity', sourceName: HACKTIVITY_SOURCE_NAME, course };
}
