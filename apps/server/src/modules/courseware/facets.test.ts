/** The facet bits computed in SQL (migration 0001) follow FACET_DIMENSIONS of the shared contract. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { FACET_DIMENSIONS } from '@portal/shared/enums';
import { rows } from '../../db/rows.js';
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
