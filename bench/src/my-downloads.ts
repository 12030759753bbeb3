/**
 * The "changed since I downloaded it" benchmark (issue 37 "My downloads"): on 1,000,000 download events
 * (a fifth of them zip bundles, whose "changed" looks at the item's whole tree) from 5,000 accounts over
 * 5,000 items in courses of 10 (two years) and 50,000 saved revisions, the batch a search page
 * of 10 results costs a signed-in person, in one statement: their last download of each of the page's
 * ids (statistics' part, on download_event_account_content_idx) and, for those they downloaded, whether
 * each was saved since (courseware's part, on content_revision_content_idx). Timed in process through
 * the same function the search route calls, on PGlite and, when it answers, on the PostgreSQL server;
 * the statement's plan is printed.
 *
 * Environment: MY_DOWNLOADS_BENCH_EVENTS (default 1,000,000) for a smaller run while developing;
 * MY_DOWNLOADS_BENCH_DATABASES=pglite,postgres (default both; postgres only when it answers).
 * Target: p95 ≤ 5 ms for the page's batch on the server. PGlite's figure is printed beside the p50/p95 of
 * a bare `SELECT 1` (its per-statement cost, in-process WebAssembly), without a target.
 * Figures go to .bench/my-downloads.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { changedSinceDownload } from '../../apps/server/src/modules/courseware/changed-since-download.js';
import { changedSinceStatement } from '../../apps/server/src/modules/courseware/content-changes.repository.js';
import { lastDownloadsStatement } from '../../apps/server/src/modules/statistics/my-downloads.service.js';
import { OUTPUT_DIR } from './config.js';
import { insertCourses, postgresAnswers, withScratchDatabase } from './databases.js';
import { sampleLatency } from './measure.js';

type Kind = 'pglite' | 'postgres';

const EVENTS = Number(process.env.MY_DOWNLOADS_BENCH_EVENTS ?? 1_000_000);
const ITEMS = 5000;
const ACCOUNTS = 5000;
const REVISIONS = 50_000;
const SPAN_DAYS = 730;
const INSERT_CHUNK = 100_000;
/** Items per course (the course and its labs): a bundle's "changed" looks at all of them. */
const COURSE_SIZE = 10;
/** Share of downloads that are a zip bundle of the item's tree. */
const BUNDLE_SHARE = 0.2;
/** A search page: this many result ids, half of them downloaded by the person. */
const PAGE = 10;
const WARMUP = 50;
const SAMPLES = 500;
/** p95 targets in milliseconds; null: printed, not judged. */
const TARGETS: Record<Kind, number | null> = { postgres: 5, pglite: null };
const FILE_PERMS = { CanViewFiles: true };

const log = (line: string) => console.log(`[my-downloads] ${line}`);

