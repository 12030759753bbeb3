/**
 * Real texts of the demo catalogue, read straight from the shared data folder (not through the seed
 * importer, which the benchmark must not depend on): one base document per lab sheet, lesson or
 * handout, with its title, its prose paragraphs as plain text, keywords and source.
 * Sources (MANIFEST.md): hacktivity-lab-sheets/_labs/**.md, microsoft-security-101/*.md,
 * seed-labs/**\/README.md and *.tex.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Where a base document comes from, shown as the item's source and licence. */
export interface CorpusSource {
  name: string;
  url: string;
  license: string;
}

/** One real document reduced to what the generator uses. */
export interface BaseDocument {
  title: string;
  /** Plain-text prose paragraphs, each MIN_PARAGRAPH_CHARS or longer. */
  paragraphs: string[];
  keywords: string[];
  source: CorpusSource;
}

/** Shorter paragraphs are headings, captions or list fragments, not prose. */
const MIN_PARAGRAPH_CHARS = 80;
/** Longer paragraphs are cut at a sentence end, so that one never fills a whole description. */
const MAX_PARAGRAPH_CHARS = 900;
/** Share of letters and spaces a paragraph needs to count as prose (not code or a table). */
const MIN_PROSE_RATIO = 0.85;
/** Documents with fewer paragraphs are index pages, change logs or included fragments. */
const MIN_PARAGRAPHS_PER_DOCUMENT = 4;
/** Keywords kept per document. */
const MAX_KEYWORDS = 8;

const SOURCES = {
  hacktivity: {
    name: 'Hacktivity Cyber Security Labs',
    url: 'https://github.com/cliffe/HacktivityLabSheets',
    license: 'CC BY-SA 4.0',
  },
  security101: {
    name: 'Microsoft Security-101',
    url: 'https://github.com/microsoft/Security-101',
    license: 'CC0 1.0',
  },
  seed: { name: 'SEED Labs', url: 'https://github.com/seed-labs/seed-labs', license: 'CC BY-NC-SA 4.0' },
} satisfies Record<string, CorpusSource>;

/** Every file under `dir` whose name satisfies `accept`, sorted for a stable order. */
function walk(dir: string, accept: (name: string) => boolean): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...walk(full, accept));
    else if (accept(entry.name)) found.push(full);
  }
  return found.sort();
}

/** Cuts a long paragraph after the last sentence end that fits. */
function trimParagraph(text: string): string {
  if (text.length <= MAX_PARAGRAPH_CHARS) return text;
  const head = text.slice(0, MAX_PARAGRAPH_CHARS);
  const end = head.lastIndexOf('. ');
  return end > MIN_PARAGRAPH_CHARS ? head.slice(0, end + 1) : head;
}

/** Whether a paragraph reads as prose. */
function isProse(text: string): boolean {
  if (text.length < MIN_PARAGRAPH_CHARS) return false;
  const letters = text.match(/[\p{L}\s.,;:'"()-]/gu)?.length ?? 0;
  return letters / text.length >= MIN_PROSE_RATIO;
}

/** Splits cleaned text into prose paragraphs. */
function paragraphsOf(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(isProse)
    .map(trimParagraph);
}

/** Markdown to plain text: no code, tables, images, link targets, HTML or emphasis marks. */
function markdownText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, '\n\n')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^[ \t]*\|.*$/gm, '')
    .replace(/^#{1,6}\s.*$/gm, '\n')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^[\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^<>]+>/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/^[ \t]*(?:[-*+]|\d+\.)\s+/gm, '\n\n')
    .replace(/[*_]{1,3}([^*_\n]+)[*_]{1,3}/g, '$1')
    .replace(/^[ \t]*>\s?/gm, '');
}

/** LaTeX to plain text: the document body without comments, listings, figures or commands. */
function latexText(tex: string): string {
  const begin = tex.indexOf('\\begin{document}');
  const end = tex.indexOf('\\end{document}');
  const body = begin >= 0 ? tex.slice(begin, end > begin ? end : undefined) : tex;
  return body
    .replace(/(?<!\\)%[^\n]*/g, '')
    .replace(
      /\\begin\{(lstlisting|verbatim|Verbatim|figure|table|tabular|code|center|minipage)\*?\}[\s\S]*?\\end\{\1\*?\}/g,
      '\n\n',
    )
    .replace(/\\(sub)*section\*?\{[^}]*\}/g, '\n\n')
    .replace(/\\(paragraph|item)\b(\{[^}]*\})?/g, '\n\n')
    .replace(/\\(texttt|textbf|textit|emph|underline|code)\{([^}]*)\}/g, '$2')
    .replace(/\\(url|href|label|ref|cite|input|includegraphics)(\[[^\]]*\])?\{[^}]*\}(\{[^}]*\})?/g, '')
    .replace(/\\[a-zA-Z]+\*?(\[[^\]]*\])?/g, '')
    .replace(/\\./g, '')
    .replace(/[{}~$]/g, ' ');
}

