/**
 * Reads SEED Labs (courseware/seed-labs, MANIFEST.md) as one course: course > one module per
 * `category-*` folder that holds labs > one lab per folder with a main handout `<Folder>/<Folder>.tex`.
 * A lab's name and description come from its handout (title block and Overview section), its
 * contributors from the handout's copyright notice, and its README, when it has one, becomes a section.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  authorsOf,
  naturalCompare,
  sourceItem,
  SOURCE_MIME_TYPES,
  type CourseSource,
  type SourceFile,
  type SourceItem,
  type SourceLicense,
  type SourcePerson,
} from '../imports/index.js';
import { escapeHtml } from '../../lib/html.js';
import { latexBlocksToHtml } from '../../lib/latex.js';
import { latexCopyrightHolders, latexSections, latexTitle } from '../../lib/latex-document.js';
import { originOf, type ManifestEntry } from './manifest.js';
import { findSection, markdownSections, renderMarkdown } from '../../lib/markdown.js';

export const SEED_LABS_DIR = 'courseware/seed-labs/';
export const SEED_LABS_COURSE_NAME = 'SEED Labs';
export const SEED_LABS_SOURCE_NAME = 'SEED Labs (seed-labs/seed-labs)';
/** LICENSE.md: "Creative Commons Attribution-NonCommercial-ShareAlike", https://creativecommons.org/licenses/by-nc-sa/4.0/. */
export const CC_BY_NC_SA_4: SourceLicense = {
  name: 'CC BY-NC-SA 4.0',
  url: 'https://creativecommons.org/licenses/by-nc-sa/4.0/',
};
const CATEGORY_PREFIX = 'category-';
/** The README's sections that describe the project; the rest is about contributing and the repository's layout. */
const COURSE_README_END = /^Contributing$/i;
const ORGANIZATION_HEADING = /^Organization of this repository$/i;
/** Handout sections that hold the lab's overview, in order of preference. */
const OVERVIEW_SECTION = /^(?:lab\s+)?overview$|^introduction$/i;
/**
 * Overview paragraphs left out: they print text from macros of the handouts' shared header, which
 * is not in the data ("Chapter 10 of the SEED Book, \seedbook"), so they would read as broken text.
 */
const OMITTED_PARAGRAPHS = /^(?:readings?|videos?|readings and videos|lab environment)\b/i;
/** "started in 2002 by Wenliang Du, a professor at the Syracuse University" in the README's History. */
const FOUNDER =
  /\bby ((?:\p{Lu}[\p{L}.'-]*\s+){1,3}\p{Lu}[\p{L}'-]*), an? (professor|lecturer|researcher) at (?:the )?([^.,]+?University)\b/u;
const SECTION_NOTES_NAME = 'Notes from the lab’s README';
/** How deep `\input` of the lab's own files is followed. */
const MAX_INPUT_DEPTH = 3;

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** Replaces `\input{name}` of files in the lab's own folder by their text (shared folders are not in the data). */
async function expandInputs(tex: string, folder: string, depth = 0): Promise<string> {
  if (depth >= MAX_INPUT_DEPTH) return tex;
  const pattern = /\\input\{([^}\\]+)\}/g;
  let out = '';
  let cursor = 0;
  for (let m = pattern.exec(tex); m; m = pattern.exec(tex)) {
    const name = m[1]!.trim();
    const candidates = [name, `${name}.tex`].map((n) => path.join(folder, n));
    let replacement = m[0];
    for (const candidate of candidates) {
      if (path.dirname(candidate) === folder && (await exists(candidate))) {
        replacement = await expandInputs(await fs.readFile(candidate, 'utf8'), folder, depth + 1);
        break;
      }
    }
    out += tex.slice(cursor, m.index) + replacement;
    cursor = m.index + m[0].length;
  }
  return out + tex.slice(cursor);
}

/** Drops `\paragraph{Title}` blocks whose title matches `omit` (up to the next `\paragraph`). */
function withoutParagraphs(body: string, omit: RegExp): string {
  return body
    .split(/(?=\\paragraph\*?\{)/)
    .filter((chunk) => {
      const title = /^\\paragraph\*?\{([^}]*)\}/.exec(chunk)?.[1];
      return title === undefined || !omit.test(title.trim());
    })
    .join('');
}

