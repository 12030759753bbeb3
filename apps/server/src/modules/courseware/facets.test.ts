/**
 * The facet bits computed in SQL (migration 0001) follow FACET_DIMENSIONS of the shared contract, and
 * the facet counts kept per (listing status, bits) (migration 0013) always equal a recount.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { FACET_DIMENSIONS } from '@portal/shared/enums';
import { rows } from '../../db/rows.js';
import { content } from '../../db/schema/courseware.js';
import { createTree } from '../../testing/fixtures.js';
import { createTestContext, type TestContext } from '../../testing/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

it('gives each enumeration value the bit of its place in FACET_DIMENSIONS', async () => {
  let bit = 0;
  for (const [dimension, values] of FACET_DIMENSIONS) {
    for (const value of values) {
      const arrays = { contentCategories: '{}', educationLevels: '{}', experienceLevels: '{}', tags: '{}' };
      arrays[dimension] = `{${value}}`;
      const [row] = await rows<{ bits: number }>(
        ctx.database.db,
        sql`SELECT content_facet_bits(${arrays.contentCategories}::text[], ${arrays.educationLevels}::text[],
               ${arrays.experienceLevels}::text[], ${arrays.tags}::text[]) AS bits`,
      );
      expect(row?.bits, `${dimension}=${value}`).toBe(1 << bit);
      bit++;
    }
  }
});

/** The kept counts, and the same counted again from the items, in one order. */
async function keptAndRecounted() {
  const kept = await rows<{ s: string; b: number; n: number }>(
    ctx.database.db,
    sql`SELECT listing_status AS s, facet_bits AS b, items AS n FROM content_facet_count ORDER BY 1, 2`,
  );
  const recount = await rows<{ s: string; b: number; n: number }>(
    ctx.database.db,
    sql`SELECT listing_status AS s, facet_bits AS b, count(*)::int AS n FROM content
        WHERE listing_status IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
  );
  return { kept, recount };
}

it('keeps the facet counts equal to a recount through inserts, status changes of a subtree, edits and deletes', async () => {
  const db = ctx.database.db;
  const tree = await createTree(db, ctx.fileStore);
  try {
    let counts = await keptAndRecounted();
    expect(counts.recount.length).toBeGreaterThan(0);
    expect(counts.kept).toEqual(counts.recount);

    // A visitor's browse by a facet filter counts from them: only the published lab has that level.
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/content/search?educationLevels=universityundergraduate',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().facets.educationLevels.universityundergraduate).toBe(1);
    expect(res.json().facets.experienceLevels.intermediate).toBe(1);

    // The course unpublished: every item under it is now listed as unpublished (migration 0008).
    await db.update(content).set({ status: 'unpublished' }).where(eq(content.id, tree.course));
    counts = await keptAndRecounted();
    expect(counts.kept).toEqual(counts.recount);
    // (an archived item stays archived: the most hidden status wins)
    expect(new Set(counts.kept.map((c) => c.s))).toEqual(new Set(['unpublished', 'archived']));

    // An edit that moves an item to other facet values, then back to published.
    await db
      .update(content)
      .set({ educationLevels: ['highschool'], tags: ['quizzes'] })
      .where(eq(content.id, tree.lab));
    await db.update(content).set({ status: 'published' }).where(eq(content.id, tree.course));
    counts = await keptAndRecounted();
    expect(counts.kept).toEqual(counts.recount);

    // Deleting the whole tree leaves no pair behind.
    await db.delete(content).where(eq(content.rootId, tree.course));
    counts = await keptAndRecounted();
    expect(counts.kept).toEqual(counts.recount);
    expect(counts.kept).toEqual([]);
  } finally {
    await db.delete(content).where(eq(content.rootId, tree.course));
  }
});
