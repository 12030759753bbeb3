/**
 * Site configuration the browser reads from /dist/env.json (DESIGN.md "Contracts"), the admin's site
 * settings (feature flags switched in the portal) and unsafe-site incidents (001 §2 /unsafe_site).
 */
import { z } from 'zod';
import { BRAND_VARIANTS } from '../enums.js';
import { FEATURE_FLAG_DEFAULTS, type FeatureFlag } from '../features.js';
import { UNSAFE_SITE_ADDRESS_MAX } from '../limits.js';
import { PageTokenSchema, TimestampSchema, pageOf } from './common.js';

// The flags themselves live in features.ts, without zod, for the browser's start-up (issue 22).
export { FEATURE_FLAG_DEFAULTS, FEATURE_FLAGS, isFeatureOn, type FeatureFlag } from '../features.js';
export const EnvJsonSchema = z.object({
  brand: z.enum(BRAND_VARIANTS),
  publicBaseUrl: z.string(),
  rangeUiUrl: z.string(),
  coursewareIndexUrl: z.string().nullable(),
  callForCoursewareUrl: z.string().nullable(),
  /** The external careers site of the jobs page (CAREERS_URL). */
  careersUrl: z.string().nullable().default(null),
  /** Where /conference sends the browser (CONFERENCE_URL); null: the 2018 conference page. */
  conferenceUrl: z.string().nullable().default(null),
  /** The home page's explainer video (LANDING_VIDEO_URL); null: no video. */
  landingVideoUrl: z.string().nullable().default(null),
  /** The knowledge base opened by the help menu (KNOWLEDGE_BASE_URL). */
  knowledgeBaseUrl: z.string().nullable().default(null),
  /** The support address (SUPPORT_EMAIL), linked from the knowledge-base notice. */
  supportEmail: z.string().default(''),
  features: z.record(z.string(), z.boolean()),
  /** Flags the environment pins (FEATURE_<NAME> set): an admin cannot switch them. */
  pinnedFeatures: z.array(z.string()).default([]),
});
export type EnvJson = z.infer<typeof EnvJsonSchema>;

/** One flag as the Site settings screen shows it: its value, its default and whether it is pinned. */
export const SiteFlagSchema = z.object({
  flag: z.enum(Object.keys(FEATURE_FLAG_DEFAULTS) as [FeatureFlag, ...FeatureFlag[]]),
  isOn: z.boolean(),
  /** The value without an admin's choice: the environment's or the default of 001 §9. */
  defaultValue: z.boolean(),
  /** Set by FEATURE_<NAME>: shown as such and cannot be switched. */
  isPinned: z.boolean(),
  /** The admin's choice, or null when the flag follows its default. */
  override: z.boolean().nullable(),
});
export type SiteFlag = z.infer<typeof SiteFlagSchema>;

/** GET /api/v1/site/settings. */
export const SiteSettingsSchema = z.object({ flags: z.array(SiteFlagSchema) });
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/**
 * PUT /api/v1/site/settings: the admin's choice per flag; null returns a flag to its default. Flags not
 * named keep their state. A pinned flag is refused with 409 naming it.
 */
export const UpdateSiteSettingsRequestSchema = z.object({
  flags: z
    .partialRecord(
      z.enum(Object.keys(FEATURE_FLAG_DEFAULTS) as [FeatureFlag, ...FeatureFlag[]]),
      z.boolean().nullable(),
    )
    .refine((flags) => Object.keys(flags).length > 0, 'Name at least one flag'),
});
export type UpdateSiteSettingsRequest = z.infer<typeof UpdateSiteSettingsRequestSchema>;

/** POST /api/v1/site/unsafe-site-incidents: what the warning page reports (001 §2 /unsafe_site). */
export const ReportUnsafeSiteRequestSchema = z.object({
  /** The blocked address the visitor came from (the referrer or the `url` query), if known. */
  address: z.string().trim().max(UNSAFE_SITE_ADDRESS_MAX).nullable().default(null),
});
export type ReportUnsafeSiteRequest = z.infer<typeof ReportUnsafeSiteRequestSchema>;

export const UnsafeSiteIncidentSchema = z.object({
  id: z.string(),
  address: z.string().nullable(),
  /** The reporting browser's user agent, cut to UNSAFE_SITE_ADDRESS_MAX. */
  userAgent: z.string().nullable(),
  /** The signed-in reporter's e-mail, or null for a visitor. */
  reporterEmail: z.string().nullable(),
  createdAt: TimestampSchema,
});
export type UnsafeSiteIncident = z.infer<typeof UnsafeSiteIncidentSchema>;

/** GET /api/v1/site/unsafe-site-incidents: newest first, paged by `pageToken`. */
export const UnsafeSiteIncidentsQuerySchema = z.object({ pageToken: PageTokenSchema.optional() });
export const UnsafeSiteIncidentsResponseSchema = pageOf(UnsafeSiteIncidentSchema);
export type UnsafeSiteIncidentsResponse = z.infer<typeof UnsafeSiteIncidentsResponseSchema>;
