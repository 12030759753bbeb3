/**
 * The HTML pages of a Common Cartridge (issue 26): each item's `index.html` (description, includes,
 * sections, the pages below it, its files, an "Alignment" block, source and licence) and the HTML
 * rendering of its Markdown and AsciiDoc files. The description, includes and sections are marked
 * (PAGE_FIELD_ATTRIBUTE) for the importer, which reads them back from the page (issue 38). Every value
 * goes through the escaping `html` template; stored rich text and rendered documents go through the
 * sanitiser's allow-list (an HTML parser, never a regular expression over the markup) before they are
 * marked safe.
 */
import { convert as convertAsciidoc } from '@asciidoctor/core';
import { CONTENT_CATEGORY_LABELS, type ContentCategory } from '@portal/shared/enums';
import { alignmentLabel, IMS_CC_FILE_BASE } from '../../lib/cartridge-vocabulary.js';
import { PAGE_FIELD_ATTRIBUTE, PAGE_FIELDS } from '../../lib/cartridge-portal-fields.js';
import { html, raw, sanitizeRichText, type SafeHtml } from '../../lib/html.js';
import { parseFrontMatter, renderMarkdown } from '../../lib/markdown.js';
import type { BundleFile, BundleItem, BundleSource } from './bundle-tree.js';
import type { AlignmentStatement, ItemPage } from './cartridge-tree.js';

/** The token an LMS replaces with the address of the cartridge's files (IMS CC 1.1; Canvas, Moodle). */
export const FILE_BASE = IMS_CC_FILE_BASE;

/** A knowledge type's name with its framework (kept here for the export's callers). */
export { alignmentLabel };

/** Alignment statements grouped by type, types in order of first appearance. */
export function groupAlignment(statements: readonly AlignmentStatement[]): Map<string, AlignmentStatement[]> {
  const groups = new Map<string, AlignmentStatement[]>();
  for (const statement of statements) {
    const group = groups.get(statement.type) ?? [];
    if (!group.some((s) => s.id === statement.id)) group.push(statement);
    groups.set(statement.type, group);
  }
  return groups;
}

/** Stored rich text as safe HTML: the stored HTML passed through the allow-list again. */
const richText = (stored: string): SafeHtml => raw(sanitizeRichText(stored));

/** The attribute that marks an element as one of the item's fields (its name and value are ours). */
const field = (name: keyof typeof PAGE_FIELDS): SafeHtml =>
  raw(`${PAGE_FIELD_ATTRIBUTE}="${PAGE_FIELDS[name]}"`);

/** A whole HTML document around `body`. */
function documentOf(title: string, body: SafeHtml): string {
  return html`<!DOCTYPE html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
      </head>
      <body>
        ${body}
      </body>
    </html> `.toString();
}

/** One link of an item page to a file of its own (a relative path beside the page). */
export interface PageFileLink {
  file: BundleFile;
  /** The file's name in the item's folder. */
  name: string;
  /** The name of its HTML rendering, when it is Markdown or AsciiDoc. */
  renderedName?: string;
}

const KILO = 1024;
function formatSize(bytes: number): string {
  if (bytes < KILO) return `${bytes} B`;
  if (bytes < KILO * KILO) return `${(bytes / KILO).toFixed(1)} KB`;
  return `${(bytes / KILO / KILO).toFixed(1)} MB`;
}

/** Whether a stored address is a web address (only those become links). */
const isWebUrl = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);

function sourceLine(source: BundleSource): SafeHtml {
  const link = (text: string, url: string | null) =>
    isWebUrl(url) ? html`<a href="${url}">${text}</a>` : text;
  return html`<p>
    ${[
      source.name && html`Source: ${link(source.name, source.url)}`,
      source.license && html`${source.name ? ' · ' : ''}Licence: ${link(source.license, source.licenseUrl)}`,
      source.author && html` · Author: ${source.author}`,
    ]}
  </p>`;
}

/**
 * An item's `index.html`. `childPages` are the paths of its children's pages from the cartridge's root
 * (linked through FILE_BASE); `files` its own files (linked relatively); `portalUrl` its page on the portal.
 */
export function renderItemPage({
  item,
  page,
  childPages,
  files,
  portalUrl,
}: {
  item: BundleItem;
  page: ItemPage;
  childPages: readonly { item: BundleItem; path: string }[];
  files: readonly PageFileLink[];
  portalUrl: string;
}): string {
  const kinds = item.categories.map((c) => CONTENT_CATEGORY_LABELS[c as ContentCategory] ?? c).join(', ');
  const alignment = groupAlignment(page.alignment);
  const body = html`<main>
    <h1>${item.name}</h1>
    ${kinds && html`<p>${kinds}</p>`}
    ${
      page.description.trim() &&
      html`<div class="description" ${field('description')}>${richText(page.description)}</div>`
    }
    ${
      page.includes.length > 0 &&
      html`<section>
        <h2>Includes</h2>
        <ul ${field('includes')}>
          ${page.includes.map((name) => html`<li>${name}</li>`)}
        </ul>
      </section>`
    }
    ${page.sections.map(
      (section) =>
        html`<section ${field('section')}>
          <h2>${section.name}</h2>
          <div ${field('sectionDescription')}>${richText(section.description)}</div>
        </section>`,
    )}
    ${
      childPages.length > 0 &&
      html`<section>
        <h2>Contents</h2>
        <ul>
          ${childPages.map((child) => html`<li><a href="${FILE_BASE}/${child.path}">${child.item.name}</a></li>`)}
        </ul>
      </section>`
    }
    ${
      files.length > 0 &&
      html`<section>
        <h2>Files</h2>
        <ul>
          ${files.map(
            (link) =>
              html`<li>
                <a href="${link.name}">${link.file.name}</a> (${formatSize(link.file.size)})${
                  link.renderedName && html` · <a href="${link.renderedName}">read as a web page</a>`
                }
              </li>`,
          )}
        </ul>
      </section>`
    }
    ${
      alignment.size > 0 &&
      html`<section class="alignment">
        <h2>Alignment</h2>
        ${[...alignment].map(
          ([type, statements]) =>
            html`<h3>${alignmentLabel(type)}</h3>
              <ul>
                ${statements.map((s) => html`<li><strong>${s.code}</strong> ${s.name}</li>`)}
              </ul>`,
        )}
      </section>`
    }
    ${item.source && sourceLine(item.source)}
    <p>This page comes from the courseware portal: <a href="${portalUrl}">${portalUrl}</a></p>
  </main>`;
  return documentOf(item.name, body);
}

/** The kinds of file rendered to HTML beside the original (issue 26). */
export type RenderedKind = 'markdown' | 'asciidoc';

/**
 * A Markdown (front matter dropped) or AsciiDoc (secure mode: no includes, no file or network access)
 * document as HTML passed through the allow-list (also the file preview's, issue 37).
 */
export async function renderDocumentHtml(kind: RenderedKind, source: string): Promise<string> {
  const rendered =
    kind === 'markdown'
      ? renderMarkdown(parseFrontMatter(source).body)
      : await convertAsciidoc(source, { safe: 'secure', standalone: false });
  return sanitizeRichText(String(rendered));
}

/** A Markdown or AsciiDoc document as a whole HTML page (renderDocumentHtml). */
export async function renderDocumentPage(kind: RenderedKind, title: string, source: string): Promise<string> {
  return documentOf(title, html`<main>${raw(await renderDocumentHtml(kind, source))}</main>`);
}
