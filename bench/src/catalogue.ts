/**
 * Generates the 100,000-item catalogue from the real base documents and inserts it in bulk.
 * Courses > modules > items, names varied from the real titles, descriptions of 300–1500 characters of
 * real prose, enums spread deterministically; one term (FREQUENT_TERM) in about a quarter of the items
 * and one (RARE_TERM) in a handful. The migration's trigger fills search_vector and facet_bits.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import {
  CONTENT_TAGS,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  type ContentCategory,
  type ContentStatus,
} from '@portal/shared/enums';
import type { Db } from '../../apps/server/src/db/client.js';
import { rows } from '../../apps/server/src/db/rows.js';
import {
  content,
  contentContributor,
  contentKnowledge,
  contributor,
  knowledgeItem,
} from '../../apps/server/src/db/schema/courseware.js';
import { childAlias, hyphenate } from '@portal/shared/schemas/courseware';
import { file, fileText } from '../../apps/server/src/db/schema/files.js';
import { refreshSearchIndex } from '../../apps/server/src/modules/courseware/courseware.service.js';
import {
  ARCHIVED_SHARE,
  CATALOGUE_SEED,
  CATALOGUE_SIZE,
  CATALOGUE_VERSION,
  CONTRIBUTOR_COUNT,
  COURSE_COUNT,
  CURATED_MAX_AGE_DAYS,
  DESCRIPTION_MAX_CHARS,
  DESCRIPTION_MIN_CHARS,
  DETAIL_SAMPLE_SIZE,
  DOCUMENT_MAX_CHARS,
  DOCUMENT_MIN_CHARS,
  DOCUMENT_SHARE,
  DOCUMENT_TERM,
  DOCUMENT_TERM_ITEMS,
  DOCUMENT_TERM_SENTENCE,
  FREQUENT_TERM,
  FREQUENT_TERM_SHARE,
  INSERT_CHUNK_ROWS,
  ITEMS_PER_MODULE,
  KNOWLEDGE_UNITS_FILE,
  LEAF_KNOWLEDGE_SHARE,
  MODULES_PER_COURSE,
  RARE_TERM,
  RARE_TERM_ITEMS,
  RARE_TERM_SENTENCE,
  RECENTLY_CURATED_SHARE,
  UNLISTED_SHARE,
  UNPUBLISHED_SHARE,
} from './config.js';
import type { BaseDocument } from './corpus.js';
import { createRandom, type Random } from './prng.js';

/** What a build leaves behind for the measurement (kept beside the PGlite cache). */
export interface CatalogueManifest {
  version: number;
  items: number;
  buildMs: number;
  baseDocuments: number;
  baseParagraphs: number;
  /** Items the generator gave FREQUENT_TERM / RARE_TERM, and items the text index finds for each. */
  frequentTermItems: number;
  rareTermItems: number;
  indexedFrequentTermItems: number;
  indexedRareTermItems: number;
  /** Items with a document, and listed items the text index finds for DOCUMENT_TERM. */
  documentItems: number;
  indexedDocumentTermItems: number;
  /** Bytes on disk after the build: the tables content and file_text, and each of their indexes. */
  relationSizes: Record<string, number>;
  statusCounts: Record<ContentStatus, number>;
  /** URL aliases of published modules and items, for the detail class. */
  detailAliases: string[];
}

