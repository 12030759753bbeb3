/**
 * Organizations (DESIGN.md "Organizations"): schools and agencies, called business units in the
 * statistics (001 §3 download data point) and organizations in support requests (001 §7).
 * An account belongs to at most one.
 */
import { z } from 'zod';
import { CATEGORY_GROUPS } from '../enums.js';
import { ORGANIZATION_NAME_MAX, ORGANIZATION_REGION_MAX, ORGANIZATIONS_PAGE_SIZE_MAX } from '../limits.js';
import { PageTokenSchema, UuidSchema, pageOf } from './common.js';

export const OrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(CATEGORY_GROUPS),
  region: z.string(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/** Create an organization: name required, category, region optional. */
export const CreateOrganizationRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(ORGANIZATION_NAME_MAX),
  category: z.enum(CATEGORY_GROUPS),
  region: z.string().trim().max(ORGANIZATION_REGION_MAX).default(''),
});
export type CreateOrganizationRequest = z.infer<typeof CreateOrganizationRequestSchema>;

/** List organizations by name, paged by nextPageToken. */
export const ListOrganizationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(ORGANIZATIONS_PAGE_SIZE_MAX).default(ORGANIZATIONS_PAGE_SIZE_MAX),
  token: PageTokenSchema.optional(),
});
export type ListOrganizationsQuery = z.infer<typeof ListOrganizationsQuerySchema>;

export const OrganizationPageSchema = pageOf(OrganizationSchema);
export type OrganizationPage = z.infer<typeof OrganizationPageSchema>;

/** Set (or clear with null) the business unit of an account. */
export const SetAccountOrganizationRequestSchema = z.object({
  organizationId: UuidSchema.nullable(),
});
export type SetAccountOrganizationRequest = z.infer<typeof SetAccountOrganizationRequestSchema>;

/** An account's business unit as the admin user screen shows it. */
export const AccountOrganizationSchema = z.object({ organization: OrganizationSchema.nullable() });
export type AccountOrganization = z.infer<typeof AccountOrganizationSchema>;
