/** Queries of the site settings (`site_feature_flag`) and unsafe-site incidents (`unsafe_site_incident`). */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { account } from '../../db/schema/identity.js';
import { siteFeatureFlag, unsafeSiteIncident } from '../../db/schema/site.js';

/** Every flag an admin has set, as flag → value. */
export async function readFlagOverrides(db: Db): Promise<Map<string, boolean>> {
  const rows = await db
    .select({ flag: siteFeatureFlag.flag, isOn: siteFeatureFlag.isOn })
    .from(siteFeatureFlag);
  return new Map(rows.map((r) => [r.flag, r.isOn]));
}

/** Sets an admin's choice for a flag (insert or update). */
export async function upsertFlagOverride(
  db: Db,
  { flag, isOn, accountId }: { flag: string; isOn: boolean; accountId: string },
): Promise<void> {
  await db
    .insert(siteFeatureFlag)
    .values({ flag, isOn, updatedBy: accountId })
    .onConflictDoUpdate({
      target: siteFeatureFlag.flag,
      set: { isOn, updatedBy: accountId, updatedAt: sql`now()` },
    });
}

/** Removes an admin's choice: the flag follows its default again. */
export async function deleteFlagOverride(db: Db, flag: string): Promise<void> {
  await db.delete(siteFeatureFlag).where(eq(siteFeatureFlag.flag, flag));
}

export async function insertIncident(
  db: Db,
  values: { address: string | null; userAgent: string | null; reporterId: string | null },
): Promise<void> {
  await db.insert(unsafeSiteIncident).values(values);
}

/** Incidents newest first, after the (created_at, id) of `afterId`, with the reporter's e-mail. */
export async function listIncidents(db: Db, options: { afterId?: string; limit: number }) {
  return db
    .select({
      id: unsafeSiteIncident.id,
      address: unsafeSiteIncident.address,
      userAgent: unsafeSiteIncident.userAgent,
      reporterEmail: account.email,
      createdAt: unsafeSiteIncident.createdAt,
    })
    .from(unsafeSiteIncident)
    .leftJoin(account, eq(account.id, unsafeSiteIncident.reporterId))
    .where(
      options.afterId
        ? sql`(${unsafeSiteIncident.createdAt}, ${unsafeSiteIncident.id}) < (select i.created_at, i.id from ${unsafeSiteIncident} i where i.id = ${options.afterId})`
        : undefined,
    )
    .orderBy(desc(unsafeSiteIncident.createdAt), desc(unsafeSiteIncident.id))
    .limit(options.limit);
}
