/** Site configuration the browser reads from /dist/env.json (DESIGN.md "Contracts"). */
import { z } from 'zod';
import { BRAND_VARIANTS } from '../enums.js';

/** Feature flags and their defaults (001 §9). A flag is on unless strictly false. */
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
  feature: false,
  k12Advisory: false,
  weeklyWorkshop: false,
} as const;
export type FeatureFlag = keyof typeof FEATURE_FLAG_DEFAULTS;
export const FEATURE_FLAGS = Object.keys(FEATURE_FLAG_DEFAULTS) as FeatureFlag[];

export const EnvJsonSchema = z.object({
  brand: z.enum(BRAND_VARIANTS),
  publicBaseUrl: z.string(),
  rangeUiUrl: z.string(),
  coursewareIndexUrl: z.string().nullable(),
  callForCoursewareUrl: z.string().nullable(),
  features: z.record(z.string(), z.boolean()),
});
export type EnvJson = z.infer<typeof EnvJsonSchema>;

/** The store treats a flag as on unless it is strictly false (001 §9). */
export function isFeatureOn(features: Record<string, boolean | undefined>, flag: FeatureFlag): boolean {
  return features[flag] !== false;
}
