/**
 * The catalogue's generator: word lists, paragraph pools from the real base documents, and the
 * courses > modules > items tree, depth first, every choice from one seeded generator (catalogue.ts
 * inserts what it yields).
 */
import {
  CONTENT_TAGS,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  type ContentCategory,
  type ContentStatus,
} from '@portal/shared/enums';
import type { content } from '../../apps/server/src/db/schema/courseware.js';
import { childAlias, hyphenate } from '@portal/shared/schemas/courseware';
import {
  ARCHIVED_SHARE,
  COURSE_COUNT,
  CURATED_MAX_AGE_DAYS,
  DESCRIPTION_MAX_CHARS,
  DESCRIPTION_MIN_CHARS,
  DOCUMENT_MAX_CHARS,
  DOCUMENT_MIN_CHARS,
  DOCUMENT_SHARE,
  DOCUMENT_TERM_SENTENCE,
  FREQUENT_TERM,
  FREQUENT_TERM_SHARE,
  ITEMS_PER_MODULE,
  MODULES_PER_COURSE,
  RARE_TERM,
  RARE_TERM_SENTENCE,
  RECENTLY_CURATED_SHARE,
  UNLISTED_SHARE,
  UNPUBLISHED_SHARE,
} from './config.js';
import type { BaseDocument } from './corpus.js';
import type { Random } from './prng.js';

export type ContentInsert = typeof content.$inferInsert;

const COURSE_EDITIONS = [
  'Foundations',
  'Applied',
  'Advanced Topics',
  'Practitioner Track',
  'Summer School',
  'Bootcamp',
  'Capstone',
  'Hands-on Series',
  'Seminar',
  'Workshop',
  'Intensive',
  'Certificate Track',
] as const;
const MODULE_FOCUS = [
  'Concepts',
  'Tools and Techniques',
  'Attacks and Defences',
  'Case Studies',
  'Practice',
  'Assessment',
  'Deep Dive',
  'Review',
] as const;
const LEAF_PREFIXES = [
  'Guided',
  'Independent',
  'Team',
  'Timed',
  'Graded',
  'Optional',
  'Starter',
  'Extended',
  'Quick',
  'Capstone',
] as const;
/** Leaf category sets with their weights, and the words a leaf of each set is named with. */
const LEAF_KINDS: readonly {
  categories: ContentCategory[];
  weight: number;
  words: readonly string[];
}[] = [
  { categories: ['exercise'], weight: 4, words: ['Exercise', 'Lab', 'Challenge', 'Drill'] },
  { categories: ['lesson'], weight: 3, words: ['Lesson', 'Reading', 'Lecture Notes', 'Walkthrough'] },
  { categories: ['exercise', 'lesson'], weight: 2, words: ['Lab Lesson', 'Worked Example'] },
  { categories: ['environment'], weight: 1, words: ['Environment', 'Sandbox', 'Range Setup'] },
];
const LEAF_KIND_WEIGHT = LEAF_KINDS.reduce((sum, k) => sum + k.weight, 0);
export const FIRST_NAMES = [
  'Ada',
  'Alan',
  'Grace',
  'Radia',
  'Whitfield',
  'Dorothy',
  'Bruce',
  'Hedy',
  'Ron',
  'Shafi',
];
export const LAST_NAMES = [
  'Lovelace',
  'Turing',
  'Hopper',
  'Perlman',
  'Diffie',
  'Denning',
  'Schneier',
  'Lamarr',
  'Rivest',
  'Goldwasser',
  'Anderson',
  'Kocher',
  'Bellovin',
  'Spafford',
  'Saltzer',
  'Schroeder',
  'Lampson',
  'Neumann',
  'Landwehr',
  'Bishop',
];
export const SCHOOLS = [
  'State University',
  'Community College',
  'Institute of Technology',
  'Polytechnic',
] as const;
/** Most tags, keywords, education or experience levels given to one item. */
const MAX_TAGS = 2;
const MAX_KEYWORDS = 3;
const MAX_LEVELS = 2;
/** Most knowledge units a module links, and contributors a course credits. */
export const MAX_MODULE_KNOWLEDGE = 2;
export const MAX_COURSE_CONTRIBUTORS = 2;
/** Days within which content counts as new or updated (UPDATED_CONTENT_CUTOFF_DAYS, kept inside it). */
const RECENT_DAYS = 80;
/** Share of items with no last-curated date at all. */
const UNCURATED_SHARE = 0.25;
const MS_PER_DAY = 86_400_000;
/** Progress is logged every this many rows. */
export const PROGRESS_EVERY_ROWS = 20_000;

const FREQUENT = new RegExp(FREQUENT_TERM, 'i');

