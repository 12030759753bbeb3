/**
 * Every demo course exports as a valid IMS Common Cartridge 1.1 (issue 26 "Done when"): each course of
 * the demo data set is exported through the API as faculty, validated with `xmllint --schema` against
 * the IMS CC 1.1 schemas plus the prose rules (testing/cartridge.ts), and read back: every item of the
 * course faculty may see has its page, every file its entry (same SHA-256) in its item's resource, every
 * alignment (one item per course is aligned first: the demo data has none) its taxon in the manifest.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNull, sql } from 'drizzle-orm';
import { content } from '../../db/schema/courseware.js';
import { seedDemo } from '../seed/seed.service.js';
import { bearer, createAccounts } from '../../testing/fixtures.js';
import { createTestContext, type TestContext } from '../../testing/test-app.js';
import { drainJobs } from '../../testing/wait.js';
import { flattenItems, readCartridge } from '../../testing/cartridge.js';
import { loadBundleTree } from './bundle-tree.js';
import { loadItemPages } from './cartridge-tree.js';
import { itemId, layoutCartridge, resourceId } from './cartridge-archive.js';

let ctx: TestContext;
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
let faculty: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext({ JOB_WORKER: 'false' });
  await seedDemo({ db: ctx.database.db, config: ctx.config, fileStore: ctx.fileStore });
  const accounts = await createAccounts(ctx.database.db);
  faculty = await bearer(ctx.app, accounts.faculty);
  // The demo courses come without alignments: one item of each course is aligned with a real NICE TKS
  // statement and a CAE KU of the demo knowledge, as a curator would.
  await ctx.database.db.execute(sql`
    INSERT INTO content_knowledge (content_id, knowledge_id, index)
    SELECT c.id, k.id, k.n FROM (
      SELECT DISTINCT ON (root_id) id FROM content
      WHERE parent_id IS NOT NULL AND status = 'published' ORDER BY root_id, index, id) c
    CROSS JOIN (
      SELECT id, row_number() OVER () AS n FROM (
        (SELECT id FROM knowledge_item WHERE type = 'TKS' ORDER BY id LIMIT 1)
        UNION ALL (SELECT id FROM knowledge_item WHERE type = 'KU' ORDER BY id LIMIT 1)) picked) k`);
}, 600_000);
afterAll(async () => ctx?.close());

describe('Common Cartridge export of the demo courses', () => {
  it('exports every course as a valid cartridge holding each visible item, file and alignment', async () => {
    const courses = await ctx.database.db
      .select({ id: content.id, name: content.name })
      .from(content)
      .where(isNull(content.parentId));
    expect(courses.length).toBeGreaterThan(0);
    const requested = [];
    for (const course of courses) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/content/${course.id}/cartridge`,
        headers: faculty,
      });
      expect(res.statusCode, `${course.name}: ${res.body}`).toBe(202);
      requested.push({ course, fileId: res.json().fileId as string });
    }
    await drainJobs(ctx);

    // Faculty get the published items below a course (childStatuses).
    const statuses = ['published' as const];
    const totals = { items: 0, files: 0, taxa: 0 };
    for (const { course, fileId } of requested) {
      const info = await ctx.app.inject({ method: 'GET', url: `/api/v1/files/${fileId}`, headers: faculty });
      expect(info.json().status, `${course.name}: ${info.json().failureReason}`).toBe('ready');
      const link = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/files/${fileId}/download-url?from=${course.id}`,
        headers: faculty,
      });
      const bytes = (await ctx.app.inject({ method: 'GET', url: link.json().publicUrl })).rawPayload;
      const cartridge = await readCartridge(bytes).catch((error: Error) => {
        throw new Error(`${course.name}: ${error.message}`);
      });

      const tree = (await loadBundleTree(ctx.database.db, course.id, statuses))!;
      const pages = await loadItemPages(ctx.database.db, tree);
      const pageItems = new Map(
        flattenItems(cartridge.items)
          .filter((i) => i.identifierref)
          .map((i) => [i.identifier, i.title]),
      );
      expect(pageItems.size, course.name).toBe(tree.items.length);
      for (const item of tree.items) expect(pageItems.get(itemId(item.id)), item.name).toBe(item.name);

      // Each file at its place beside its item's page, with the bytes it was stored with.
      const { entries } = layoutCartridge(tree);
      expect(entries).toHaveLength(tree.files.length);
      for (const entry of entries) {
        const data = cartridge.entries.get(entry.path);
        expect(data, `${course.name}: ${entry.path}`).toBeDefined();
        if (entry.file.sha256) expect(sha256(data!), entry.path).toBe(entry.file.sha256);
        else expect(data!.length, entry.path).toBe(entry.file.size);
        expect(cartridge.resources.get(resourceId(entry.item.id))!.files).toContain(entry.path);
      }
      const taxa = new Set(cartridge.classifications.flatMap((c) => c.taxa.map((t) => t.id)));
      for (const page of pages.values()) for (const s of page.alignment) expect(taxa, s.id).toContain(s.code);
      totals.items += tree.items.length;
      totals.files += tree.files.length;
      totals.taxa += taxa.size;
    }
    // The demo courses have items, files and alignments: the loops above checked something.
    expect(totals.items).toBeGreaterThan(courses.length);
    expect(totals.files).toBeGreaterThan(0);
    expect(totals.taxa).toBeGreaterThan(0);
  }, 600_000);
});
