/**
 * The fields of an item that the portal's export writes on the item's generated page (issue 38 "Round
 * trip as the proof"; `lib/cartridge-portal-fields.ts`): its description as HTML, its includes and its
 * sections. LOM has no place for sections or includes, and carries the description as text only, so
 * the page is where they are. Only a page the manifest marks as the portal's page of the item is read
 * (the caller finds it), within IMPORT_PAGE_SCAN_MAX_BYTES, with an HTML parser (parse5): a field is the
 * element its mark names. Rich text is taken as the page's own characters between the element's start
 * and end tags, so the importer's sanitiser sees exactly what the export's wrote (a parser's
 * serialisation could differ); the planner sanitises it as it does every description. The tree is walked
 * without recursion, as a hostile page may nest elements deeply. Of the includes and
 * sections, the first CONTENT_LIST_ENTRIES_MAX are taken, as many as an item's editor saves.
 */
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { CONTENT_LIST_ENTRIES_MAX } from '@portal/shared/schemas/courseware-limits';
import { IMPORT_PAGE_SCAN_MAX_BYTES } from '@portal/shared/schemas/imports-limits';
import { PAGE_FIELD_ATTRIBUTE, PAGE_FIELDS } from '../../lib/cartridge-portal-fields.js';
import { readStaged } from './cartridge-xml.js';
import type { StagedPackage } from './package.js';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** What an item's generated page says of it. */
export interface PageFields {
  /** The description's HTML; undefined when the page shows none. */
  descriptionHtml?: string;
  includes: string[];
  sections: { name: string; descriptionHtml: string }[];
}

const isElement = (node: Node): node is Element => 'tagName' in node;
const isText = (node: Node): node is DefaultTreeAdapterMap['textNode'] => node.nodeName === '#text';

/** The nodes under `root` (itself included), in document order; without recursion. */
function nodesOf(root: Node): Node[] {
  const found: Node[] = [];
  const stack: Node[] = [root];
  for (let node = stack.pop(); node; node = stack.pop()) {
    found.push(node);
    const children = [
      ...('childNodes' in node ? node.childNodes : []),
      ...('content' in node && node.content ? [node.content] : []),
    ];
    for (let at = children.length - 1; at >= 0; at -= 1) stack.push(children[at]!);
  }
  return found;
}

/** The value of an element's field mark. */
const fieldOf = (element: Element) => element.attrs.find((a) => a.name === PAGE_FIELD_ATTRIBUTE)?.value;

/** The text of an element and its descendants, as written (entities decoded). */
const textOf = (element: Element): string =>
  nodesOf(element)
    .filter(isText)
    .map((n) => n.value)
    .join('');

/**
 * The HTML inside an element: the page's characters after its start tag, up to its end tag (or, when the
 * page leaves it unclosed, up to where its content ends).
 */
function innerHtml(source: string, element: Element): string {
  const at = element.sourceCodeLocation;
  if (!at?.startTag) return '';
  return source.slice(at.startTag.endOffset, at.endTag?.startOffset ?? at.endOffset);
}

/**
 * The marked sections of a page, from its elements in document order, in one pass (a hostile page may
 * nest sections): each takes the first `h2` and the first description element of its own (innermost)
 * section; beyond CONTENT_LIST_ENTRIES_MAX sections, none is taken.
 */
function sectionsOf(source: string, elements: readonly Element[]): PageFields['sections'] {
  const sections: { name?: string; descriptionHtml?: string }[] = [];
  const open: { end: number; section?: (typeof sections)[number] }[] = [];
  for (const element of elements) {
    const at = element.sourceCodeLocation;
    if (!at) continue;
    while (open.length > 0 && open.at(-1)!.end <= at.startOffset) open.pop();
    const field = fieldOf(element);
    if (field === PAGE_FIELDS.section) {
      const section = sections.length < CONTENT_LIST_ENTRIES_MAX ? {} : undefined;
      if (section) sections.push(section);
      open.push({ end: at.endOffset, section });
      continue;
    }
    const section = open.at(-1)?.section;
    if (section && element.tagName === 'h2') section.name ??= textOf(element);
    else if (section && field === PAGE_FIELDS.sectionDescription)
      section.descriptionHtml ??= innerHtml(source, element);
  }
  return sections.map((s) => ({ name: s.name ?? '', descriptionHtml: s.descriptionHtml ?? '' }));
}

/**
 * The fields a page's markup holds (see the file comment): the first marked description and list of
 * includes, and the marked sections.
 */
export function pageFieldsOf(source: string): PageFields {
  const fields: PageFields = { includes: [], sections: [] };
  const elements = nodesOf(parse(source, { sourceCodeLocationInfo: true })).filter(isElement);
  const description = elements.find((e) => fieldOf(e) === PAGE_FIELDS.description);
  if (description) fields.descriptionHtml = innerHtml(source, description);
  const includes = elements.find((e) => fieldOf(e) === PAGE_FIELDS.includes);
  fields.includes = (includes?.childNodes ?? [])
    .filter(isElement)
    .filter((e) => e.tagName === 'li')
    .slice(0, CONTENT_LIST_ENTRIES_MAX)
    .map(textOf);
  fields.sections = sectionsOf(source, elements);
  return fields;
}

/**
 * Reads the fields of an item's generated page at `pagePath` of the staged package.
 * @returns undefined when the page is not in the package or larger than IMPORT_PAGE_SCAN_MAX_BYTES
 * @throws PackageRefused when the path leaves the package (readStaged)
 */
export async function readPageFields(
  staged: StagedPackage,
  pagePath: string,
): Promise<PageFields | undefined> {
  if (!staged.files.some((f) => f.path === pagePath)) return undefined;
  const bytes = await readStaged(staged, pagePath, IMPORT_PAGE_SCAN_MAX_BYTES);
  return bytes && pageFieldsOf(bytes.toString('utf8'));
}
