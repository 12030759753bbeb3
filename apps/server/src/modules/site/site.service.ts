/**
 * Site settings and unsafe-site incidents (001 §2, §9). A flag's value is the admin's choice when there
 * is one, else the environment's FEATURE_<NAME>, else the default of 001 §9; a flag the environment sets
 * is pinned and cannot be switched. Values are read from the database on every request, so a switch
 * reaches every instance's /dist/env.json at once, without a restart.
 */
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import {
  UNSAFE_SITE_ADDRESS_MAX,
  UNSAFE_SITE_INCIDENTS_PAGE_SIZE,
  UNSAFE_SITE_REPORT_RATE_MAX,
  UNSAFE_SITE_REPORT_RATE_WINDOW_MS,
  UNSAFE_SITE_REPORT_REPEAT_MS,
} from '@portal/shared/limits';
import {
  FEATURE_FLAGS,
  type EnvJson,
  type FeatureFlag,
  type ReportUnsafeSiteRequest,
  type SiteSettings,
  type UnsafeSiteIncidentsResponse,
  type UpdateSiteSettingsRequest,
} from '@portal/shared/schemas/site';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { isoTimestamp } from '../../db/rows.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import { hitRateLimits, isWithinLimit, rateLimitKey } from '../../lib/rate-limit.js';
import { sha256 } from '../identity/identity.service.js';
import {
  deleteFlagOverride,
  insertIncident,
  listIncidents,
  readFlagOverrides,
  upsertFlagOverride,
} from './site.repository.js';

type FlagConfig = Pick<Config, 'features' | 'pinnedFeatures'>;

/**
 * The browser's configuration (DESIGN.md): brand, addresses and the flags in force. Served as
 * /dist/env.json and written into every served page of the app (issue 22), so both read the same.
 */
export async function envJsonFor(db: Db, config: Config): Promise<EnvJson> {
  return {
    brand: config.brand,
    publicBaseUrl: config.publicBaseUrl,
    rangeUiUrl: config.rangeUiUrl ?? '',
    coursewareIndexUrl: config.coursewareIndexUrl,
    callForCoursewareUrl: config.callForCoursewareUrl,
    careersUrl: config.careersUrl,
    conferenceUrl: config.conferenceUrl,
    landingVideoUrl: config.landingVideoUrl,
    knowledgeBaseUrl: config.knowledgeBaseUrl,
    supportEmail: config.supportEmail,
    features: await effectiveFeatures(db, config),
    pinnedFeatures: config.pinnedFeatures,
  };
}

/** The flags in force: the admin's choices over the configuration (pinned flags keep the environment's). */
export async function effectiveFeatures(db: Db, config: FlagConfig): Promise<Record<FeatureFlag, boolean>> {
  const overrides = await readFlagOverrides(db);
  const features = { ...config.features };
  for (const flag of FEATURE_FLAGS) {
    const override = overrides.get(flag);
    if (override !== undefined && !config.pinnedFeatures.includes(flag)) features[flag] = override;
  }
  return features;
}

/** Every flag with its value, default, pin and the admin's choice, in the order of 001 §9. */
export async function getSiteSettings(db: Db, config: FlagConfig): Promise<SiteSettings> {
  const overrides = await readFlagOverrides(db);
  return {
    flags: FEATURE_FLAGS.map((flag) => {
      const isPinned = config.pinnedFeatures.includes(flag);
      const override = isPinned ? null : (overrides.get(flag) ?? null);
      return {
        flag,
        isOn: override ?? config.features[flag],
        defaultValue: config.features[flag],
        isPinned,
        override,
      };
    }),
  };
}

/**
 * Applies an admin's choices in one transaction: true/false sets the flag, null returns it to its
 * default.
 * @throws AppError conflict (409) naming the first pinned flag; nothing is changed then
 */
export async function updateSiteSettings(
  db: Db,
  {
    config,
    request,
    accountId,
  }: { config: FlagConfig; request: UpdateSiteSettingsRequest; accountId: string },
): Promise<SiteSettings> {
  const entries = Object.entries(request.flags) as [FeatureFlag, boolean | null][];
  const pinned = entries.find(([flag]) => config.pinnedFeatures.includes(flag));
  if (pinned)
    throw new AppError(
      'conflict',
      `The flag ${pinned[0]} is pinned by the environment and cannot be switched here.`,
      { field: `flags.${pinned[0]}` },
    );
  await db.transaction(async (tx) => {
    for (const [flag, value] of entries) {
      if (value === null) await deleteFlagOverride(tx, flag);
      else await upsertFlagOverride(tx, { flag, isOn: value, accountId });
    }
  });
  return getSiteSettings(db, config);
}

/** Said past UNSAFE_SITE_REPORT_RATE_MAX reports from one network address a window. */
export const TOO_MANY_UNSAFE_SITE_REPORTS = 'Too many reports from your network. Please try again later.';

/**
 * Records a visit of the unsafe-site warning page; the user agent is cut to the address limit. A public
 * write, so it is limited per network address (issue 20) and a repeat of the same page from the same
 * network within UNSAFE_SITE_REPORT_REPEAT_MS is answered the same but stores nothing.
 * @param input.ip the client's address (counted by its network: an IPv6 client by its /64)
 * @throws RateLimitedError (429) past UNSAFE_SITE_REPORT_RATE_MAX reports a window from one network
 */
export async function reportUnsafeSite(
  db: Db,
  input: ReportUnsafeSiteRequest & { userAgent: string | undefined; reporterId: string | null; ip: string },
): Promise<void> {
  await hitRateLimits(db, {
    keys: [
      {
        key: rateLimitKey.unsafeSiteAddress(input.ip),
        limit: { max: UNSAFE_SITE_REPORT_RATE_MAX, windowMs: UNSAFE_SITE_REPORT_RATE_WINDOW_MS },
        message: TOO_MANY_UNSAFE_SITE_REPORTS,
      },
    ],
  });
  const repeat = rateLimitKey.unsafeSiteReport(input.ip, sha256(input.address ?? ''));
  if (!(await isWithinLimit(db, { key: repeat, limit: { max: 1, windowMs: UNSAFE_SITE_REPORT_REPEAT_MS } })))
    return;
  await db.transaction(async (tx) => {
    await insertIncident(tx, {
      address: input.address || null,
      userAgent: input.userAgent ? input.userAgent.slice(0, UNSAFE_SITE_ADDRESS_MAX) : null,
      reporterId: input.reporterId,
    });
  });
}

const CursorSchema = z.object({ id: z.uuid() });

/** One page of incidents, newest first. @throws AppError invalid_input for a foreign page token */
export async function listUnsafeSiteIncidents(
  db: Db,
  query: { pageToken?: string },
): Promise<UnsafeSiteIncidentsResponse> {
  const afterId = decodePageToken(query.pageToken, CursorSchema)?.id;
  const rows = await listIncidents(db, { afterId, limit: UNSAFE_SITE_INCIDENTS_PAGE_SIZE + 1 });
  const { page, nextPageToken } = keysetPage(rows, UNSAFE_SITE_INCIDENTS_PAGE_SIZE, (last) => ({
    id: last.id,
  }));
  return {
    items: page.map((r) => ({ ...r, createdAt: isoTimestamp(r.createdAt) })),
    nextPageToken,
  };
}
