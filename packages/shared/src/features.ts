/**
 * The site's feature flags and their defaults (001 §9), without zod: the browser's start-up reads them
 * (issue 22: no schema library before a public page's first paint). schemas/site.ts re-exports them.
 */

/**
 * Feature flags and their defaults (001 §9). A flag is on unless strictly false, so the "other flags"
 * the specification names without a default (feature, k12 advisory, weekly workshop) are on.
 */
export const FEATURE_FLAG_DEFAULTS = {
  coursewareSearch: true,
  titleImage: true,
  coursewarePage: true,
  pricing: true,
  home: true,
  about: true,
  contact: true,
  events: false,
  team: false,
  jobs: false,
  community: false,
  k12: false,
  resources: false,
  workshops: false,
  callForCourseware: false,
  news: false,
  conference2018: false,
  feature: true,
  k12Advisory: true,
  weeklyWorkshop: true,
} as const;
export type FeatureFlag = keyof typeof FEATURE_FLAG_DEFAULTS;
export const FEATURE_FLAGS = Object.keys(FEATURE_FLAG_DEFAULTS) as FeatureFlag[];

/** The store treats a flag as on unless it is strictly false (001 §9). */
export function isFeatureOn(features: Record<string, boolean | undefined>, flag: FeatureFlag): boolean {
  return features[flag] !== false;
}
