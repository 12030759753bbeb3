/**
 * The reference data at start-up (issue 25): an installation that began before CyBOK areas and NICE work
 * roles existed gets them from the shared data folder, without a fresh database and whatever SEED_DEMO
 * says; nothing already there is changed, and a database that holds it all is not written to.
 */
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CYBOK_KNOWLEDGE_AREAS } from '@portal/shared/cybok';
import { knowledgeItem, workRole, workRoleStatement } from '../../db/schema/knowledge.js';
import { createTestContext, type TestContext } from '../../testing/test-app.js';
import { importReferenceData } from './seed.service.js';

let ctx: TestContext;

const count = async (table: typeof knowledgeItem | typeof workRole | typeof workRoleStatement) => {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
};

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('importReferenceData', () => {
  it('fills an empty database with every knowledge item and the 41 NICE work roles with their statements', async () => {
    const summary = await importReferenceData({ db: ctx.database.db, config: ctx.config });
    expect(summary!.knowledgeInserted).toBeGreaterThan(3000);
    expect(summary!.workRolesInserted).toBe(41);
    expect(await count(workRoleStatement)).toBe(5334);
    const cybok = await ctx.database.db.select().from(knowledgeItem).where(eq(knowledgeItem.type, 'CYBOK'));
    expect(cybok).toHaveLength(CYBOK_KNOWLEDGE_AREAS.length);
  });

  it('adds the CyBOK areas and work roles an older installation lacks, keeping what it has as it is', async () => {
    const db = ctx.database.db;
    await db.delete(knowledgeItem).where(like(knowledgeItem.id, 'cybok-%'));
    await db.delete(workRole);
    // An edit of a statement's text stays: the import only adds.
    const [statement] = await db.select().from(knowledgeItem).where(eq(knowledgeItem.type, 'TKS')).limit(1);
    await db.update(knowledgeItem).set({ name: 'Edited here' }).where(eq(knowledgeItem.id, statement!.id));
    const before = await count(knowledgeItem);

    const summary = await importReferenceData({ db, config: ctx.config });
    expect(summary).toEqual({ knowledgeInserted: CYBOK_KNOWLEDGE_AREAS.length, workRolesInserted: 41 });
    expect(await count(knowledgeItem)).toBe(before + CYBOK_KNOWLEDGE_AREAS.length);
    expect(await count(workRoleStatement)).toBe(5334);
    const [kept] = await db.select().from(knowledgeItem).where(eq(knowledgeItem.id, statement!.id));
    expect(kept!.name).toBe('Edited here');
  });

  it('writes nothing when the database holds it all', async () => {
    expect(await importReferenceData({ db: ctx.database.db, config: ctx.config })).toEqual({
      knowledgeInserted: 0,
      workRolesInserted: 0,
    });
  });

  it('does nothing without the shared data folder', async () => {
    const config = { ...ctx.config, sharedDataDir: '/nonexistent-shared-data' };
    expect(await importReferenceData({ db: ctx.database.db, config })).toBeNull();
  });
});
