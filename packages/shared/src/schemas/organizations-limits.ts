/**
 * Limits of business units (organizations).
 * Re-exported by `limits.ts`: import them from `@portal/shared/limits`.
 */

/** Business units (organizations): name and region lengths. */
export const ORGANIZATION_NAME_MAX = 256;
export const ORGANIZATION_REGION_MAX = 128;
/** Organizations per page of their list. */
export const ORGANIZATIONS_PAGE_SIZE_MAX = 1000;
