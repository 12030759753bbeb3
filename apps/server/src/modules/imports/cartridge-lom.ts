/**
 * The LOM metadata of a Common Cartridge as the importer reads it (issue 38): the manifest's (the
 * course's, when the organization says nothing of it), an item's (the portal's export writes it in the
 * `metadata` of the item's page item; CC 1.2 and 1.3 may hold it in the resource's own `metadata`), and
 * a file's. Every CC LOM profile uses LOM's element names; the caller gives the namespace. The words
 * the portal writes (its classifications, the knowledge frameworks' names, the generated files' mark)
 * are those of `lib/cartridge-vocabulary.ts`; its contributors, its sources' authors and CyBOK topics
 * those of `lib/cartridge-portal-fields.ts`.
 */
import {
  CONTENT_CATEGORIES,
  CONTENT_TAGS,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  type ContentCategory,
  type ContentTag,
  type EducationLevel,
  type ExperienceLevel,
} from '@portal/shared/enums';
import { distinctIgnoringCase } from '@portal/shared/schemas/courseware';
import { CONTENT_LIST_ENTRIES_MAX } from '@portal/shared/schemas/courseware-limits';
import {
  ALIGNMENT_PURPOSE,
  GENERATED_FILE_CATALOG,
  knowledgeIdOf,
  knowledgeTypeOfLabel,
  PORTAL_CLASSIFICATIONS,
} from '../../lib/cartridge-vocabulary.js';
import {
  CONTRIBUTOR_ROLE,
  CYBOK_TOPICS,
  isVcard,
  readVcard,
  SOURCE_AUTHOR_ROLE,
} from '../../lib/cartridge-portal-fields.js';
import type { SourceAlignment, SourceLicense, SourcePerson } from './course-tree.js';
import { childOf, childrenOf, type XmlNode } from './cartridge-xml.js';

/** What a LOM record says that the importer uses. */
export interface LomFields {
  title?: string;
  description?: string;
  keywords: string[];
  /** The licence its `rights` state; undefined without `rights` (an item then takes its parent's). */
  license?: SourceLicense;
  /**
   * The author its source credits: its life cycle's `content provider`s, else (as older exports and
   * other LMSs write them) the authors that are no vCard, joined.
   */
  author?: string;
  /**
   * The people its life cycle names as authors in vCards, in order (000 §3 Contributor): the first
   * CONTENT_LIST_ENTRIES_MAX, as many as an item's editor saves.
   */
  contributors: SourcePerson[];
  /** What it `isbasedon`: an address and its name. */
  source?: { url: string; name?: string };
  categories: ContentCategory[];
  tags: ContentTag[];
  educationLevels: EducationLevel[];
  experienceLevels: ExperienceLevel[];
  alignments: SourceAlignment[];
  /** Descriptions of competency classifications that name no knowledge framework the portal knows. */
  unknownFrameworks: string[];
  /** Its `general/identifier`s. */
  identifiers: { catalog: string; entry: string }[];
  /** Its `technical/format` (a media type). */
  format?: string;
}

const TRAILING = ').,;:>"\'';
const LEADING = '(<"\'';
const SEPARATORS = ' \t\r\n-–—:,;|';

/** `text` without the characters of `chars` at its start and end. */
function trimChars(text: string, chars: string, { start = true, end = true } = {}): string {
  let from = 0;
  let to = text.length;
  while (start && from < to && chars.includes(text[from]!)) from += 1;
  while (end && to > from && chars.includes(text[to - 1]!)) to -= 1;
  return text.slice(from, to);
}

/**
 * A licence from a rights description: its web address, if it names one, and the words around it as
 * the name ("CC BY-SA 4.0 (https://…)" as the portal writes it, "Private (Copyrighted) - http://…" as
 * Canvas does); the whole text as the name otherwise.
 */
