/**
 * Courseware tables (000 §3): content with its sections, its links to knowledge items and
 * contributors, its revisions, and the search's own tables. Children are content rows with parentId
 * and index. The search vector is kept by a trigger (migration 0001) from name (A), keywords and
 * tags (B) and the description's text (C).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { tsvector } from '../columns.js';
import { contributor } from './contributors.js';
// Foreign keys both ways with knowledge.ts (see there): resolved lazily, no code runs at load.
// eslint-disable-next-line import-x/no-cycle
import { knowledgeItem } from './knowledge.js';

export const content = pgTable(
  'content',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    /** The description as plain text, for search and result summaries. */
    descriptionText: text('description_text').notNull().default(''),
    urlAlias: text('url_alias').notNull(),
    status: text('status').notNull().default('unpublished'),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    educationLevels: text('education_levels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    experienceLevels: text('experience_levels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    includes: text('includes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    parentId: uuid('parent_id').references((): AnyPgColumn => content.id, { onDelete: 'cascade' }),
    /** Top-most ancestor (itself for a root), kept for breadcrumbs, download events and statistics. */
    rootId: uuid('root_id'),
    index: integer('index').notNull().default(0),
    lastCuratedCourseware: date('last_curated_courseware', { mode: 'string' }),
    lastCuratedEnvironment: date('last_curated_environment', { mode: 'string' }),
    sourceName: text('source_name'),
    sourceUrl: text('source_url'),
    sourceAuthor: text('source_author'),
    licenseName: text('license_name'),
    licenseUrl: text('license_url'),
    /** Incremented by every save; a stale save is refused (optimistic concurrency). */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    modifiedBy: uuid('modified_by'),
    searchVector: tsvector('search_vector'),
    /**
     * The name's words (to_tsvector('english', name)), kept by the search trigger (migration 0014):
     * name matches are found through its index, and telling whether a row matched by name costs a
     * lookup in this small vector instead of parsing the name again for every candidate.
     */
    nameVector: tsvector('name_vector'),
    /**
     * Words of the item's files (weight D), kept by the trigger of `file_text` (migration 0008) and
     * folded into `search_vector` by its trigger: found last, after name, keywords and description.
     */
    documentVector: tsvector('document_vector'),
    /**
     * The status search and facets go by: the item's own, or `unpublished`/`archived` when an
     * ancestor is (the most hidden wins), kept by the triggers of migration 0008.
     */
    listingStatus: text('listing_status'),
    /** One bit per facet value (FACET_DIMENSIONS order), kept by the trigger of migration 0001. */
    facetBits: integer('facet_bits').notNull().default(0),
  },
  (t) => [
    uniqueIndex('content_url_alias_key').on(t.urlAlias),
    index('content_parent_idx').on(t.parentId, t.index),
    index('content_status_name_idx').on(t.status, t.name, t.id),
    index('content_created_idx').on(t.createdAt, t.id),
    index('content_search_idx').using('gin', t.searchVector),
    // Name matches rank first: found through the name's own index, not by rechecking weights.
    index('content_name_search_idx').using('gin', t.nameVector),
    // Browse order and facet counts by what search lists: index scans in (name, id), index-only counts.
    index('content_listing_name_idx').on(t.listingStatus, t.name, t.id),
    index('content_listing_facets_idx').on(t.listingStatus, t.facetBits),
    index('content_categories_idx').using('gin', t.categories),
    index('content_tags_idx').using('gin', t.tags),
    index('content_education_idx').using('gin', t.educationLevels),
    index('content_experience_idx').using('gin', t.experienceLevels),
    index('content_curated_idx').on(t.lastCuratedCourseware),
  ],
);

/**
 * How many items each (listing status, facet bits) pair holds, kept by statement triggers on
 * `content` (migration 0013): the facet counts of a browse by filters read the pairs that match
 * (35,302 pairs in all at a million items) instead of counting every matching item (160,963 for one
 * education level there).
 */
export const contentFacetCount = pgTable(
  'content_facet_count',
  {
    listingStatus: text('listing_status').notNull(),
    facetBits: integer('facet_bits').notNull(),
    items: integer('items').notNull(),
  },
  (t) => [primaryKey({ columns: [t.listingStatus, t.facetBits] })],
);