/** The handout's overview as HTML: its Overview (or Introduction) section, else its first section. */
export function handoutOverviewHtml(expandedTex: string): string {
  const sections = latexSections(expandedTex);
  const overview = sections.find((s) => OVERVIEW_SECTION.test(s.title)) ?? sections[0];
  return overview ? latexBlocksToHtml(withoutParagraphs(overview.body, OMITTED_PARAGRAPHS)) : '';
}

/** "For blockchain labs" → "Blockchain labs". */
function moduleNameOf(purpose: string | undefined, folder: string): string {
  const fromReadme = purpose?.replace(/^for\s+/i, '').trim();
  if (fromReadme) return fromReadme.charAt(0).toUpperCase() + fromReadme.slice(1);
  // Not in the README's list: the folder's words (short ones are acronyms, as in "ctf"), like its siblings' "… labs".
  const words = folder.slice(CATEGORY_PREFIX.length).split(/[-_]+/);
  return `${words.map((w) => (w.length <= 3 ? w.toUpperCase() : w)).join(' ')} labs`;
}

interface LabContext {
  root: string;
  blobUrl: (p: string) => string;
  people: Map<string, SourcePerson>;
}

async function readLab(category: string, lab: string, context: LabContext): Promise<SourceItem> {
  const folder = path.join(context.root, category, lab);
  const relative = `${category}/${lab}`;
  const mainFile = `${lab}.tex`;
  const tex = await fs.readFile(path.join(folder, mainFile), 'utf8');
  const name = latexTitle(tex) ?? lab.replace(/_/g, ' ');
  const descriptionHtml = handoutOverviewHtml(await expandInputs(tex, folder));

  const texFiles = (await fs.readdir(folder))
    .filter((f) => f.endsWith('.tex') && f !== mainFile)
    .sort(naturalCompare);
  const files: SourceFile[] = [mainFile, ...texFiles].map((filename) => ({
    path: path.join(folder, filename),
    filename,
    name: filename === mainFile ? `${name} (lab handout, LaTeX)` : `${name}: ${filename}`,
    mimeType: SOURCE_MIME_TYPES['.tex']!,
  }));

  const sections: SourceItem['sections'] = [];
  const readmePath = path.join(folder, 'README.md');
  if (await exists(readmePath)) {
    const readme = await fs.readFile(readmePath, 'utf8');
    // The README's first heading only repeats the lab's name (or says "Note"); its text is what adds something.
    const notes = markdownSections(readme, 1)
      .map((s) => s.body)
      .join('\n')
      .trim();
    if (notes)
      sections.push({
        name: SECTION_NOTES_NAME,
        descriptionHtml: renderMarkdown(notes, context.blobUrl(`${relative}/`)),
      });
  }

  const holders = latexCopyrightHolders(tex);
  const contributors = holders.map((h): SourcePerson => {
    const known = context.people.get(h.name.toLowerCase());
    return { ...known, name: h.name, ...(h.school ? { school: h.school } : {}) };
  });
  return sourceItem({
    name,
    descriptionHtml,
    categories: ['exercise'],
    tags: ['lab'],
    includes: files.map((f) => f.filename),
    sourceUrl: context.blobUrl(`${relative}/${mainFile}`),
    sourceAuthor: holders.length > 0 ? holders.map((h) => h.name).join(', ') : null,
    license: CC_BY_NC_SA_4,
    contributors,
    files,
    sections,
  });
}

/**
 * Reads the course.
 * @throws Error when a handout cannot be read
 */