export function licenseOf(text: string): SourceLicense {
  const url = text
    .split(/\s/)
    .map((word) => trimChars(trimChars(word, LEADING, { end: false }), TRAILING, { start: false }))
    .find((word) => /^https?:\/\/\S/i.test(word));
  if (!url) return { name: text.trim(), url: '' };
  const at = text.indexOf(url);
  let before = text.slice(0, at).trimEnd();
  let after = text.slice(at + url.length).trimStart();
  if (before.endsWith('(') && after.startsWith(')')) {
    before = before.slice(0, -1);
    after = after.slice(1);
  }
  const name = trimChars(`${before} ${after}`.trim(), SEPARATORS);
  return { name: name || url, url };
}

/** The text of a LangString (its first non-empty `string`), or of a plain element. */
function langText(node: XmlNode | undefined, ns: string): string {
  if (!node) return '';
  const strings = childrenOf(node, ns, 'string');
  if (strings.length === 0) return node.text.trim();
  return strings.map((s) => s.text.trim()).find(Boolean) ?? '';
}

/** The `value` of a vocabulary element. */
const valueOf = (node: XmlNode | undefined, ns: string) => childOf(node, ns, 'value')?.text.trim() ?? '';

/** The values of a list that belong to a closed vocabulary, once each. */
function within<T extends string>(values: readonly string[], allowed: readonly T[]): T[] {
  return [...new Set(values.filter((v): v is T => (allowed as readonly string[]).includes(v)))];
}

/** Reads one LOM record (`lom` element of namespace `ns`); an absent record reads as empty. */
export function readLom(lom: XmlNode | undefined, ns: string): LomFields {
  const fields: LomFields = {
    keywords: [],
    contributors: [],
    categories: [],
    tags: [],
    educationLevels: [],
    experienceLevels: [],
    alignments: [],
    unknownFrameworks: [],
    identifiers: [],
  };
  if (!lom) return fields;
  const general = childOf(lom, ns, 'general');
  fields.title = langText(childOf(general, ns, 'title'), ns) || undefined;
  fields.description = langText(childOf(general, ns, 'description'), ns) || undefined;
  fields.keywords = distinctIgnoringCase(
    childrenOf(general, ns, 'keyword')
      .map((k) => langText(k, ns))
      .filter(Boolean),
  );
  fields.identifiers = childrenOf(general, ns, 'identifier').map((id) => ({
    catalog: childOf(id, ns, 'catalog')?.text.trim() ?? '',
    entry: childOf(id, ns, 'entry')?.text.trim() ?? '',
  }));
  fields.format = childOf(childOf(lom, ns, 'technical'), ns, 'format')?.text.trim() || undefined;

  readLifeCycle(lom, ns, fields);

  const rights = childOf(lom, ns, 'rights');
  if (rights) {
    const text = langText(childOf(rights, ns, 'description'), ns);
    fields.license = text ? licenseOf(text) : { name: '', url: '' };
  }
  for (const relation of childrenOf(lom, ns, 'relation')) {
    if (valueOf(childOf(relation, ns, 'kind'), ns) !== 'isbasedon') continue;
    const resource = childOf(relation, ns, 'resource');
    const url = childOf(childOf(resource, ns, 'identifier'), ns, 'entry')?.text.trim();
    if (!url) continue;
    fields.source = { url, name: langText(childOf(resource, ns, 'description'), ns) || undefined };
    break;
  }
  readClassifications(lom, ns, fields);
  return fields;
}

/** The entities of a record's life cycle entries of `role`, as written. */
const entitiesOf = (lom: XmlNode, ns: string, role: string): string[] =>
  childrenOf(childOf(lom, ns, 'lifeCycle'), ns, 'contribute')
    .filter((c) => valueOf(childOf(c, ns, 'role'), ns) === role)
    .flatMap((c) => childrenOf(c, ns, 'entity').map((e) => e.text.trim()))
    .filter(Boolean);

