/**
 * What of an item the portal's Common Cartridge carries beyond IMS's own words (issue 38 "Round trip as
 * the proof"), beside `cartridge-vocabulary.ts`: the export (`modules/files/cartridge-*`) writes these and
 * the importer (`modules/imports/cartridge-*`) reads them back.
 * - The item's page, which the export generates and marks (GENERATED_FILE_KINDS.page), holds the
 *   description as HTML, the includes and the sections, each element marked by PAGE_FIELD_ATTRIBUTE: LOM
 *   has no place for sections or includes, and its description is text for LMSs. The importer reads
 *   them with an HTML parser from a page so marked, never from another page.
 * - Contributors are LOM `lifeCycle/contribute` entries of role CONTRIBUTOR_ROLE, each entity a vCard
 *   (RFC 2426, as LOM asks) with FN, N, ORG (school) and TITLE; the source's credited author is an entry
 *   of role SOURCE_AUTHOR_ROLE, its vCard's FN the credit as the source words it.
 * - A CyBOK alignment's topics are classifications described by CYBOK_TOPICS (one per topic): its taxon
 *   the knowledge area's id with the topic as entry, the topic's keywords as the classification's
 *   keywords (CC 1.1's LOM allows one taxon per path, so a topic cannot be a second step of the area's).
 */

/** The attribute that marks a field of an item's generated page. */
export const PAGE_FIELD_ATTRIBUTE = 'data-courseware-field';
/** The values of PAGE_FIELD_ATTRIBUTE: which field an element of the page holds. */
export const PAGE_FIELDS = {
  /** The element holding the description HTML. */
  description: 'description',
  /** The list whose items are the includes. */
  includes: 'includes',
  /** One section: its first `h2` the name, its `sectionDescription` element the description HTML. */
  section: 'section',
  sectionDescription: 'section-description',
} as const;

/** The LOM role (LOMv1.0 vocabulary) of an item's contributors. */
export const CONTRIBUTOR_ROLE = 'author';
/** The LOM role of the author its source credits (a credit line, not necessarily a person). */
export const SOURCE_AUTHOR_ROLE = 'content provider';

/** Purpose and description of the classification of one CyBOK topic of an alignment. */
export const CYBOK_TOPICS = { purpose: 'idea', description: 'Courseware portal: CyBOK topics' } as const;

/** The parts of a vCard's N, in its order. */
const NAME_PARTS = ['familyName', 'givenName', 'additionalNames', 'prefix', 'suffix'] as const;

/** A person as a vCard names them. */
export type VcardPerson = {
  /** The name as a person reads it (FN). */
  fullName: string;
  /** ORG: for a contributor, their school. */
  organization?: string;
  title?: string;
} & Partial<Record<(typeof NAME_PARTS)[number], string>>;

const VCARD_BEGIN = 'BEGIN:VCARD';
const VCARD_END = 'END:VCARD';
const VCARD_VERSION = 'VERSION:3.0';
/** What a vCard's text values escape (RFC 2426 §4: backslash first). */
const VCARD_ESCAPES: [string, string][] = [
  ['\\', '\\\\'],
  [',', '\\,'],
  [';', '\\;'],
  ['\n', '\\n'],
];
/** The character each escape stands for. */
const VCARD_UNESCAPES = new Map([
  ['\\', '\\'],
  [',', ','],
  [';', ';'],
  ['n', '\n'],
  ['N', '\n'],
]);

const escapeValue = (text: string) =>
  VCARD_ESCAPES.reduce((value, [from, to]) => value.replaceAll(from, to), text.replaceAll('\r', ''));

/**
 * A vCard 3.0 of a person, lines separated by LF (XML would turn a CR into a LF anyway): FN, N, and
 * ORG and TITLE when given.
 */
export function vcardOf(person: VcardPerson): string {
  return [
    VCARD_BEGIN,
    VCARD_VERSION,
    `FN:${escapeValue(person.fullName)}`,
    `N:${NAME_PARTS.map((part) => escapeValue(person[part] ?? '')).join(';')}`,
    ...(person.organization ? [`ORG:${escapeValue(person.organization)}`] : []),
    ...(person.title ? [`TITLE:${escapeValue(person.title)}`] : []),
    VCARD_END,
  ].join('\n');
}

/**
 * A value split at its unescaped `separator` (none: not split), each part unescaped, or kept as written
 * with `raw` (to split it again).
 */
function splitValue(value: string, separator?: string, raw = false): string[] {
  const parts = [''];
  for (let at = 0; at < value.length; at += 1) {
    const char = value[at]!;
    if (char === '\\' && at + 1 < value.length) {
      const next = value[at + 1]!;
      parts[parts.length - 1] += raw ? `${char}${next}` : (VCARD_UNESCAPES.get(next) ?? next);
      at += 1;
    } else if (char === separator) parts.push('');
    else parts[parts.length - 1] += char;
  }
  return parts;
}

/** A text value unescaped and trimmed. */
const textValue = (value: string | undefined) => splitValue(value ?? '')[0]!.trim();

/** The values of one part of N (several values of a part are separated by commas), joined by spaces. */
const namePart = (component: string | undefined) =>
  splitValue(component ?? '', ',')
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');

/** The unfolded lines of a vCard (a line break followed by a space or tab continues the line). */
function unfoldedLines(text: string): string[] {
  return text
    .replaceAll('\r\n', '\n')
    .replaceAll('\r', '\n')
    .replaceAll('\n ', '')
    .replaceAll('\n\t', '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Whether a text is a vCard (it begins with BEGIN:VCARD), whether or not it names anyone. */
export const isVcard = (text: string) => unfoldedLines(text)[0]?.toUpperCase() === VCARD_BEGIN;

/**
 * Reads a vCard (2.1, 3.0 or 4.0; property groups and parameters ignored, the first of a property
 * taken).
 * @returns the person, or undefined when the text is not a vCard or names no one (no FN and no N)
 */
export function readVcard(text: string): VcardPerson | undefined {
  const lines = unfoldedLines(text);
  if (lines[0]?.toUpperCase() !== VCARD_BEGIN) return undefined;
  const values = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const property = line.slice(0, colon).split(';')[0]!.split('.').at(-1)!.toUpperCase();
    if (!values.has(property)) values.set(property, line.slice(colon + 1));
  }
  const n = splitValue(values.get('N') ?? '', ';', true);
  const person: VcardPerson = { fullName: textValue(values.get('FN')) };
  NAME_PARTS.forEach((part, at) => {
    const value = namePart(n[at]);
    if (value) person[part] = value;
  });
  person.fullName ||= [person.givenName, person.additionalNames, person.familyName].filter(Boolean).join(' ');
  if (!person.fullName) return undefined;
  const organization = splitValue(values.get('ORG') ?? '', ';')[0]!.trim();
  if (organization) person.organization = organization;
  const title = textValue(values.get('TITLE'));
  if (title) person.title = title;
  return person;
}