/** Items, download events over two years up to now, revisions; then VACUUM ANALYZE. */
async function fill(database: Database): Promise<void> {
  const db = database.db;
  const started = performance.now();
  await insertCourses(database, ITEMS / COURSE_SIZE, COURSE_SIZE);
  for (let first = 1; first <= EVENTS; first += INSERT_CHUNK) {
    const last = Math.min(EVENTS, first + INSERT_CHUNK - 1);
    await db.execute(sql`
      INSERT INTO download_event (occurred_at, account_id, file_id, file_name, content_id, content_name, kind)
      SELECT now() - (${EVENTS}::int - n + random()) / ${EVENTS}::int * interval '${sql.raw(String(SPAN_DAYS))} days',
             md5('account' || (1 + floor(random() * ${ACCOUNTS})::int))::uuid,
             md5('file' || i)::uuid, 'handout-' || i || '.pdf', md5('item' || i)::uuid, 'Item ' || i,
             CASE WHEN random() < ${BUNDLE_SHARE} THEN 'bundle' ELSE 'file' END
      FROM (SELECT n, 1 + floor(random() * ${ITEMS})::int AS i
            FROM generate_series(${first}::int, ${last}::int) n) g`);
    log(`  ${last.toLocaleString('en')} events`);
  }
  await db.execute(sql`
    INSERT INTO content_revision (content_id, version, changed_at, previous)
    SELECT md5('item' || (1 + floor(random() * ${ITEMS})::int))::uuid, n,
           now() - random() * interval '${sql.raw(String(SPAN_DAYS))} days', '{"name":"Earlier name"}'::jsonb
    FROM generate_series(1, ${REVISIONS}::int) n`);
  await db.execute(sql`VACUUM ANALYZE`);
  log(`  filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The person measured (an account with the usual ~200 downloads) and a page: 5 items they downloaded
 * (the bundles of whole courses among them first), 5 not.
 */
async function pageOf(database: Database): Promise<{ accountId: string; ids: string[] }> {
  const [person] = (
    (await database.db.execute(sql`SELECT md5('account' || 1)::uuid::text AS id`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  const accountId = person!.id;
  const downloaded = (
    (await database.db.execute(
      // Bundles of whole courses first (the dearest: the course and its labs), then the rest.
      sql`SELECT l.content_id::text AS id FROM (
            SELECT DISTINCT ON (content_id) content_id, kind FROM download_event
            WHERE account_id = ${accountId}::uuid ORDER BY content_id, occurred_at DESC) l
          JOIN content c ON c.id = l.content_id
          ORDER BY (l.kind = 'bundle' AND c.parent_id IS NULL) DESC, 1 LIMIT ${PAGE / 2}`,
    )) as unknown as { rows: { id: string }[] }
  ).rows.map((r) => r.id);
  const others = (
    (await database.db.execute(
      sql`SELECT c.id::text AS id FROM content c WHERE NOT EXISTS (
            SELECT 1 FROM download_event e WHERE e.account_id = ${accountId}::uuid AND e.content_id = c.id)
          ORDER BY 1 LIMIT ${PAGE - downloaded.length}`,
    )) as unknown as { rows: { id: string }[] }
  ).rows.map((r) => r.id);
  return { accountId, ids: [...downloaded, ...others] };
}

/** EXPLAIN ANALYZE of the batch's statement (courseware's outer query over statistics' rows, as sent). */
async function plan(database: Database, accountId: string, ids: string[]): Promise<string[]> {
  const res = (await database.db.execute(
    sql`EXPLAIN (ANALYZE, COSTS OFF) ${changedSinceStatement(lastDownloadsStatement(accountId, ids))}`,
  )) as unknown as { rows: Record<string, string>[] };
  return res.rows.map((row) => Object.values(row)[0]!);
}

async function measure(kind: Kind, database: Database) {
  const { accountId, ids } = await pageOf(database);
  const caller = { accountId, permissions: FILE_PERMS };
  const run = () => changedSinceDownload(database.db, lastDownloadsStatement, caller, ids);
  const answer = await run();
  if (answer.size === 0) throw new Error('the person downloaded none of the page: the page is wrong');
  const stats = await sampleLatency(run, { warmup: WARMUP, samples: SAMPLES });
  const roundTrip = await sampleLatency(() => database.db.execute(sql`SELECT 1`), {
    warmup: 0,
    samples: SAMPLES,
  });
  const changed = [...answer.values()].filter(Boolean).length;
  log(
    `  ${kind}: page of ${ids.length}, ${answer.size} downloaded (${changed} changed since): p50 ${stats.p50.toFixed(2)} ms, p95 ${stats.p95.toFixed(2)} ms`,
  );
  const statementPlan = await plan(database, accountId, ids);
  return { kind, downloaded: answer.size, changed, stats, roundTrip, plan: statementPlan };
}

/** Fills a scratch database of `kind` and measures it. */
async function on(kind: Kind) {
  return withScratchDatabase(kind, 'my_downloads', async (database) => {
    log(`${kind}: ${EVENTS.toLocaleString('en')} events`);
    await fill(database);
    return measure(kind, database);
  });
}

async function main() {
  const wanted = (process.env.MY_DOWNLOADS_BENCH_DATABASES ?? 'pglite,postgres').split(',');
  const results = [];
  if (wanted.includes('postgres')) {
    if (await postgresAnswers()) results.push(await on('postgres'));
    else log('PostgreSQL server not answering: skipped');
  }
  if (wanted.includes('pglite')) results.push(await on('pglite'));
  let isMet = true;
  for (const r of results) {
    const target = TARGETS[r.kind];
    const ok = target === null || r.stats.p95 <= target;
    isMet &&= ok;
    const verdict = target === null ? '(no target)' : ok ? 'ok' : `FAIL (target ${target})`;
    console.log(
      `\n${r.kind}: ${EVENTS.toLocaleString('en')} download events, ${REVISIONS.toLocaleString('en')} revisions`,
    );
    console.log(
      `changed since download, page of ${PAGE}: p50 ${r.stats.p50.toFixed(2)} ms, p95 ${r.stats.p95.toFixed(2)} ms, max ${r.stats.max.toFixed(2)} ms  ${verdict}`,
    );
    console.log(
      `a bare SELECT 1 on the same connection: p50 ${r.roundTrip.p50.toFixed(2)} ms, p95 ${r.roundTrip.p95.toFixed(2)} ms`,
    );
    console.log(r.plan.map((line) => `  ${line}`).join('\n'));
  }
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(OUTPUT_DIR, 'my-downloads.json'),
    JSON.stringify({ events: EVENTS, revisions: REVISIONS, results }, null, 2),
  );
  console.log(
    isMet ? '\nThe "changed since download" target is met.' : '\nThe target was missed (FAIL above).',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
