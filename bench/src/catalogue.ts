/**
 * Generates the 100,000-item catalogue from the real base documents and inserts it in bulk.
 * Courses > modules > items, names varied from the real titles, descriptions of 300–1500 characters of
 * real prose, enums spread deterministically; one term (FREQUENT_TERM) in about a quarter of the items
 * and one (RARE_TERM) in a handful. The migration's trigger fills search_vector and facet_bits. The
 * generator is in catalogue-generator.ts.
 */
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { type ContentStatus } from '@portal/shared/enums';
import type { Db } from '../../apps/server/src/db/client.js';
import { rows } from '../../apps/server/src/db/rows.js';
import { contributor } from '../../apps/server/src/db/schema/contributors.js';
import { content, contentContributor, contentKnowledge } from '../../apps/server/src/db/schema/courseware.js';
import { file, fileText } from '../../apps/server/src/db/schema/files.js';
import { knowledgeItem } from '../../apps/server/src/db/schema/knowledge.js';
import { refreshSearchIndex } from '../../apps/server/src/modules/courseware/courseware.service.js';
import {
  CATALOGUE_SEED,
  CATALOGUE_SIZE,
  CATALOGUE_VERSION,
  CONTRIBUTOR_COUNT,
  COURSE_COUNT,
  DETAIL_SAMPLE_SIZE,
  DOCUMENT_TERM,
  DOCUMENT_TERM_ITEMS,
  FREQUENT_TERM,
  INSERT_CHUNK_ROWS,
  ITEMS_PER_MODULE,
  KNOWLEDGE_UNITS_FILE,
  LEAF_KNOWLEDGE_SHARE,
  MODULES_PER_COURSE,
  RARE_TERM,
  RARE_TERM_ITEMS,
} from './config.js';
import type { BaseDocument } from './corpus.js';
import { createRandom } from './prng.js';
import type { ContentInsert } from './catalogue-generator.js';
import {
  FIRST_NAMES,
  LAST_NAMES,
  SCHOOLS,
  MAX_MODULE_KNOWLEDGE,
  MAX_COURSE_CONTRIBUTORS,
  PROGRESS_EVERY_ROWS,
  poolsOf,
  generateCatalogue,
} from './catalogue-generator.js';

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
