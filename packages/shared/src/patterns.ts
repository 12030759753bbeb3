/**
 * The shapes of identifiers, without zod: the schemas build on them, and the browser checks addresses with
 * them before zod has loaded (issue 22: a public page's first load carries no schema library).
 */
import { KNOWLEDGE_ID_MAX, WORK_ROLE_ID_MAX } from './limits.js';
import { normaliseIdOrAlias } from './path-segments.js';

/** The shape of a uuid, any case: how the server tells an id from a URL alias or a stray value. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What an id or alias names, normalised (path-segments `normaliseIdOrAlias`): `{ id }` when it has the
 * form of a uuid, otherwise `{ alias }`. Here, not in path-segments, so that the web app's first load,
 * which needs only the normalisation, does not carry the uuid pattern.
 */
export function idOrAliasKey(idOrAlias: string): { id: string } | { alias: string } {
  const key = normaliseIdOrAlias(idOrAlias);
  return UUID_PATTERN.test(key) ? { id: key } : { alias: key };
}

/**
 * An RFC 9562 uuid (version 1 to 8, variant 10xx, either case) or the nil or the max uuid (lower case): what
 * `UuidSchema` (`z.uuid()`) takes, tested to agree (search-url.test.ts).
 */
const RFC_UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/;

/** Whether `value` is an id `UuidSchema` takes. */
export function isUuid(value: string): boolean {
  return RFC_UUID_PATTERN.test(value);
}

/** Knowledge id: type prefix and source code, e.g. `tks-T0084`, `ksa-K0001`, `ku-BCY`, `cybok-WAM`. */
export const KNOWLEDGE_ID_PATTERN = /^(tks|ksa|ku|cybok)-[A-Za-z0-9.]+$/;

/** A NICE work role id as the NICE Framework v2.1.0 spells it, e.g. `PD-WRL-007`. */
export const WORK_ROLE_ID_PATTERN = /^[A-Z]{2}-WRL-[0-9]{3}$/;

/** Whether `value` has the shape of a knowledge id (KnowledgeIdSchema's rule). */
export function isKnowledgeId(value: string): boolean {
  return value.length <= KNOWLEDGE_ID_MAX && KNOWLEDGE_ID_PATTERN.test(value);
}

/** Whether `value` has the shape of a NICE work role id (WorkRoleIdSchema's rule). */
export function isWorkRoleId(value: string): boolean {
  return value.length <= WORK_ROLE_ID_MAX && WORK_ROLE_ID_PATTERN.test(value);
}
