/**
 * The statistics dashboard benchmark (issue 13): 1,000,000 download events over two years from 400
 * schools (business units of every category group) on a catalogue of 5,000 items under 500 courses,
 * on PGlite and, when it answers, on the PostgreSQL server. The real app runs as a child process
 * (serve.ts); each dashboard query over the last 12 months is timed over HTTP (metrics, downloads per
 * day, top schools, top content of each category group), then the CSV export of every event in that
 * range is streamed: rows a second and the server's resident memory growth (VmRSS sampled every 50 ms).
 *
 * Environment: DASHBOARD_BENCH_EVENTS (default 1,000,000) for a smaller run while developing;
 * DASHBOARD_BENCH_DATABASES=pglite,postgres (default both; postgres only when it answers);
 * DASHBOARD_BENCH_KEEP=1 keeps the server's database (portal_bench_dashboard_<pid>) for EXPLAIN.
 * Targets: on the server each query p95 < 100 ms and the export ≥ 100,000 rows/s with RSS growth
 * < 50 MB; on PGlite each query p95 < 300 ms. Figures go to .bench/dashboard.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ROLE_CLAIMS } from '@portal/shared/permissions';
import { openDatabase, type Database } from '../../apps/server/src/db/client.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { insertAccount, insertClaims } from '../../apps/server/src/modules/identity/accounts.repository.js';
import { createTokenSigner } from '../../apps/server/src/modules/identity/tokens.js';
import { rebuildRollups } from '../../apps/server/src/modules/statistics/statistics.repository.js';
import { OUTPUT_DIR } from './config.js';
import { adminUrl, onAdmin, postgresAnswers } from './databases.js';
import { sampleLatency, type LatencyStats } from './measure.js';
import { startServer, type BenchServer } from './server-process.js';

const EVENTS = Number(process.env.DASHBOARD_BENCH_EVENTS ?? 1_000_000);
/** DASHBOARD_BENCH_KEEP=1 keeps the server's database afterwards (for EXPLAIN), dropped otherwise. */
const KEEP_DATABASE = process.env.DASHBOARD_BENCH_KEEP === '1';
const SCHOOLS = 400;
const COURSES = 500;
const ITEMS_PER_COURSE = 9;
const FILES = 5000;
const USERS_PER_SCHOOL = 10;
const SPAN_DAYS = 730;
const INSERT_CHUNK = 100_000;
const WARMUP = 5;
const SAMPLES = 40;
const MEMORY_SAMPLE_MS = 50;
const MB = 1_048_576;
const TARGETS = {
  postgres: { p95: 100, rowsPerSecond: 100_000, rssGrowthMb: 50 },
  pglite: { p95: 300, rowsPerSecond: 0, rssGrowthMb: Infinity },
} as const;
const JWT_SECRET = crypto.randomBytes(32).toString('hex');
const TIME_ZONE = 'America/New_York';

type Kind = 'pglite' | 'postgres';

const log = (line: string) => console.log(`[dashboard] ${line}`);