/** Contributors (authors in vCards) and the source's credited author of a record, into `fields`. */
function readLifeCycle(lom: XmlNode, ns: string, fields: LomFields): void {
  const authors = entitiesOf(lom, ns, CONTRIBUTOR_ROLE).map((text) => ({ text, vcard: readVcard(text) }));
  for (const { vcard } of authors.slice(0, CONTENT_LIST_ENTRIES_MAX)) {
    if (!vcard) continue;
    const name = [vcard.givenName, vcard.additionalNames, vcard.familyName].filter(Boolean).join(' ');
    fields.contributors.push({
      name: vcard.givenName && vcard.familyName ? name : vcard.fullName,
      ...(vcard.organization ? { school: vcard.organization } : {}),
      ...(vcard.title ? { title: vcard.title } : {}),
    });
  }
  const providers = entitiesOf(lom, ns, SOURCE_AUTHOR_ROLE).flatMap((text) => {
    const name = isVcard(text) ? readVcard(text)?.fullName : text;
    return name ? [name] : [];
  });
  const credited =
    providers.length > 0 ? providers : authors.filter((a) => !isVcard(a.text)).map((a) => a.text);
  if (credited.length > 0) fields.author = distinctIgnoringCase(credited).join(', ');
}

/** The portal's vocabularies and the alignments of a record's classifications, into `fields`. */
function readClassifications(lom: XmlNode, ns: string, fields: LomFields): void {
  for (const classification of childrenOf(lom, ns, 'classification')) {
    const purpose = valueOf(childOf(classification, ns, 'purpose'), ns);
    const description = langText(childOf(classification, ns, 'description'), ns);
    const ids = childrenOf(classification, ns, 'taxonPath')
      .flatMap((p) => childrenOf(p, ns, 'taxon'))
      .map((t) => childOf(t, ns, 'id')?.text.trim() ?? '')
      .filter(Boolean);
    const is = (key: keyof typeof PORTAL_CLASSIFICATIONS) =>
      description === PORTAL_CLASSIFICATIONS[key].description;
    if (description === CYBOK_TOPICS.description) readTopic(classification, ns, fields);
    else if (is('categories')) fields.categories.push(...within(ids, CONTENT_CATEGORIES));
    else if (is('tags')) fields.tags.push(...within(ids, CONTENT_TAGS));
    else if (is('educationLevels')) fields.educationLevels.push(...within(ids, EDUCATION_LEVELS));
    else if (is('experienceLevels')) fields.experienceLevels.push(...within(ids, EXPERIENCE_LEVELS));
    else if (purpose === ALIGNMENT_PURPOSE) {
      const type = knowledgeTypeOfLabel(description);
      if (!type) {
        if (ids.length > 0) fields.unknownFrameworks.push(description || '(no description)');
        continue;
      }
      for (const id of ids) {
        const knowledgeId = knowledgeIdOf(type, id);
        if (!fields.alignments.some((a) => a.knowledgeId === knowledgeId))
          fields.alignments.push({ knowledgeId });
      }
    }
  }
}

/**
 * One CyBOK topic of an alignment read before it (its classification's taxon: the knowledge area's id and
 * the topic; its keywords the topic's), into `fields`; a topic of no alignment is left out.
 */
function readTopic(classification: XmlNode, ns: string, fields: LomFields): void {
  const taxon = childOf(childOf(classification, ns, 'taxonPath'), ns, 'taxon');
  const id = childOf(taxon, ns, 'id')?.text.trim() ?? '';
  const alignment = fields.alignments.find((a) => a.knowledgeId === id);
  if (!alignment) return;
  const keywords = childrenOf(classification, ns, 'keyword').map((k) => langText(k, ns));
  (alignment.topics ??= []).push({ topic: langText(childOf(taxon, ns, 'entry'), ns), keywords });
}

/** Whether a file's LOM marks it as generated by the portal's export (an item's page, a rendering). */
export const isGenerated = (fields: LomFields): boolean =>
  fields.identifiers.some((id) => id.catalog === GENERATED_FILE_CATALOG);
