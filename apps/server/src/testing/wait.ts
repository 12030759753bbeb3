/** Waiting in tests for work the server does in the background (outbox worker, job runner). */
import { sql } from 'drizzle-orm';
import { rows } from '../db/rows.js';
import type { TestContext } from './test-app.js';

/** How long tests wait and how often they look, in milliseconds: options for `vi.waitUntil`. */
export const BACKGROUND_WAIT = { timeout: 10_000, interval: 20 } as const;

/** How often drainJobs looks again while jobs are still queued or running, in milliseconds. */
const DRAIN_INTERVAL_MS = 100;

/**
 * Runs the due jobs of an app whose own worker is off (JOB_WORKER=false) until none is queued or
 * running: the seed's document text, the bundles a test asked for.
 */
export async function drainJobs(ctx: TestContext): Promise<void> {
  for (;;) {
    await ctx.app.jobs.runDue();
    const [left] = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM job WHERE status IN ('queued', 'running')`,
    );
    if (!left?.n) return;
    await new Promise((resolve) => setTimeout(resolve, DRAIN_INTERVAL_MS));
  }
}