/** Fills a migrated database: catalogue, schools, events over two years up to now, rollups. */
async function fill(database: Database): Promise<string> {
  const db = database.db;
  const started = performance.now();
  // Courses with nine children each; categories, levels and tags spread over the enums.
  await db.execute(sql`
    INSERT INTO content (id, name, url_alias, status, categories, tags, education_levels, experience_levels)
    SELECT md5('course' || c)::uuid, 'Course ' || c, 'bench-course-' || c, 'published', ARRAY['course'],
           CASE WHEN c % 5 = 0 THEN ARRAY['homework'] ELSE ARRAY[]::text[] END,
           ARRAY[(ARRAY['highschool','communitycollege','universityundergraduate','graduatestudent'])[1 + c % 4]],
           ARRAY[(ARRAY['beginner','beginnerplus','intermediate','intermediateplus','advanced'])[1 + c % 5]]
    FROM generate_series(1, ${COURSES}::int) c`);
  await db.execute(sql`UPDATE content SET root_id = id`);
  await db.execute(sql`
    INSERT INTO content (name, url_alias, status, categories, tags, parent_id, root_id, index)
    SELECT 'Lab ' || c || '.' || k, 'bench-course-' || c || '/lab-' || k,
           CASE WHEN k = 9 THEN 'archived' WHEN k = 8 THEN 'unpublished' ELSE 'published' END,
           ARRAY[(ARRAY['module','lesson','exercise','environment'])[1 + k % 4]],
           CASE WHEN k % 3 = 0 THEN ARRAY['quizzes'] ELSE ARRAY['lab'] END,
           md5('course' || c)::uuid, md5('course' || c)::uuid, k
    FROM generate_series(1, ${COURSES}::int) c, generate_series(1, ${ITEMS_PER_COURSE}::int) k`);
  await db.execute(sql`
    INSERT INTO organization (id, name, category, region)
    SELECT md5('school' || s)::uuid, 'School ' || s,
           (ARRAY['k12','communitycollege','university','government','other'])[1 + s % 5], 'Region ' || (s % 50)
    FROM generate_series(1, ${SCHOOLS}::int) s`);
  // Events: uniform over two years up to now, inserted oldest first as a portal records them (the
  // table's physical order follows time, as it does in production); schools and courses skewed (a few
  // are much busier).
  for (let first = 1; first <= EVENTS; first += INSERT_CHUNK) {
    const last = Math.min(EVENTS, first + INSERT_CHUNK - 1);
    await db.execute(sql`
      INSERT INTO download_event (occurred_at, user_name, user_email, file_id, file_name, content_id,
        content_name, top_content_id, top_content_name, tags, organization_id, organization_category)
      SELECT now() - (${EVENTS}::int - n + random()) / ${EVENTS}::int * interval '${sql.raw(String(SPAN_DAYS))} days',
             'User ' || u, 'user' || u || '@school' || s || '.example.edu',
             md5('file' || f)::uuid, 'handout-' || f || '.pdf', md5('course' || c)::uuid, 'Course ' || c,
             md5('course' || c)::uuid, 'Course ' || c, '["lab"]'::jsonb,
             CASE WHEN n % 20 = 0 THEN NULL ELSE md5('school' || s)::uuid END,
             CASE WHEN n % 20 = 0 THEN NULL ELSE (ARRAY['k12','communitycollege','university','government','other'])[1 + s % 5] END
      FROM (
        SELECT n, 1 + floor(power(random(), 2) * ${SCHOOLS})::int AS s, 1 + floor(power(random(), 2) * ${COURSES})::int AS c,
               1 + floor(random() * ${FILES})::int AS f, 1 + floor(random() * ${SCHOOLS * USERS_PER_SCHOOL})::int AS u
        FROM generate_series(${first}::int, ${last}::int) n
      ) g`);
    log(`  ${last.toLocaleString('en')} events`);
  }
  await rebuildRollups(db);
  await db.execute(sql`VACUUM ANALYZE`);
  const editor = await insertAccount(db, {
    email: 'bench-curator@example.edu',
    displayName: 'Bench Curator',
    passwordHash: null,
    verified: true,
  });
  await insertClaims(db, editor.id, ROLE_CLAIMS.contenteditor);
  const signer = await createTokenSigner(db, { secret: JWT_SECRET });
  const { token } = await signer.sign({
    subject: editor.id,
    displayName: 'Bench Curator',
    email: 'bench-curator@example.edu',
    picture: null,
  });
  log(`  filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return token;
}

function isoDay(ms: number): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
}

/** GETs `url` as the bearer of `token`, the body read whole. @throws Error on a status other than 200 */
async function fetched(server: BenchServer, token: string, url: string): Promise<void> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' },
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} → ${res.status} ${body.slice(0, 300)}`);
}

interface QueryResult {
  name: string;
  stats: LatencyStats;
}

