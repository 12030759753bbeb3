/**
 * Site configuration from the block the server writes into the page, else /dist/env.json (001 §2:
 * fetched at start-up with a timestamp query; DESIGN.md; issue 22):
 * brand variant, addresses and feature flags. A flag is on unless strictly false (001 §9).
 */
import { createContext, useContext, type ReactNode } from 'react';
import { FEATURE_FLAG_DEFAULTS, isFeatureOn, type FeatureFlag } from '@portal/shared/features';
import type { EnvJson } from '@portal/shared/schemas/site';
import { apiRequest } from './api-client';
import { reportError } from './error-reporting';

/** The site configuration's schema, loaded when a page started in the browser reads it (not on a rendered page). */
const loadSiteSchemas = () => import('@portal/shared/schemas/site');

/** Used when env.json cannot be read: the national brand and the default flags. */
export const DEFAULT_ENV: EnvJson = {
  brand: 'national',
  publicBaseUrl: '',
  rangeUiUrl: '',
  coursewareIndexUrl: null,
  callForCoursewareUrl: null,
  careersUrl: null,
  conferenceUrl: null,
  landingVideoUrl: null,
  knowledgeBaseUrl: null,
  supportEmail: '',
  features: { ...FEATURE_FLAG_DEFAULTS },
  pinnedFeatures: [],
};

/**
 * The configuration the server wrote into the page (issue 22: a non-executable
 * `<script type="application/json" id="env">` block); undefined when the page has none or it does not
 * parse, so that the caller fetches the file instead.
 */
export async function readInlineEnv(doc: Document = document): Promise<EnvJson | undefined> {
  const text = doc.getElementById('env')?.textContent;
  if (!text) return undefined;
  const { EnvJsonSchema } = await loadSiteSchemas();
  try {
    return EnvJsonSchema.parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * The site configuration: the block the server wrote into the page when there is one, else
 * /dist/env.json?t=<now> (the timestamp defeats caches). Never throws: on failure the error is reported
 * to the shell and the defaults are used.
 */
export async function fetchEnv(): Promise<EnvJson> {
  const inline = await readInlineEnv();
  if (inline) return inline;
  try {
    return await apiRequest('/dist/env.json', {
      query: { t: Date.now() },
      schema: async () => (await loadSiteSchemas()).EnvJsonSchema,
    });
  } catch (error) {
    reportError(error);
    return DEFAULT_ENV;
  }
}

const EnvContext = createContext<EnvJson>(DEFAULT_ENV);

/** Provides the site configuration read at start-up. Props: `env`, `children`. */
export function EnvProvider({ env, children }: { env: EnvJson; children: ReactNode }) {
  return <EnvContext.Provider value={env}>{children}</EnvContext.Provider>;
}

/** The site configuration (brand, addresses, flags). */
export function useEnv(): EnvJson {
  return useContext(EnvContext);
}

/** Whether a feature flag is on (001 §9: on unless strictly false). */
export function useFeature(flag: FeatureFlag): boolean {
  return isFeatureOn(useEnv().features, flag);
}
