/**
 * Queries of the demo-data importer. Each takes a Db or a transaction; inserts are multi-row and
 * cut into batches of INSERT_BATCH_SIZE rows so a whole source goes in with a few statements.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { inBatches } from '../imports/index.js';
import { content } from '../../db/schema/courseware.js';
import { account, accountClaim } from '../../db/schema/identity.js';
import { knowledgeItem, workRole, workRoleCategory, workRoleStatement } from '../../db/schema/knowledge.js';

/**
 * Key of the transaction-level advisory lock each import takes, so two instances starting on one
 * database at the same time cannot both import a source (the second waits, then sees it is there).
 */
export const SEED_ADVISORY_LOCK_KEY = 0x5eed_da7a;

/** Waits for the importer's advisory lock; released when the surrounding transaction ends. */
export async function lockSeed(tx: Db): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_ADVISORY_LOCK_KEY})`);
}

/** How many knowledge items, work roles and work role → statement edges the database holds. */
export async function countReferenceData(
  db: Db,
): Promise<{ knowledgeItems: number; workRoles: number; workRoleStatements: number }> {
  const [row] = await rows<{ knowledgeItems: number; workRoles: number; workRoleStatements: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM knowledge_item) AS "knowledgeItems",
               (SELECT count(*)::int FROM work_role) AS "workRoles",
               (SELECT count(*)::int FROM work_role_statement) AS "workRoleStatements"`,
  );
  return row!;
}

/** Whether any content row exists. */
export async function hasAnyContent(db: Db): Promise<boolean> {
  const rows = await db.select({ id: content.id }).from(content).limit(1);
  return rows.length > 0;
}

/** Whether any account exists. */
export async function hasAnyAccount(db: Db): Promise<boolean> {
  const rows = await db.select({ id: account.id }).from(account).limit(1);
  return rows.length > 0;
}

/** Whether a content item with this URL alias exists (any status). */
export async function contentAliasExists(db: Db, urlAlias: string): Promise<boolean> {
  const rows = await db
    .select({ id: content.id })
    .from(content)
    .where(eq(content.urlAlias, urlAlias))
    .limit(1);
  return rows.length > 0;
}

/**
 * Inserts knowledge items; an id that already exists is left as it is.
 * @returns how many rows were new
 */
export async function insertKnowledgeItems(
  db: Db,
  rows: (typeof knowledgeItem.$inferInsert)[],
): Promise<number> {
  let inserted = 0;
  await inBatches(rows, async (batch) => {
    const result = await db
      .insert(knowledgeItem)
      .values(batch)
      .onConflictDoNothing()
      .returning({ id: knowledgeItem.id });
    inserted += result.length;
  });
  return inserted;
}

/**
 * Inserts the NICE work roles, their categories and their TKS edges; rows already present are kept.
 * The edges' statements must be knowledge items already.
 * @returns how many work roles were new
 */
export async function insertWorkRoles(
  db: Db,
  args: {
    categories: (typeof workRoleCategory.$inferInsert)[];
    roles: (typeof workRole.$inferInsert)[];
    statements: (typeof workRoleStatement.$inferInsert)[];
  },
): Promise<number> {
  await inBatches(args.categories, (batch) =>
    db.insert(workRoleCategory).values(batch).onConflictDoNothing(),
  );
  let inserted = 0;
  await inBatches(args.roles, async (batch) => {
    const result = await db
      .insert(workRole)
      .values(batch)
      .onConflictDoNothing()
      .returning({ id: workRole.id });
    inserted += result.length;
  });
  await inBatches(args.statements, (batch) =>
    db.insert(workRoleStatement).values(batch).onConflictDoNothing(),
  );
  return inserted;
}

/** The ids of accounts with these (lower-cased) e-mail addresses. */
export async function findAccountIdsByEmail(db: Db, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: account.id, email: account.email })
    .from(account)
    .where(inArray(account.email, emails));
  return new Map(rows.map((r) => [r.email, r.id]));
}

export async function insertAccounts(
  db: Db,
  rows: (typeof account.$inferInsert)[],
): Promise<{ id: string; email: string }[]> {
  if (rows.length === 0) return [];
  return db.insert(account).values(rows).returning({ id: account.id, email: account.email });
}

export async function insertAccountClaims(db: Db, rows: (typeof accountClaim.$inferInsert)[]): Promise<void> {
  await inBatches(rows, (batch) => db.insert(accountClaim).values(batch));
}
