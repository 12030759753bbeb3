/**
 * Every demo course exports as a valid IMS Common Cartridge 1.1 (issue 26 "Done when", issue 33
 * "Schemas in CI"): each course of the demo data set, and one lab of it alone, is exported through the
 * API as faculty, validated with `xmllint --schema` against IMS's CC 1.1 schemas plus the prose rules
 * (testing/cartridge.ts), and read back (testing/cartridge-round-trip.ts): every item of the course
 * faculty may see in the portal's order, every file with the SHA-256 the portal stored, every
 * alignment (besides the demo data's own, one item per course is aligned first with a statement of
 * each knowledge type) in the manifest's classifications.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull, sql } from 'drizzle-orm';
import { KNOWLEDGE_TYPES } from '@portal/shared/enums';
import { content } from '../../db/schema/courseware.js';
import { rows } from '../../db/rows.js';
import { seedDemo } from '../seed/seed.service.js';
import { bearer, createAccounts } from '../../testing/fixtures.js';
import { createTestContext, type TestContext } from '../../testing/test-app.js';
import { drainJobs } from '../../testing/wait.js';
import { readCartridge } from '../../testing/cartridge.js';
import { cartridgeDifferences } from '../../testing/cartridge-round-trip.js';

let ctx: TestContext;
let faculty: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ JOB_WORKER: 'false' });
  await seedDemo({ db: ctx.database.db, config: ctx.config, fileStore: ctx.fileStore });
  const accounts = await createAccounts(ctx.database.db);
  faculty = await bearer(ctx.app, accounts.faculty);
  // One item of each demo course is aligned with a statement of each knowledge type of the demo
  // knowledge (NICE TKS and KSA, CAE KU, CyBOK), as a curator would; an alignment the demo data already
  // has (e.g. a CyBOK area with its topics) is kept as it is.
  await ctx.database.db.execute(sql`
    INSERT INTO content_knowledge (content_id, knowledge_id, index)
    SELECT c.id, k.id, k.n FROM (
      SELECT DISTINCT ON (root_id) id FROM content
      WHERE parent_id IS NOT NULL AND status = 'published' ORDER BY root_id, index, id) c
    CROSS JOIN (
      SELECT id, row_number() OVER () AS n FROM (
        SELECT DISTINCT ON (type) id FROM knowledge_item ORDER BY type, id) picked) k
    ON CONFLICT DO NOTHING`);
}, 600_000);
afterAll(async () => ctx?.close());

/** Exports each item as faculty, waits for the jobs, and reads each package back (validated). */
async function exportAll(items: { id: string; name: string }[]) {
  const requested = [];
  for (const item of items) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/content/${item.id}/cartridge`,
      headers: faculty,
    });
    expect(res.statusCode, `${item.name}: ${res.body}`).toBe(202);
    requested.push({ item, fileId: res.json().fileId as string });
  }
  await drainJobs(ctx);
  const read = [];
  for (const { item, fileId } of requested) {
    const info = await ctx.app.inject({ method: 'GET', url: `/api/v1/files/${fileId}`, headers: faculty });
    expect(info.json().status, `${item.name}: ${info.json().failureReason}`).toBe('ready');
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${fileId}/download-url?from=${item.id}`,
      headers: faculty,
    });
    const bytes = (await ctx.app.inject({ method: 'GET', url: link.json().publicUrl })).rawPayload;
    const cartridge = await readCartridge(bytes).catch((error: Error) => {
      throw new Error(`${item.name}: ${error.message}`);
    });
    read.push({ item, cartridge });
  }
  return read;
}

describe('Common Cartridge export of the demo courses', () => {
  it('exports every course as a valid cartridge holding each visible item, file and alignment', async () => {
    const courses = await ctx.database.db
      .select({ id: content.id, name: content.name })
      .from(content)
      .where(isNull(content.parentId));
    expect(courses.length).toBeGreaterThan(0);
    const totals = { items: 0, files: 0, taxa: 0 };
    for (const { item, cartridge } of await exportAll(courses)) {
      expect(await cartridgeDifferences(ctx.database.db, cartridge, item.id), item.name).toEqual([]);
      totals.items += [...cartridge.resources.keys()].length;
      totals.files += [...cartridge.resources.values()].reduce((n, r) => n + r.files.length - 1, 0);
      totals.taxa += cartridge.classifications.reduce((n, c) => n + c.taxa.length, 0);
    }
    // The demo courses have items, files and alignments: the round trips above checked something.
    expect(totals.items).toBeGreaterThan(courses.length);
    expect(totals.files).toBeGreaterThan(0);
    expect(totals.taxa).toBeGreaterThanOrEqual(courses.length * KNOWLEDGE_TYPES.length);
  }, 600_000);

  it('exports a lab of a demo course alone as a valid cartridge holding its files', async () => {
    // The demo lab with the most files.
    const [lab] = await rows<{ id: string; name: string }>(
      ctx.database.db,
      sql`
        SELECT c.id, c.name FROM content c JOIN file f ON f.metadata_type = 'content' AND f.metadata_id = c.id
        WHERE c.status = 'published' AND 'exercise' = ANY(c.categories)
          AND NOT EXISTS (SELECT 1 FROM content child WHERE child.parent_id = c.id)
        GROUP BY c.id ORDER BY count(*) DESC, c.url_alias LIMIT 1`,
    );
    expect(lab).toBeDefined();
    const [exported] = await exportAll([lab!]);
    const cartridge = exported!.cartridge;
    expect(cartridge.items).toHaveLength(1);
    expect(cartridge.entries.size).toBeGreaterThan(2);
    expect(await cartridgeDifferences(ctx.database.db, cartridge, lab!.id)).toEqual([]);
  }, 600_000);
});
