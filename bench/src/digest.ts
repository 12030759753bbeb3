/**
 * The follow digest benchmark (issue 37 "Follow": the digest for 10,000 followers is built in one pass of
 * the job): 10,000 accounts whose weekly digests are due, each following two of 100 courses (1,000 items,
 * courses of ten), 2,000 saves of those items during the week. Times one pass of `sendDueDigests`, the
 * function the sweep's job runs, in process: it takes every due digest, reads the changes under all
 * their follows in one query, and queues one e-mail per follower with changes (through the mail queue's
 * outbox and job rows, in the pass's transaction). Prints the pass's time, digests taken, e-mails
 * queued and the process's RSS, on the PostgreSQL server and on PGlite.
 *
 * Environment: DIGEST_BENCH_FOLLOWERS (default 10,000); DIGEST_BENCH_DATABASES=pglite,postgres (default
 * both; postgres only when it answers). Figures go to .bench/digest.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.js';
import { createSettingSigner } from '../../apps/server/src/lib/signer.js';
import { DIGESTS_PER_PASS, sendDueDigests } from '../../apps/server/src/modules/follows/follow-digest.js';
import { UNSUBSCRIBE_SECRET_SETTING } from '../../apps/server/src/modules/follows/follows.service.js';
import { OUTPUT_DIR } from './config.js';
import { insertCourses, postgresAnswers, withScratchDatabase, type DatabaseKind } from './databases.js';

const FOLLOWERS = Number(process.env.DIGEST_BENCH_FOLLOWERS ?? 10_000);
const COURSES = 100;
/** Items per course: the course and its labs. */
const COURSE_SIZE = 10;
const FOLLOWS_EACH = 2;
const SAVES = 2000;
const WEEK_DAYS = 7;
const MB = 1024 * 1024;

const log = (line: string) => console.log(`[digest] ${line}`);

/** Courses, accounts with a due weekly digest, their follows (a week old) and the week's saves. */
async function fill(database: Database): Promise<void> {
  const db = database.db;
  const started = performance.now();
  await insertCourses(database, COURSES, COURSE_SIZE);
  await db.execute(sql`
    INSERT INTO account (id, email, display_name)
    SELECT md5('account' || n)::uuid, 'follower' || n || '@bench.example.edu', 'Follower ' || n
    FROM generate_series(1, ${FOLLOWERS}::int) n`);
  const weekAgo = sql`now() - interval '${sql.raw(String(WEEK_DAYS + 1))} days'`;
  await db.execute(sql`
    INSERT INTO follow (account_id, content_id, created_at)
    SELECT DISTINCT ON (n, c) md5('account' || n)::uuid, md5('item' || (1 + c * ${COURSE_SIZE}))::uuid, ${weekAgo}
    FROM generate_series(1, ${FOLLOWERS}::int) n,
         LATERAL (SELECT floor(random() * ${COURSES})::int + n * 0 AS c
                  FROM generate_series(1, ${FOLLOWS_EACH}::int)) f`);
  await db.execute(sql`
    INSERT INTO follow_digest (account_id, frequency, sent_through, due_at)
    SELECT md5('account' || n)::uuid, 'weekly', ${weekAgo}, now() - interval '1 minute'
    FROM generate_series(1, ${FOLLOWERS}::int) n`);
  await db.execute(sql`
    INSERT INTO content_revision (content_id, version, changed_at, previous)
    SELECT md5('item' || (1 + floor(random() * ${COURSES * COURSE_SIZE})::int))::uuid, n,
           now() - random() * interval '${sql.raw(String(WEEK_DAYS))} days', '{"description":"Earlier"}'::jsonb
    FROM generate_series(1, ${SAVES}::int) n`);
  await db.execute(sql`VACUUM ANALYZE`);
  log(`  filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** One pass of the digest job over the filled database. */
async function measure(kind: DatabaseKind, database: Database) {
  const signer = await createSettingSigner(database.db, UNSUBSCRIBE_SECRET_SETTING);
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const watch = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const started = performance.now();
  const pass = await sendDueDigests({
    db: database.db,
    signer,
    publicBaseUrl: 'https://portal.example.edu',
  });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(watch);
  const result = {
    kind,
    followers: FOLLOWERS,
    taken: pass.taken,
    queued: pass.sent,
    items: pass.items,
    seconds,
    rssBeforeMb: rssBefore / MB,
    rssPeakMb: rssPeak / MB,
    isOnePass: pass.taken === FOLLOWERS && FOLLOWERS <= DIGESTS_PER_PASS,
  };
  log(
    `  ${kind}: one pass took ${pass.taken.toLocaleString('en')} digests and queued ${pass.sent.toLocaleString('en')} e-mails (${pass.items.toLocaleString('en')} item lines) in ${seconds.toFixed(1)} s; RSS ${result.rssBeforeMb.toFixed(0)} → ${result.rssPeakMb.toFixed(0)} MB`,
  );
  return result;
}

async function main() {
  const wanted = (process.env.DIGEST_BENCH_DATABASES ?? 'pglite,postgres').split(',');
  const results = [];
  for (const kind of ['postgres', 'pglite'] as const) {
    if (!wanted.includes(kind)) continue;
    if (kind === 'postgres' && !(await postgresAnswers())) {
      log('PostgreSQL server not answering: skipped');
      continue;
    }
    log(`${kind}: ${FOLLOWERS.toLocaleString('en')} followers`);
    results.push(
      await withScratchDatabase(kind, 'digest', async (database) => {
        await fill(database);
        return measure(kind, database);
      }),
    );
  }
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  fs.writeFileSync(path.join(OUTPUT_DIR, 'digest.json'), JSON.stringify({ results }, null, 2));
  const isMet = results.every((r) => r.isOnePass);
  console.log(
    isMet
      ? `\nEvery due digest was taken in one pass (${DIGESTS_PER_PASS.toLocaleString('en')} a pass at most).`
      : '\nFAIL: a pass did not take every due digest.',
  );
  if (!isMet) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