export const contentSection = pgTable(
  'content_section',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    index: integer('index').notNull().default(0),
  },
  (t) => [index('content_section_content_idx').on(t.contentId, t.index)],
);

export const contentKnowledge = pgTable(
  'content_knowledge',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    knowledgeId: text('knowledge_id')
      .notNull()
      .references(() => knowledgeItem.id, { onDelete: 'cascade' }),
    index: integer('index').notNull().default(0),
    /** CyBOK alignments only: the knowledge area's topics and keywords the item covers (issue 25). */
    topics: jsonb('topics').$type<{ topic: string; keywords: string[] }[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.knowledgeId] }),
    index('content_knowledge_knowledge_idx').on(t.knowledgeId),
  ],
);

export const contentContributor = pgTable(
  'content_contributor',
  {
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    contributorId: uuid('contributor_id')
      .notNull()
      .references(() => contributor.id, { onDelete: 'cascade' }),
    index: integer('index').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.contentId, t.contributorId] }),
    index('content_contributor_contributor_idx').on(t.contributorId),
  ],
);

/** Words of the catalogue (names and keywords), for trigram correction of misspelt search terms. */
export const searchLexicon = pgTable('search_lexicon', {
  word: text('word').primaryKey(),
});

/**
 * Acronyms learned from the catalogue's own texts ("Cross-Site Scripting (XSS)") when the search
 * index is refreshed; the curated ones live in packages/shared (acronyms.ts). Lower case.
 */
export const searchAcronym = pgTable(
  'search_acronym',
  {
    acronym: text('acronym').notNull(),
    expansion: text('expansion').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.acronym, t.expansion] }),
    index('search_acronym_expansion_idx').on(t.expansion),
  ],
);

/**
 * The search generation: a counter that statement-level triggers (migration 0014) raise whenever
 * something a search reads changes (content, file text, knowledge and contributor links, the
 * vocabulary and acronyms). A cached search is valid only for the generation it was computed in.
 */
export const searchGeneration = pgTable('search_generation', {
  id: integer('id').primaryKey().default(1),
  generation: bigint('generation', { mode: 'number' }).notNull().default(0),
});

/**
 * Searches already worked out, shared by every instance (search-cache.repository.ts): a query's plan
 * (its groups after correction and widening) and the ranked ids of its candidates, for paging. Keyed by
 * a digest of the normalised query, the filters and the caller's visibility class; `value` is JSON.
 * `writeOrder` numbers every write, so the oldest entries beyond the cap go first (migration 0020).
 */
export const searchCache = pgTable(
  'search_cache',
  {
    key: text('key').primaryKey(),
    generation: bigint('generation', { mode: 'number' }).notNull(),
    value: jsonb('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    writeOrder: bigserial('write_order', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('search_cache_created_idx').on(t.createdAt),
    index('search_cache_write_order_idx').on(t.writeOrder),
  ],
);

/**
 * First pages of searches seen lately (issue 33), by the digest of their plan key: a search is kept in
 * `search_cache` only once it is seen again in the same generation, so a one-off query keeps nothing
 * but this row. Capped like the cache, oldest `writeOrder` out first.
 */
export const searchSighting = pgTable(
  'search_sighting',
  {
    key: text('key').primaryKey(),
    generation: bigint('generation', { mode: 'number' }).notNull(),
    /** Sightings in `generation` since `firstSeenAt`. */
    count: integer('count').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    writeOrder: bigserial('write_order', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('search_sighting_first_seen_idx').on(t.firstSeenAt),
    index('search_sighting_write_order_idx').on(t.writeOrder),
  ],
);

/**
 * Every save of a content item keeps the values it replaced (issue 37: the history, its differences and
 * restore). `previous.files` is the file list before the save; `previous.fileContents` the earlier
 * contents of files replaced in place (each naming its `file_version`).
 */
export const contentRevision = pgTable(
  'content_revision',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    /** The content version this revision replaced. */
    version: integer('version').notNull(),
    accountId: uuid('account_id'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The changed fields' previous values. */
    previous: jsonb('previous').$type<Record<string, unknown>>().notNull(),
    /** The version this save restored (a restore of a revision), else null. */
    restoredFrom: integer('restored_from'),
  },
  (t) => [index('content_revision_content_idx').on(t.contentId, t.changedAt)],
);
