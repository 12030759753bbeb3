/**
 * The suggested alignments benchmark (issue 25): how well "Suggest alignments" finds the CyBOK areas of
 * the Hacktivity lab sheets, which state their own in their front matter.
 *
 * The demo data set is imported into a fresh database (PGlite, or the PostgreSQL server when
 * DATABASE_URL is set) and its documents' text extracted. Then each CyBOK-aligned lab sheet is held out
 * in turn: inside a transaction that is rolled back, its CyBOK alignments are deleted (so neither its text
 * signal's topics nor its neighbours' votes know them), CyBOK areas are suggested from its text, and the
 * first three are compared with its front matter: precision@3 = hits / 3, recall@3 = hits / areas stated,
 * averaged over the sheets (precision@1 too). Nothing is tuned on the held-out sheet: the method's
 * constants are fixed in packages/shared/src/limits.ts.
 *
 * Accepted suggestions: the curators' decisions recorded in `alignment_decision` of the database at
 * ALIGNMENT_BENCH_DECISIONS_URL (a live PostgreSQL server), or of the bench's own database (none in a
 * fresh one): how many were accepted and rejected, and the accepted share of those ranked 1–3 (the
 * precision@3 curators judged).
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { rows } from '../../apps/server/src/db/rows.js';
import type { Db } from '../../apps/server/src/db/client.js';
import {
  listAlignmentDecisions,
  suggestAlignments,
} from '../../apps/server/src/modules/knowledge/alignment-suggestions.service.js';
import { seedDemo } from '../../apps/server/src/modules/seed/seed.service.js';
import { createTestContext } from '../../apps/server/src/testing/test-app.js';
import { drainJobs } from '../../apps/server/src/testing/wait.js';
import { summarize } from './measure.js';

const TOP = 3;
const log = (line: string) => console.log(`[alignment] ${line}`);

/** A rollback that carries the suggestions out of the transaction. */
class HeldOut extends Error {
  constructor(readonly suggested: string[]) {
    super('held out');
  }
}

interface Sheet {
  id: string;
  name: string;
  truth: string[];
}

/** The CyBOK areas suggested for a sheet with its own CyBOK alignments held out, best first. */
async function suggestHeldOut(db: Db, sheet: Sheet): Promise<string[]> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`DELETE FROM content_knowledge WHERE content_id = ${sheet.id} AND knowledge_id LIKE 'cybok-%'`,
      );
      const { items } = await suggestAlignments(tx as unknown as Db, sheet.id, { type: 'CYBOK' });
      throw new HeldOut(items.map((s) => s.knowledgeId));
    });
  } catch (error) {
    if (error instanceof HeldOut) return error.suggested;
    throw error;
  }
  throw new Error('the held-out transaction did not roll back');
}

async function heldOutFigures(db: Db) {
  const sheets = await rows<Sheet>(
    db,
    sql`SELECT c.id, c.name, array_agg(ck.knowledge_id ORDER BY ck.knowledge_id) AS truth
        FROM content c JOIN content_knowledge ck ON ck.content_id = c.id
        WHERE ck.knowledge_id LIKE 'cybok-%' GROUP BY c.id, c.name ORDER BY c.name`,
  );
  let precision = 0;
  let recall = 0;
  let first = 0;
  let basePrecision = 0;
  let baseRecall = 0;
  const times: number[] = [];
  for (const sheet of sheets) {
    // The baseline: the three areas the other sheets state most often, whatever this one says.
    const counts = new Map<string, number>();
    for (const other of sheets) {
      if (other !== sheet) for (const id of other.truth) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const common = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, TOP);
    const baseHits = common.filter(([id]) => sheet.truth.includes(id)).length;
    basePrecision += baseHits / TOP;
    baseRecall += baseHits / sheet.truth.length;

    const started = performance.now();
    const suggested = await suggestHeldOut(db, sheet);
    times.push(performance.now() - started);
    const top = suggested.slice(0, TOP);
    const hits = top.filter((id) => sheet.truth.includes(id)).length;
    precision += hits / TOP;
    recall += hits / sheet.truth.length;
    if (suggested[0] && sheet.truth.includes(suggested[0])) first += 1;
    const code = (ids: string[]) => ids.map((id) => id.replace('cybok-', '')).join(' ');
    log(
      `  ${sheet.name.slice(0, 48).padEnd(48)} stated ${code(sheet.truth).padEnd(28)} suggested ${code(top)}`,
    );
  }
  const n = sheets.length;
  return {
    sheets: n,
    precision: precision / n,
    recall: recall / n,
    first: first / n,
    baseline: { precision: basePrecision / n, recall: baseRecall / n },
    time: summarize(times),
  };
}

async function decisionFigures(db: Db, where: string) {
  const decisions = await listAlignmentDecisions(db);
  if (decisions.length === 0) {
    log(`accepted suggestions (${where}): no decisions recorded yet`);
    return;
  }
  const accepted = decisions.filter((d) => d.decision === 'accepted').length;
  const top = decisions.filter((d) => d.rank <= TOP);
  const topAccepted = top.filter((d) => d.decision === 'accepted').length;
  const items = new Set(decisions.map((d) => d.contentId)).size;
  log(
    `accepted suggestions (${where}): ${decisions.length} decisions on ${items} items, ${accepted} accepted, ` +
      `${decisions.length - accepted} rejected; of those ranked 1–${TOP}, ${topAccepted} of ${top.length} accepted ` +
      `(precision@${TOP} as curators judged: ${top.length ? (topAccepted / top.length).toFixed(3) : '—'})`,
  );
}

async function main() {
  const started = performance.now();
  const ctx = await createTestContext();
  try {
    const db = ctx.database.db;
    await seedDemo({ db, config: ctx.config, fileStore: ctx.fileStore });
    await drainJobs(ctx);
    const [documents] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM file_text WHERE failure_reason IS NULL`,
    );
    log(
      `database: ${process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite'}; demo data imported, ${documents?.n ?? 0} documents' text extracted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const figures = await heldOutFigures(db);
    log(
      `CyBOK areas of ${figures.sheets} lab sheets, each held out: precision@${TOP} ${figures.precision.toFixed(3)}, ` +
        `recall@${TOP} ${figures.recall.toFixed(3)}, precision@1 ${figures.first.toFixed(3)}`,
    );
    log(
      `baseline (the ${TOP} areas the other sheets state most often): precision@${TOP} ` +
        `${figures.baseline.precision.toFixed(3)}, recall@${TOP} ${figures.baseline.recall.toFixed(3)}`,
    );
    log(
      `time per suggestion: p50 ${figures.time.p50.toFixed(0)} ms, p95 ${figures.time.p95.toFixed(0)} ms (${figures.sheets} items)`,
    );
    const liveUrl = process.env.ALIGNMENT_BENCH_DECISIONS_URL;
    if (liveUrl) {
      const live = await openDatabase({ url: liveUrl });
      try {
        await decisionFigures(live.db, 'ALIGNMENT_BENCH_DECISIONS_URL');
      } finally {
        await live.close();
      }
    } else {
      await decisionFigures(db, 'the bench database');
    }
  } finally {
    await ctx.close();
  }
}

await main();