async function measureDatabase(kind: Kind, env: Record<string, string>, token: string) {
  const server = await startServer({ ...env, JWT_SECRET });
  try {
    const to = isoDay(Date.now() + 86_400_000);
    const fromDate = new Date(`${to}T00:00:00Z`);
    fromDate.setUTCFullYear(fromDate.getUTCFullYear() - 1);
    const from = fromDate.toISOString().slice(0, 10);
    const range = `from=${from}&to=${to}&timeZone=${encodeURIComponent(TIME_ZONE)}`;
    const base = '/api/v1/statistics/contentfiledownload';
    const classes: [string, string][] = [
      ['courseware metrics', '/api/v1/statistics/metrics'],
      ['downloads per day (12 months)', `${base}/downloads/buckets?${range}`],
      ['top 10 schools', `${base}/businessunit/buckets?${range}&limit=10`],
      ...(['k12', 'communitycollege', 'university', 'government'] as const).map((g): [string, string] => [
        `top 5 content, ${g}`,
        `${base}/topmostcontent/buckets?${range}&view=${g}&limit=5`,
      ]),
      ['raw data, first page of 1000', `${base}/raw?${range}&limit=1000`],
    ];
    const queries: QueryResult[] = [];
    for (const [name, url] of classes) {
      const stats = await sampleLatency(() => fetched(server, token, url), {
        warmup: WARMUP,
        samples: SAMPLES,
      });
      queries.push({ name, stats });
      log(
        `  ${kind} ${name}: p50 ${queries.at(-1)!.stats.p50.toFixed(1)} ms, p95 ${queries.at(-1)!.stats.p95.toFixed(1)} ms`,
      );
    }
    // The export: every event of the range, counted as it streams; the server's memory sampled meanwhile.
    const before = server.memory()?.rssBytes ?? NaN;
    let peak = before;
    const sampler = setInterval(() => {
      const now = server.memory()?.rssBytes;
      if (now !== undefined && now > peak) peak = now;
    }, MEMORY_SAMPLE_MS);
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}${base}/export?${range}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export → ${res.status}`);
    let newlines = 0;
    let bytes = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      for (let k = 0; k < chunk.length; k++) if (chunk[k] === 10) newlines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rows = newlines - 1;
    const exportResult = {
      rows,
      seconds,
      rowsPerSecond: rows / seconds,
      megabytes: bytes / MB,
      rssBeforeMb: before / MB,
      rssPeakMb: peak / MB,
      rssGrowthMb: (peak - before) / MB,
    };
    log(
      `  ${kind} export: ${rows.toLocaleString('en')} rows in ${seconds.toFixed(1)} s = ${Math.round(
        exportResult.rowsPerSecond,
      ).toLocaleString(
        'en',
      )} rows/s, RSS ${exportResult.rssBeforeMb.toFixed(0)} → ${exportResult.rssPeakMb.toFixed(0)} MB`,
    );
    return { kind, range: { from, to, timeZone: TIME_ZONE }, queries, export: exportResult };
  } finally {
    await server.stop();
  }
}

async function onPglite() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dashboard-bench-'));
  try {
    const database = await openDatabase({ dir });
    let token: string;
    try {
      await migrate(database);
      log(`PGlite: ${EVENTS.toLocaleString('en')} events`);
      token = await fill(database);
    } finally {
      await database.close();
    }
    return await measureDatabase('pglite', { BENCH_PGLITE_DIR: dir }, token);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  const name = `portal_bench_dashboard_${process.pid}`;
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  await onAdmin([`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
  try {
    const database = await openDatabase({ url: url.toString() });
    let token: string;
    try {
      await migrate(database);
      log(`PostgreSQL: ${EVENTS.toLocaleString('en')} events into ${name}`);
      token = await fill(database);
    } finally {
      await database.close();
    }
    return await measureDatabase('postgres', { BENCH_DATABASE_URL: url.toString() }, token);
  } finally {
    if (KEEP_DATABASE) log(`kept ${name} (DASHBOARD_BENCH_KEEP)`);
    else await onAdmin([`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
  }
}

function report(result: Awaited<ReturnType<typeof measureDatabase>>): boolean {
  const target = TARGETS[result.kind];
  let isMet = true;
  console.log(
    `\n${result.kind}: ${EVENTS.toLocaleString('en')} events, range ${result.range.from} to ${result.range.to} (${TIME_ZONE})`,
  );
  console.log('query                              p50 ms   p95 ms   max ms');
  for (const q of result.queries) {
    const ok = q.stats.p95 < target.p95;
    isMet &&= ok;
    console.log(
      `${q.name.padEnd(34)} ${q.stats.p50.toFixed(1).padStart(6)} ${q.stats.p95.toFixed(1).padStart(8)} ${q.stats.max
        .toFixed(1)
        .padStart(8)}  ${ok ? 'ok' : `FAIL (target ${target.p95})`}`,
    );
  }
  const e = result.export;
  const exportOk = e.rowsPerSecond >= target.rowsPerSecond && e.rssGrowthMb < target.rssGrowthMb;
  isMet &&= exportOk;
  console.log(
    `export: ${e.rows.toLocaleString('en')} rows, ${e.megabytes.toFixed(1)} MB in ${e.seconds.toFixed(2)} s = ${Math.round(
      e.rowsPerSecond,
    ).toLocaleString(
      'en',
    )} rows/s; server RSS ${e.rssBeforeMb.toFixed(1)} → ${e.rssPeakMb.toFixed(1)} MB (+${e.rssGrowthMb.toFixed(
      1,
    )})  ${exportOk ? 'ok' : 'FAIL'}`,
  );
  return isMet;
}

async function main() {
  const wanted = (process.env.DASHBOARD_BENCH_DATABASES ?? 'pglite,postgres').split(',');
  const results = [];
  if (wanted.includes('postgres')) {
    if (await postgresAnswers()) results.push(await onPostgres());
    else log('PostgreSQL server not answering: skipped');
  }
  if (wanted.includes('pglite')) results.push(await onPglite());
  const met = results.map(report);
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  fs.writeFileSync(
    path.join(OUTPUT_DIR, 'dashboard.json'),
    JSON.stringify({ events: EVENTS, results }, null, 2),
  );
  console.log(
    met.every(Boolean) ? '\nEvery dashboard target met.' : '\nSome dashboard target missed (FAIL above).',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