/** Paragraph pools split by whether they carry FREQUENT_TERM. */
export interface Pools {
  docs: readonly BaseDocument[];
  /** Documents whose title and keywords lack FREQUENT_TERM. */
  plainDocs: readonly BaseDocument[];
  plainOf: Map<BaseDocument, string[]>;
  frequentOf: Map<BaseDocument, string[]>;
  allPlain: string[];
  allFrequent: string[];
}

export function poolsOf(docs: readonly BaseDocument[]): Pools {
  const plainOf = new Map<BaseDocument, string[]>();
  const frequentOf = new Map<BaseDocument, string[]>();
  for (const d of docs) {
    plainOf.set(
      d,
      d.paragraphs.filter((p) => !FREQUENT.test(p)),
    );
    frequentOf.set(
      d,
      d.paragraphs.filter((p) => FREQUENT.test(p)),
    );
  }
  const plainDocs = docs.filter((d) => !FREQUENT.test(`${d.title} ${d.keywords.join(' ')}`));
  const allPlain = docs.flatMap((d) => plainOf.get(d) ?? []);
  const allFrequent = docs.flatMap((d) => frequentOf.get(d) ?? []);
  if (plainDocs.length === 0 || allPlain.length === 0 || allFrequent.length === 0)
    throw new Error(`The corpus must have texts with and without "${FREQUENT_TERM}"`);
  if (docs.some((d) => d.paragraphs.some((p) => p.toLowerCase().includes(RARE_TERM))))
    throw new Error(`The rare term "${RARE_TERM}" occurs in the corpus; choose another`);
  return { docs, plainDocs, plainOf, frequentOf, allPlain, allFrequent };
}