export async function readSeedLabs(dataDir: string, manifest: ManifestEntry[]): Promise<CourseSource> {
  const origin = originOf(manifest, SEED_LABS_DIR);
  const root = path.join(dataDir, SEED_LABS_DIR);
  const readme = await fs.readFile(path.join(root, 'README.md'), 'utf8');
  const sections = markdownSections(readme);
  const end = sections.findIndex((s) => COURSE_README_END.test(s.heading));
  const courseMarkdown = sections
    .slice(0, end < 0 ? sections.length : end)
    .map((s) => s.body)
    .join('\n\n');

  // Who the README says the founder is, so his school is known where a handout names him.
  const people = new Map<string, SourcePerson>();
  const founder = FOUNDER.exec(readme.replace(/\s+/g, ' '));
  if (founder) {
    const [, name, title, school] = founder as unknown as [string, string, string, string];
    people.set(name.toLowerCase(), { name, title: title.charAt(0).toUpperCase() + title.slice(1), school });
  }

  // "- ```category-blockchain```: For blockchain labs"
  const purposes = new Map<string, string>();
  for (const line of (findSection(sections, ORGANIZATION_HEADING) ?? '').split(/\r?\n/)) {
    const m = /(?<!`)`+([\w-]+)`+\s*:\s*(\S.*)$/.exec(line);
    if (m) purposes.set(m[1]!, m[2]!.trim());
  }

  const categories = (await fs.readdir(root, { withFileTypes: true }))
    .filter((d) => d.isDirectory() && d.name.startsWith(CATEGORY_PREFIX))
    .map((d) => d.name)
    .sort(naturalCompare);
  const context: LabContext = { root, blobUrl: origin.blobUrl, people };
  const modules: SourceItem[] = [];
  const drafts: SourceItem[] = [];
  for (const category of categories) {
    const labFolders: string[] = [];
    for (const entry of (await fs.readdir(path.join(root, category), { withFileTypes: true })).sort((a, b) =>
      naturalCompare(a.name, b.name),
    )) {
      if (entry.isDirectory() && (await exists(path.join(root, category, entry.name, `${entry.name}.tex`)))) {
        labFolders.push(entry.name);
      }
    }
    if (labFolders.length === 0) {
      // category-ctf only points at another repository: kept as an unpublished module (editors see
      // it as a draft to fill; faculty and visitors do not).
      const readme = path.join(root, category, 'README.md');
      if (await exists(readme)) {
        drafts.push(
          sourceItem({
            name: moduleNameOf(purposes.get(category), category),
            descriptionHtml: renderMarkdown(
              await fs.readFile(readme, 'utf8'),
              origin.blobUrl(`${category}/`),
            ),
            categories: ['module'],
            status: 'unpublished',
            sourceUrl: origin.treeUrl(category),
            license: CC_BY_NC_SA_4,
          }),
        );
      }
      continue;
    }
    const labs: SourceItem[] = [];
    for (const lab of labFolders) {
      try {
        labs.push(await readLab(category, lab, context));
      } catch (error) {
        throw new Error(
          `${SEED_LABS_DIR}${category}/${lab}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const purpose = purposes.get(category);
    const categoryReadme = path.join(root, category, 'README.md');
    const readmeHtml = (await exists(categoryReadme))
      ? renderMarkdown(
          markdownSections(await fs.readFile(categoryReadme, 'utf8'), 1)
            .map((s) => s.body)
            .join('\n'),
          origin.blobUrl(`${category}/`),
        )
      : '';
    modules.push(
      sourceItem({
        name: moduleNameOf(purpose, category),
        descriptionHtml: [purpose ? `<p>${escapeHtml(purpose)}.</p>` : '', readmeHtml]
          .filter(Boolean)
          .join('\n'),
        categories: ['module'],
        includes: labs.map((l) => l.name),
        sourceUrl: origin.treeUrl(category),
        sourceAuthor: authorsOf(labs),
        license: CC_BY_NC_SA_4,
        children: labs,
      }),
    );
  }
  const course = sourceItem({
    name: SEED_LABS_COURSE_NAME,
    descriptionHtml: renderMarkdown(courseMarkdown, origin.blobUrl('')),
    categories: ['course'],
    includes: modules.map((m) => m.name),
    sourceUrl: origin.repoUrl,
    sourceAuthor: authorsOf(modules.flatMap((m) => m.children)),
    license: CC_BY_NC_SA_4,
    children: [...modules, ...drafts],
  });
  return { key: 'seed-labs', sourceName: SEED_LABS_SOURCE_NAME, course };
}
