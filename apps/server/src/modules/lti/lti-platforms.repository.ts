/** Queries of registered LTI platforms; each takes a database or a transaction. */
import { and, asc, eq, gt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ltiPlatform } from '../../db/schema/lti.js';

export type LtiPlatformRow = typeof ltiPlatform.$inferSelect;
export type LtiPlatformValues = Pick<
  typeof ltiPlatform.$inferInsert,
  | 'name'
  | 'issuer'
  | 'clientId'
  | 'deploymentIds'
  | 'authUrl'
  | 'tokenUrl'
  | 'jwksUrl'
  | 'allowedEmailDomains'
  | 'newAccountsNeedApproval'
>;

/** Platforms by name then id, `limit` after the keyset position `after`. */
export async function listPlatforms(
  db: Db,
  args: { limit: number; after?: { name: string; id: string } },
): Promise<LtiPlatformRow[]> {
  const after = args.after;
  return db
    .select()
    .from(ltiPlatform)
    .where(
      after
        ? or(
            gt(ltiPlatform.name, after.name),
            and(eq(ltiPlatform.name, after.name), gt(ltiPlatform.id, after.id)),
          )
        : undefined,
    )
    .orderBy(asc(ltiPlatform.name), asc(ltiPlatform.id))
    .limit(args.limit);
}

export async function findPlatform(db: Db, id: string): Promise<LtiPlatformRow | undefined> {
  const [row] = await db.select().from(ltiPlatform).where(eq(ltiPlatform.id, id));
  return row;
}

/** Every platform of an issuer (one per client id). */
export async function findPlatformsByIssuer(db: Db, issuer: string): Promise<LtiPlatformRow[]> {
  return db.select().from(ltiPlatform).where(eq(ltiPlatform.issuer, issuer));
}

export async function findPlatformByIssuerAndClient(
  db: Db,
  issuer: string,
  clientId: string,
): Promise<LtiPlatformRow | undefined> {
  const [row] = await db
    .select()
    .from(ltiPlatform)
    .where(and(eq(ltiPlatform.issuer, issuer), eq(ltiPlatform.clientId, clientId)));
  return row;
}

export async function insertPlatform(db: Db, values: LtiPlatformValues): Promise<LtiPlatformRow> {
  const [row] = await db.insert(ltiPlatform).values(values).returning();
  return row!;
}

export async function updatePlatform(
  db: Db,
  id: string,
  values: LtiPlatformValues,
): Promise<LtiPlatformRow | undefined> {
  const [row] = await db
    .update(ltiPlatform)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(ltiPlatform.id, id))
    .returning();
  return row;
}

/** @returns whether a row was deleted */
export async function deletePlatform(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(ltiPlatform)
    .where(eq(ltiPlatform.id, id))
    .returning({ id: ltiPlatform.id });
  return deleted.length > 0;
}

/** The addresses of every platform (their origins may frame the tool's pages). */
export async function listPlatformAddresses(db: Db): Promise<{ issuer: string; authUrl: string }[]> {
  return db.select({ issuer: ltiPlatform.issuer, authUrl: ltiPlatform.authUrl }).from(ltiPlatform);
}
