/**
 * Plain text of a courseware file for search (issue: search inside the courseware's own documents):
 * Markdown, LaTeX, AsciiDoc, plain text and PDF, with markup stripped so that commands and markup are
 * not words. Pure functions over the file's bytes; the job in document-text.service.ts runs them.
 */
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { DOCUMENT_TEXT_MAX } from '@portal/shared/limits';
import { htmlToText } from '../../lib/html.js';
import { latexBlocksToHtml, stripLatexComments } from '../../lib/latex.js';
import { parseFrontMatter, renderMarkdown } from '../../lib/markdown.js';

/** The kinds of document whose text is searched. */
export type DocumentKind = 'markdown' | 'latex' | 'asciidoc' | 'text' | 'pdf';

const KIND_OF_EXTENSION: Record<string, DocumentKind> = {
  '.md': 'markdown',
  '.markdown': 'markdown',
  '.tex': 'latex',
  '.adoc': 'asciidoc',
  '.asciidoc': 'asciidoc',
  '.txt': 'text',
  '.pdf': 'pdf',
};

const KIND_OF_MIME_TYPE: Record<string, DocumentKind> = {
  'text/markdown': 'markdown',
  'application/x-tex': 'latex',
  'text/x-tex': 'latex',
  'text/asciidoc': 'asciidoc',
  'text/plain': 'text',
  'application/pdf': 'pdf',
};

/**
 * The kind of a file by its name's extension, else its type; undefined for files whose text is not
 * searched (images, archives, office files). A PDF must also be typed as one (the upload sniffs it).
 */
export function documentKindOf(filename: string, mimeType: string): DocumentKind | undefined {
  const byName = KIND_OF_EXTENSION[path.extname(filename).toLowerCase()];
  const byType = KIND_OF_MIME_TYPE[mimeType.toLowerCase().split(';')[0]!.trim()];
  if (byName === 'pdf' || byType === 'pdf') return byName === byType ? 'pdf' : undefined;
  return byName ?? byType;
}

/** The body of a LaTeX document (between \begin{document} and \end{document}), or all of it. */
function latexBody(tex: string): string {
  const start = tex.indexOf('\\begin{document}');
  const end = tex.lastIndexOf('\\end{document}');
  return tex.slice(start < 0 ? 0 : start + '\\begin{document}'.length, end < 0 ? undefined : end);
}

/** LaTeX to text: comments, preamble and commands go; their text arguments, lists and code stay. */
export function latexToText(tex: string): string {
  const body = latexBody(stripLatexComments(tex))
    // Headings become paragraphs of their own, so their words stay words.
    .replace(/\\(?:sub)*section\*?\{([^}]*)\}/g, '\n\n$1\n\n')
    .replace(/\\(?:label|ref|cite|includegraphics|input|include|url)(?:\[[^\]]*\])?\{[^}]*\}/g, ' ');
  return htmlToText(latexBlocksToHtml(body));
}

/** Markdown to text: front matter, markup and images go; link texts stay. */
export function markdownToText(markdown: string): string {
  return htmlToText(renderMarkdown(parseFrontMatter(markdown).body));
}

/** AsciiDoc to text: attributes, comments, block delimiters, macros' targets and inline marks go. */
export function asciidocToText(adoc: string): string {
  return adoc
    .split(/\r?\n/)
    .filter(
      (line) => !/^\s*(\/\/|:[\w-]+:|\[[^\]]*\]\s*$|(-{4,}|={4,}|\.{4,}|\*{4,}|_{4,}|\+{4,})\s*$)/.test(line),
    )
    .map((line) =>
      line
        .replace(/^=+\s+/, '')
        .replace(/\b(?:image|link|xref|include|video)::?[^\s[]*\[([^\]]*)\]/g, '$1')
        // `<<id,text>>` reads "text", `<<id>>` nothing; neither part holds a `<`, so each try stops at
        // the next one (with `[^,>]*` a run of `<` took quadratic time).
        .replace(/<<[^<,>]*(?:,([^<>]*))?>>/g, '$1')
        .replace(/(^|[\s(])[*_`#]+([^*_`#]+)[*_`#]+/g, '$1$2')
        .replace(/^\s*[*.-]+\s+/, ''),
    )
    .join('\n');
}

/** The text of a PDF's pages, in order (unpdf: PDF.js without a worker, fonts or network). */
export async function pdfToText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes, {
    isEvalSupported: false,
    useSystemFonts: false,
    // Warnings (a standard font's data not given: not needed for text) stay out of the logs.
    verbosity: 0,
  });
  try {
    const { text } = await extractText(pdf, { mergePages: true });
    return text;
  } finally {
    await pdf.destroy();
  }
}

/** Collapses whitespace and control characters, and cuts at DOCUMENT_TEXT_MAX characters. */
function normalize(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
      .trim()
      .slice(0, DOCUMENT_TEXT_MAX)
  );
}

/**
 * The searchable text of a document.
 * @throws Error when a PDF cannot be read
 */
export async function documentText(kind: DocumentKind, bytes: Buffer): Promise<string> {
  if (kind === 'pdf') return normalize(await pdfToText(new Uint8Array(bytes)));
  const source = bytes.toString('utf8');
  switch (kind) {
    case 'markdown':
      return normalize(markdownToText(source));
    case 'latex':
      return normalize(latexToText(source));
    case 'asciidoc':
      return normalize(asciidocToText(source));
    case 'text':
      return normalize(source);
  }
}