type ContentInsert = typeof content.$inferInsert;

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
const LEAF_KINDS: readonly { categories: ContentCategory[]; weight: number; words: readonly string[] }[] = [
  { categories: ['exercise'], weight: 4, words: ['Exercise', 'Lab', 'Challenge', 'Drill'] },
  { categories: ['lesson'], weight: 3, words: ['Lesson', 'Reading', 'Lecture Notes', 'Walkthrough'] },
  { categories: ['exercise', 'lesson'], weight: 2, words: ['Lab Lesson', 'Worked Example'] },
  { categories: ['environment'], weight: 1, words: ['Environment', 'Sandbox', 'Range Setup'] },
];
const LEAF_KIND_WEIGHT = LEAF_KINDS.reduce((sum, k) => sum + k.weight, 0);
const FIRST_NAMES = [
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
const LAST_NAMES = [
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
const SCHOOLS = ['State University', 'Community College', 'Institute of Technology', 'Polytechnic'] as const;
/** Most tags, keywords, education or experience levels given to one item. */
const MAX_TAGS = 2;
const MAX_KEYWORDS = 3;
const MAX_LEVELS = 2;
/** Most knowledge units a module links, and contributors a course credits. */
const MAX_MODULE_KNOWLEDGE = 2;
const MAX_COURSE_CONTRIBUTORS = 2;
/** Days within which content counts as new or updated (UPDATED_CONTENT_CUTOFF_DAYS, kept inside it). */
const RECENT_DAYS = 80;
/** Share of items with no last-curated date at all. */
const UNCURATED_SHARE = 0.25;
const MS_PER_DAY = 86_400_000;
/** Progress is logged every this many rows. */
const PROGRESS_EVERY_ROWS = 20_000;

const FREQUENT = new RegExp(FREQUENT_TERM, 'i');

/** Paragraph pools split by whether they carry FREQUENT_TERM. */
interface Pools {
  docs: readonly BaseDocument[];
  /** Documents whose title and keywords lack FREQUENT_TERM. */
  plainDocs: readonly BaseDocument[];
  plainOf: Map<BaseDocument, string[]>;
  frequentOf: Map<BaseDocument, string[]>;
  allPlain: string[];
  allFrequent: string[];
}

function poolsOf(docs: readonly BaseDocument[]): Pools {
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
interface Generated {
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
function* generateCatalogue(
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

/** The CAE knowledge units as knowledge items (`ku-<code>`). */
function knowledgeUnits(): { id: string; code: string; name: string; type: 'KU' }[] {
  if (!fs.existsSync(KNOWLEDGE_UNITS_FILE)) return [];
  return fs
    .readFileSync(KNOWLEDGE_UNITS_FILE, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split(','))
    .filter((cols): cols is [string, string, ...string[]] => Boolean(cols[0] && cols[1]))
    .map(([code, name]) => ({
      id: `ku-${code.trim()}`,
      code: code.trim(),
      name: name.trim(),
      type: 'KU' as const,
    }));
}

/** Inserts rows in multi-row statements of INSERT_CHUNK_ROWS. */
async function insertChunks<T>(rowsToInsert: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < rowsToInsert.length; at += INSERT_CHUNK_ROWS) {
    await insert(rowsToInsert.slice(at, at + INSERT_CHUNK_ROWS));
  }
}

/**
 * Builds the catalogue into an empty, migrated database: content in one transaction, then the search
 * vocabulary (refreshSearchLexicon) and VACUUM ANALYZE, as the demo seed ends.
 * @param log progress lines
 * @param signal stops the build between two statements (the transaction is rolled back)
 * @returns the manifest, with the build time in ms and what the text index finds for the test terms
 */
export async function buildCatalogue(
  db: Db,
  docs: readonly BaseDocument[],
  log: (line: string) => void,
  signal: AbortSignal,
): Promise<CatalogueManifest> {
  const started = performance.now();
  const pools = poolsOf(docs);
  const structure = createRandom(CATALOGUE_SEED);
  const leafCount = COURSE_COUNT * MODULES_PER_COURSE * ITEMS_PER_MODULE;
  const rareLeaves = new Set<number>();
  while (rareLeaves.size < RARE_TERM_ITEMS) rareLeaves.add(structure.int(0, leafCount - 1));
  const documentTermLeaves = new Set<number>();
  while (documentTermLeaves.size < DOCUMENT_TERM_ITEMS) {
    const leaf = structure.int(0, leafCount - 1);
    if (!rareLeaves.has(leaf)) documentTermLeaves.add(leaf);
  }

  const units = knowledgeUnits();
  const people = Array.from({ length: CONTRIBUTOR_COUNT }, (_, i) => ({
    id: structure.uuid(),
    firstName: FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Ada',
    lastName: LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length] ?? 'Lovelace',
    title: 'Lecturer',
    school: structure.pick(SCHOOLS),
    email: `contributor${i}@example.edu`,
  }));
  const knowledgeLinks: (typeof contentKnowledge.$inferInsert)[] = [];
  const contributorLinks: (typeof contentContributor.$inferInsert)[] = [];
  const statusCounts: Record<ContentStatus, number> = {
    published: 0,
    unlisted: 0,
    unpublished: 0,
    archived: 0,
  };
  const detailCandidates: string[] = [];
  // Items a visitor may open: open status, and every ancestor open (parents come before children).
  const openIds = new Set<string>();
  let frequentTermItems = 0;
  let rareTermItems = 0;
  let documentItems = 0;
  let count = 0;

  await db.transaction(async (tx) => {
    if (units.length > 0) await tx.insert(knowledgeItem).values(units).onConflictDoNothing();
    await tx.insert(contributor).values(people);
    // Each document is written with its item's vector at once; the trigger that would recompute it
    // per file (migration 0008) is off for the bulk load.
    await tx.execute(sql`ALTER TABLE file_text DISABLE TRIGGER file_text_document_trigger`);
    let chunk: ContentInsert[] = [];
    let documents: { contentId: string; text: string }[] = [];
    const flush = async () => {
      await tx.insert(content).values(chunk);
      if (documents.length > 0) {
        const files = documents.map((d) => ({
          id: structure.uuid(),
          name: 'Lab handout',
          filename: 'handout.txt',
          mimeType: 'text/plain',
          size: Buffer.byteLength(d.text),
          storageKey: `bench/${d.contentId}`,
          metadataType: 'content',
          metadataId: d.contentId,
          status: 'ready',
        }));
        await tx.insert(file).values(files);
        await tx.insert(fileText).values(
          documents.map((d, i) => ({
            fileId: files[i]!.id,
            contentId: d.contentId,
            text: d.text,
            textVector: sql`to_tsvector('english', ${d.text})`,
          })),
        );
      }
      chunk = [];
      documents = [];
    };
    for (const item of generateCatalogue(structure, pools, rareLeaves, documentTermLeaves)) {
      if (item.document !== undefined) {
        documentItems++;
        documents.push({ contentId: item.row.id, text: item.document });
        item.row.documentVector =
          sql`setweight(to_tsvector('english', ${item.document}), 'D')` as unknown as string;
      }
      chunk.push(item.row);
      count++;
      statusCounts[item.row.status]++;
      if (item.hasFrequent) frequentTermItems++;
      if (item.hasRare) rareTermItems++;
      const parentId = item.row.parentId ?? null;
      if (
        (item.row.status === 'published' || item.row.status === 'unlisted') &&
        (parentId === null || openIds.has(parentId))
      )
        openIds.add(item.row.id);
      if (item.level !== 'course' && item.row.status === 'published' && openIds.has(item.row.id))
        detailCandidates.push(item.row.urlAlias);
      if (item.level === 'course') {
        for (const [index, person] of structure
          .sample(people, structure.int(1, MAX_COURSE_CONTRIBUTORS))
          .entries())
          contributorLinks.push({ contentId: item.row.id, contributorId: person.id, index });
      } else if (units.length > 0 && (item.level === 'module' || structure.chance(LEAF_KNOWLEDGE_SHARE))) {
        const wanted = item.level === 'module' ? structure.int(1, MAX_MODULE_KNOWLEDGE) : 1;
        for (const [index, unit] of structure.sample(units, wanted).entries())
          knowledgeLinks.push({ contentId: item.row.id, knowledgeId: unit.id, index });
      }
      if (chunk.length === INSERT_CHUNK_ROWS) {
        signal.throwIfAborted();
        await flush();
      }
      if (count % PROGRESS_EVERY_ROWS === 0)
        log(`  ${count.toLocaleString('en')} items (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    if (chunk.length > 0) await flush();
    await tx.execute(sql`ALTER TABLE file_text ENABLE TRIGGER file_text_document_trigger`);
    await insertChunks(knowledgeLinks, (c) => tx.insert(contentKnowledge).values(c));
    await insertChunks(contributorLinks, (c) => tx.insert(contentContributor).values(c));
  });
  log('  search vocabulary, acronyms and VACUUM ANALYZE');
  await refreshSearchIndex(db);
  await db.execute(sql`VACUUM ANALYZE`);
  // What a visitor's search finds: published items under no unpublished or archived ancestor.
  const [indexed] = await rows<{ frequent: number; rare: number; documentTerm: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE search_vector @@ to_tsquery('english', ${`${FREQUENT_TERM}:*`}))::int AS frequent,
               count(*) FILTER (WHERE search_vector @@ to_tsquery('english', ${`${RARE_TERM}:*`}))::int AS rare,
               count(*) FILTER (WHERE search_vector @@ to_tsquery('english', ${DOCUMENT_TERM}))::int AS "documentTerm"
        FROM content WHERE listing_status = 'published'`,
  );
  const sizes = await rows<{ name: string; bytes: number }>(
    db,
    sql`SELECT c.relname AS name, pg_relation_size(c.oid)::float8 AS bytes FROM pg_class c
        WHERE c.relname IN ('content', 'file_text', 'search_lexicon', 'search_acronym')
           OR c.oid IN (SELECT indexrelid FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
                        WHERE t.relname IN ('content', 'file_text'))
        ORDER BY bytes DESC`,
  );
  const buildMs = performance.now() - started;
  if (count !== CATALOGUE_SIZE) throw new Error(`Generated ${count} items, expected ${CATALOGUE_SIZE}`);
  return {
    version: CATALOGUE_VERSION,
    items: count,
    buildMs,
    baseDocuments: docs.length,
    baseParagraphs: docs.reduce((sum, d) => sum + d.paragraphs.length, 0),
    frequentTermItems,
    rareTermItems,
    indexedFrequentTermItems: indexed?.frequent ?? 0,
    indexedRareTermItems: indexed?.rare ?? 0,
    documentItems,
    indexedDocumentTermItems: indexed?.documentTerm ?? 0,
    relationSizes: Object.fromEntries(sizes.map((r) => [r.name, Number(r.bytes)])),
    statusCounts,
    detailAliases: structure.sample(detailCandidates, DETAIL_SAMPLE_SIZE),
  };
}