/** "Crypto_Hash_Length_Ext" → "Crypto Hash Length Ext". */
function titleFromName(name: string): string {
  return name
    .replace(/\.[a-z]+$/, '')
    .replace(/[_-]+/g, ' ')
    .trim();
}

/** Front matter of a lab sheet: its title, description, overview and tags. */
function frontMatter(markdown: string): { title?: string; prose: string; tags: string[]; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(markdown);
  if (!match) return { prose: '', tags: [], body: markdown };
  const yaml = match[1] ?? '';
  const quoted = (key: string): string | undefined => {
    const line = new RegExp(`^${key}:\\s*(".*")\\s*$`, 'm').exec(yaml)?.[1];
    try {
      return line ? (JSON.parse(line) as string) : undefined;
    } catch {
      return undefined;
    }
  };
  const overview = /^overview:\s*\|\n((?:[ \t]+.*\n?|\n)*)/m.exec(yaml)?.[1] ?? '';
  let tags: string[] = [];
  const tagLine = /^tags:\s*(\[.*\])\s*$/m.exec(yaml)?.[1];
  try {
    tags = tagLine ? (JSON.parse(tagLine) as string[]) : [];
  } catch {
    tags = [];
  }
  const prose = [quoted('description') ?? '', overview.replace(/^[ \t]+/gm, '')].join('\n\n');
  return { title: quoted('title'), prose, tags, body: markdown.slice(match[0].length) };
}

function readHacktivity(root: string): BaseDocument[] {
  return walk(path.join(root, 'hacktivity-lab-sheets', '_labs'), (n) => n.endsWith('.md')).map((file) => {
    const { title, prose, tags, body } = frontMatter(fs.readFileSync(file, 'utf8'));
    return {
      title: title ?? titleFromName(path.basename(file)),
      paragraphs: paragraphsOf(`${prose}\n\n${markdownText(body)}`),
      keywords: tags.map((t) => t.replace(/-/g, ' ')).slice(0, MAX_KEYWORDS),
      source: SOURCES.hacktivity,
    };
  });
}

function readSecurity101(root: string): BaseDocument[] {
  const dir = path.join(root, 'microsoft-security-101');
  return walk(dir, (n) => /^\d+\.\d+ .*\.md$/.test(n)).map((file) => {
    const markdown = fs.readFileSync(file, 'utf8');
    const heading = /^#[ \t]+(\S.*)$/m.exec(markdown)?.[1]?.trim();
    return {
      title: heading ?? titleFromName(path.basename(file).replace(/^\d+\.\d+ /, '')),
      paragraphs: paragraphsOf(markdownText(markdown)),
      keywords: [],
      source: SOURCES.security101,
    };
  });
}

function readSeedLabs(root: string): BaseDocument[] {
  const dir = path.join(root, 'seed-labs');
  return walk(dir, (n) => n === 'README.md' || n.endsWith('.tex')).map((file) => {
    const text = fs.readFileSync(file, 'utf8');
    const isTex = file.endsWith('.tex');
    const title = isTex
      ? (/\{\\LARGE\s+([^\s}][^}]*)\}/.exec(text)?.[1] ?? titleFromName(path.basename(file)))
      : (/^#[ \t]+(\S.*)$/m.exec(text)?.[1] ?? titleFromName(path.basename(path.dirname(file))));
    return {
      title: title.replace(/\\/g, '').replace(/\s+/g, ' ').trim(),
      paragraphs: paragraphsOf(isTex ? latexText(text) : markdownText(text)),
      keywords: [],
      source: SOURCES.seed,
    };
  });
}

/**
 * Reads the base documents: titles made unique (documents of one title are merged), only those with
 * enough prose kept.
 * @param root the courseware folder of the shared data (…/shared/data/courseware)
 * @throws Error when the folder holds no usable document
 */
export function readCorpus(root: string): BaseDocument[] {
  const byTitle = new Map<string, BaseDocument>();
  for (const doc of [...readHacktivity(root), ...readSecurity101(root), ...readSeedLabs(root)]) {
    const key = doc.title.toLowerCase();
    const known = byTitle.get(key);
    if (known) known.paragraphs.push(...doc.paragraphs);
    else byTitle.set(key, { ...doc, paragraphs: [...doc.paragraphs] });
  }
  // A title in lower case ("labenv", "task level 1") names an included fragment, not a lab.
  const documents = [...byTitle.values()].filter(
    (d) => d.paragraphs.length >= MIN_PARAGRAPHS_PER_DOCUMENT && /^[A-Z]/.test(d.title),
  );
  if (documents.length === 0) throw new Error(`No courseware texts found under ${root}`);
  return documents;
}
