/** Organization (business unit) queries; each takes a database or a transaction. */
import { and, asc, eq, gt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { account } from '../../db/schema/identity.js';
import { organization } from '../../db/schema/organizations.js';

export type OrganizationRow = typeof organization.$inferSelect;

/** Organizations by name then id, `limit` after the keyset position `after`. */
export async function listOrganizations(
  db: Db,
  args: { limit: number; after?: { name: string; id: string } },
): Promise<OrganizationRow[]> {
  const after = args.after;
  return db
    .select()
    .from(organization)
    .where(
      after
        ? or(
            gt(organization.name, after.name),
            and(eq(organization.name, after.name), gt(organization.id, after.id)),
          )
        : undefined,
    )
    .orderBy(asc(organization.name), asc(organization.id))
    .limit(args.limit);
}

export async function findOrganization(db: Db, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db.select().from(organization).where(eq(organization.id, id));
  return row;
}

/** An organization by its name, any case (the user import names units). */
export async function findOrganizationByName(db: Db, name: string): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select()
    .from(organization)
    .where(sql`lower(${organization.name}) = lower(${name})`)
    .limit(1);
  return row;
}

export async function insertOrganization(
  db: Db,
  values: typeof organization.$inferInsert,
): Promise<OrganizationRow> {
  const [row] = await db.insert(organization).values(values).returning();
  return row!;
}

/** Sets an account's organization; returns false when the account does not exist. */
export async function setAccountOrganization(
  db: Db,
  accountId: string,
  organizationId: string | null,
): Promise<boolean> {
  const updated = await db
    .update(account)
    .set({ organizationId })
    .where(eq(account.id, accountId))
    .returning({ id: account.id });
  return updated.length > 0;
}

/** The organization of an account: undefined when the account does not exist, null when it has none. */
export async function findAccountOrganization(
  db: Db,
  accountId: string,
): Promise<OrganizationRow | null | undefined> {
  const [row] = await db
    .select({ accountId: account.id, organization })
    .from(account)
    .leftJoin(organization, eq(organization.id, account.organizationId))
    .where(eq(account.id, accountId));
  if (!row) return undefined;
  return row.organization;
}
