/**
 * Registered LTI platforms (issue 26): the admin's list, create, update and delete. A platform is one
 * issuer and client id; plain-http loopback addresses only while LTI_ALLOW_LOOPBACK_HTTP is set.
 */
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import {
  isLoopbackHttp,
  type ListLtiPlatformsQuery,
  type LtiPlatform,
  type LtiPlatformPage,
  type LtiPlatformRequest,
} from '@portal/shared/schemas/lti';
import type { Db } from '../../db/client.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import { JwksAddressRefused, checkJwksAddress } from './lti-jwks.js';
import * as repo from './lti-platforms.repository.js';

const CursorSchema = z.object({ name: z.string(), id: z.uuid() });
const URL_FIELDS = ['issuer', 'authUrl', 'tokenUrl', 'jwksUrl'] as const;

/** The API shape of a stored platform. */
export function toPlatform(row: repo.LtiPlatformRow): LtiPlatform {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    deploymentIds: row.deploymentIds,
    authUrl: row.authUrl,
    tokenUrl: row.tokenUrl,
    jwksUrl: row.jwksUrl,
    allowedEmailDomains: row.allowedEmailDomains,
    newAccountsNeedApproval: row.newAccountsNeedApproval,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Platforms by name, paged by nextPageToken. @throws AppError invalid_input for a foreign token */
export async function listPlatformsPage(db: Db, query: ListLtiPlatformsQuery): Promise<LtiPlatformPage> {
  const after = decodePageToken(query.nextPageToken, CursorSchema);
  const found = await repo.listPlatforms(db, { limit: query.limit + 1, after });
  const { page, nextPageToken } = keysetPage(found, query.limit, (last) => ({
    name: last.name,
    id: last.id,
  }));
  return { items: page.map(toPlatform), nextPageToken };
}

/**
 * @throws AppError rule_broken naming the first field at plain http while that is not allowed, or the
 *   keys address when it leads to a private or internal network address (lti-jwks.ts)
 */
async function checkAddresses(request: LtiPlatformRequest, allowLoopbackHttp: boolean): Promise<void> {
  const field = allowLoopbackHttp ? undefined : URL_FIELDS.find((name) => isLoopbackHttp(request[name]));
  if (field)
    throw new AppError('rule_broken', 'Enter an https:// address: this server accepts no plain http.', {
      field,
    });
  try {
    await checkJwksAddress(request.jwksUrl, allowLoopbackHttp);
  } catch (error) {
    if (!(error instanceof JwksAddressRefused)) throw error;
    throw new AppError('rule_broken', error.message, { field: 'jwksUrl' });
  }
}

const inUse = () =>
  new AppError('conflict', 'A platform of this issuer and client id is registered already.', {
    field: 'clientId',
  });

/**
 * Registers a platform.
 * @throws AppError conflict for an issuer and client id registered already; rule_broken for plain http
 */
export async function createPlatform(
  db: Db,
  request: LtiPlatformRequest,
  options: { allowLoopbackHttp: boolean },
): Promise<LtiPlatform> {
  await checkAddresses(request, options.allowLoopbackHttp);
  return db.transaction(async (tx) => {
    if (await repo.findPlatformByIssuerAndClient(tx, request.issuer, request.clientId)) throw inUse();
    return toPlatform(await repo.insertPlatform(tx, request));
  });
}

/**
 * Changes a platform (every field).
 * @throws AppError not_found; conflict when another platform has this issuer and client id; rule_broken
 *   for plain http
 */
export async function updatePlatform(
  db: Db,
  id: string,
  request: LtiPlatformRequest,
  options: { allowLoopbackHttp: boolean },
): Promise<LtiPlatform> {
  await checkAddresses(request, options.allowLoopbackHttp);
  return db.transaction(async (tx) => {
    const other = await repo.findPlatformByIssuerAndClient(tx, request.issuer, request.clientId);
    if (other && other.id !== id) throw inUse();
    const row = await repo.updatePlatform(tx, id, request);
    if (!row) throw new AppError('not_found', 'This platform is not registered.');
    return toPlatform(row);
  });
}

/** Removes a platform with its pending logins and launches. @throws AppError not_found */
export async function deletePlatform(db: Db, id: string): Promise<void> {
  if (!(await repo.deletePlatform(db, id)))
    throw new AppError('not_found', 'This platform is not registered.');
}