/** Real prose of DESCRIPTION_MIN_CHARS–DESCRIPTION_MAX_CHARS, with or without FREQUENT_TERM. */
function descriptionParagraphs(
  random: Random,
  pools: Pools,
  doc: BaseDocument,
  withFrequent: boolean,
): string[] {
  const own = withFrequent ? doc.paragraphs : (pools.plainOf.get(doc) ?? []);
  const source = own.length > 0 ? own : pools.allPlain;
  const wanted = random.int(DESCRIPTION_MIN_CHARS, DESCRIPTION_MAX_CHARS);
  const chosen: string[] = [];
  let length = 0;
  if (withFrequent) {
    const frequent = pools.frequentOf.get(doc) ?? [];
    const first = random.pick(frequent.length > 0 ? frequent : pools.allFrequent);
    chosen.push(first);
    length += first.length;
  }
  let at = random.int(0, source.length - 1);
  // Bounded: at most one pass over the document's paragraphs.
  for (let taken = 0; length < wanted && taken < source.length; taken++, at = (at + 1) % source.length) {
    const paragraph = source[at] ?? '';
    if (chosen.includes(paragraph)) continue;
    chosen.push(paragraph);
    length += paragraph.length + 1;
  }
  // Top up short documents from the shared pool, then cut what runs over at a sentence end.
  while (length < DESCRIPTION_MIN_CHARS) {
    const extra = random.pick(pools.allPlain);
    chosen.push(extra);
    length += extra.length + 1;
  }
  const text = chosen.join('\n');
  if (text.length <= DESCRIPTION_MAX_CHARS) return chosen;
  const head = text.slice(0, DESCRIPTION_MAX_CHARS);
  const end = Math.max(head.lastIndexOf('. '), DESCRIPTION_MIN_CHARS);
  return head.slice(0, end + 1).split('\n');
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A date `days` before now as YYYY-MM-DD. */
const daysAgo = (days: number) => new Date(Date.now() - days * MS_PER_DAY).toISOString().slice(0, 10);

function statusOf(random: Random): ContentStatus {
  const r = random.next();
  if (r < ARCHIVED_SHARE) return 'archived';
  if (r < ARCHIVED_SHARE + UNPUBLISHED_SHARE) return 'unpublished';
  if (r < ARCHIVED_SHARE + UNPUBLISHED_SHARE + UNLISTED_SHARE) return 'unlisted';
  return 'published';
}

function leafKind(random: Random): (typeof LEAF_KINDS)[number] {
  let r = random.next() * LEAF_KIND_WEIGHT;
  for (const kind of LEAF_KINDS) {
    r -= kind.weight;
    if (r < 0) return kind;
  }
  return LEAF_KINDS[0] as (typeof LEAF_KINDS)[number];
}

/** One generated row and where it sits. */
export interface Generated {
  row: ContentInsert & { id: string; urlAlias: string; status: ContentStatus };
  level: 'course' | 'module' | 'leaf';
  hasFrequent: boolean;
  hasRare: boolean;
  /** The text of the item's one file, when it has one. */
  document?: string;
}

/** A handout's first pages: real prose without FREQUENT_TERM, DOCUMENT_MIN_CHARS–DOCUMENT_MAX_CHARS. */
function documentText(random: Random, pools: Pools, withTerm: boolean): string {
  const wanted = random.int(DOCUMENT_MIN_CHARS, DOCUMENT_MAX_CHARS);
  const chosen: string[] = withTerm ? [DOCUMENT_TERM_SENTENCE] : [];
  let length = 0;
  let at = random.int(0, pools.allPlain.length - 1);
  while (length < wanted) {
    const paragraph = pools.allPlain[at] ?? '';
    chosen.push(paragraph);
    length += paragraph.length + 1;
    at = (at + 1) % pools.allPlain.length;
  }
  return chosen.join('\n').slice(0, DOCUMENT_MAX_CHARS);
}

/**
 * The catalogue, depth first (a parent before its children), one row at a time so that the
 * descriptions are never all in memory. Every choice comes from the one seeded generator, in order.
 */
export function* generateCatalogue(
  random: Random,
  pools: Pools,
  rareLeaves: ReadonlySet<number>,
  documentTermLeaves: ReadonlySet<number>,
): Generator<Generated> {
  let leafOrdinal = 0;
  const make = (args: {
    level: Generated['level'];
    name: (doc: BaseDocument, random: Random) => string;
    alias: (name: string) => string;
    categories: ContentCategory[];
    tags: string[];
    parent?: { id: string; rootId: string };
    index: number;
    isRare?: boolean;
    isDocumentTerm?: boolean;
  }): Generated => {
    const hasFrequent = random.chance(FREQUENT_TERM_SHARE);
    const doc = random.pick(hasFrequent ? pools.docs : pools.plainDocs);
    const name = args.name(doc, random);
    const paragraphs = descriptionParagraphs(random, pools, doc, hasFrequent);
    if (args.isRare) paragraphs.push(RARE_TERM_SENTENCE);
    const id = random.uuid();
    const curated = random.next();
    const hasDocument =
      args.isDocumentTerm === true || (args.level === 'leaf' && random.chance(DOCUMENT_SHARE));
    const document = hasDocument ? documentText(random, pools, args.isDocumentTerm === true) : undefined;
    return {
      level: args.level,
      hasFrequent: hasFrequent || FREQUENT.test(name),
      hasRare: args.isRare === true,
      document,
      row: {
        id,
        name,
        urlAlias: args.alias(name),
        status: args.isRare || args.isDocumentTerm ? 'published' : statusOf(random),
        description: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
        descriptionText: paragraphs.join(' '),
        categories: args.categories,
        tags: args.tags,
        keywords: random.sample(doc.keywords, random.int(0, MAX_KEYWORDS)),
        educationLevels: random.sample(EDUCATION_LEVELS, random.int(1, MAX_LEVELS)),
        experienceLevels: random.sample(EXPERIENCE_LEVELS, random.int(1, MAX_LEVELS)),
        parentId: args.parent?.id ?? null,
        rootId: args.parent?.rootId ?? id,
        index: args.index,
        lastCuratedCourseware:
          curated < RECENTLY_CURATED_SHARE
            ? daysAgo(random.int(0, RECENT_DAYS))
            : curated < 1 - UNCURATED_SHARE
              ? daysAgo(random.int(RECENT_DAYS + 1, CURATED_MAX_AGE_DAYS))
              : null,
        sourceName: doc.source.name,
        sourceUrl: doc.source.url,
        licenseName: doc.source.license,
      },
    };
  };

  for (let c = 0; c < COURSE_COUNT; c++) {
    const course = make({
      level: 'course',
      name: (doc, r) => `${doc.title}: ${r.pick(COURSE_EDITIONS)} ${c + 1}`,
      alias: hyphenate,
      categories: ['course'],
      tags: [],
      index: c,
    });
    yield course;
    const root = { id: course.row.id, rootId: course.row.id };
    for (let m = 0; m < MODULES_PER_COURSE; m++) {
      const module = make({
        level: 'module',
        name: (doc, r) => `Module ${m + 1}: ${doc.title} (${r.pick(MODULE_FOCUS)})`,
        alias: (name) => childAlias(course.row.urlAlias, name),
        categories: ['module'],
        tags: [],
        parent: root,
        index: m,
      });
      yield module;
      for (let i = 0; i < ITEMS_PER_MODULE; i++) {
        const kind = leafKind(random);
        const tags = random.sample(CONTENT_TAGS, random.int(0, MAX_TAGS));
        yield make({
          level: 'leaf',
          name: (doc, r) => `${r.pick(LEAF_PREFIXES)} ${doc.title} ${r.pick(kind.words)} ${i + 1}`,
          alias: (name) => childAlias(module.row.urlAlias, name),
          categories: kind.categories,
          tags,
          parent: { id: module.row.id, rootId: course.row.id },
          index: i,
          isRare: rareLeaves.has(leafOrdinal),
          isDocumentTerm: documentTermLeaves.has(leafOrdinal++),
        });
      }
    }
  }
}
