/**
 * Organizations, called business units in the statistics (DESIGN.md "Organizations"; 001 §3 download
 * data point): listing, creating, and the business unit of an account (at most one).
 */
import { z } from 'zod';
import { CATEGORY_GROUPS } from '@portal/shared/enums';
import { AppError } from '@portal/shared/errors';
import type {
  CreateOrganizationRequest,
  ListOrganizationsQuery,
  Organization,
  OrganizationPage,
} from '@portal/shared/schemas/organizations';
import type { Db } from '../../db/client.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import * as repo from './organizations.repository.js';

const CursorSchema = z.object({ name: z.string(), id: z.uuid() });

/** The API shape of a stored organization. */
export function toOrganization(row: repo.OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    category: CATEGORY_GROUPS.find((g) => g === row.category) ?? 'other',
    region: row.region,
  };
}

/** Organizations by name, paged by nextPageToken. @throws AppError invalid_input for a foreign token */
export async function listOrganizationsPage(
  db: Db,
  query: ListOrganizationsQuery,
): Promise<OrganizationPage> {
  const after = decodePageToken(query.token, CursorSchema);
  const found = await repo.listOrganizations(db, { limit: query.limit + 1, after });
  const { page, nextPageToken } = keysetPage(found, query.limit, (last) => ({
    name: last.name,
    id: last.id,
  }));
  return { items: page.map(toOrganization), nextPageToken };
}

/** The organization of this name, whatever its case (the business unit of a user import, 001 §4). */
export async function findOrganizationByName(db: Db, name: string): Promise<Organization | undefined> {
  const row = await repo.findOrganizationByName(db, name);
  return row ? toOrganization(row) : undefined;
}

/** Creates an organization. @throws AppError conflict when one of the same name exists */
export async function createOrganization(db: Db, request: CreateOrganizationRequest): Promise<Organization> {
  return db.transaction(async (tx) => {
    if (await repo.findOrganizationByName(tx, request.name)) {
      throw new AppError('conflict', 'An organization of this name exists already.', { field: 'name' });
    }
    return toOrganization(await repo.insertOrganization(tx, request));
  });
}

/**
 * Sets (or clears, with null) the business unit of an account.
 * @throws AppError not_found for an unknown account; rule_broken (422) for an unknown organization
 */
export async function setAccountOrganization(
  db: Db,
  accountId: string,
  organizationId: string | null,
): Promise<{ organization: Organization | null }> {
  return db.transaction(async (tx) => {
    const unit = organizationId ? await repo.findOrganization(tx, organizationId) : null;
    if (organizationId && !unit) {
      throw new AppError('rule_broken', 'This organization does not exist.', { field: 'organizationId' });
    }
    if (!(await repo.setAccountOrganization(tx, accountId, organizationId))) {
      throw new AppError('not_found', 'Your account could not be found.');
    }
    return { organization: unit ? toOrganization(unit) : null };
  });
}

/** The business unit of an account. @throws AppError not_found for an unknown account */
export async function getAccountOrganization(
  db: Db,
  accountId: string,
): Promise<{ organization: Organization | null }> {
  const found = await repo.findAccountOrganization(db, accountId);
  if (found === undefined) throw new AppError('not_found', 'Your account could not be found.');
  return { organization: found ? toOrganization(found) : null };
}
