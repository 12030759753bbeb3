/**
 * Configuration is the environment, read once here with a zod schema (STYLE.md habit 6).
 * A bad value fails start-up with a message naming the variable. Documented in the README.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { BrandVariant } from '@portal/shared/enums';
import {
  DOCUMENT_TEXT_MEMORY_MB_DEFAULT,
  DOCUMENT_TEXT_TIMEOUT_MS_DEFAULT,
  FILE_SWEEP_GRACE_MS,
  METRICS_TOKEN_MIN,
  OVERLOAD_EVENT_LOOP_DELAY_MS,
  OVERLOAD_HEAP_USED_BYTES,
  RENDER_CACHE_BYTES_MAX,
  RENDER_CACHE_ENTRIES_MAX,
  SESSION_MAX_AGE_DAYS_DEFAULT,
} from '@portal/shared/limits';
import { FEATURE_FLAG_DEFAULTS, FEATURE_FLAGS, type FeatureFlag } from '@portal/shared/schemas/site';
import { parseSecretsKey, type SecretsKeyring } from './lib/secrets.js';
import { FAULT_POINT_NAMES, type FaultPointName } from './lib/fault-points.js';
import { bool, FileStoreEnv, fileStoreOf, type FileStoreConfig } from './config-file-store.js';

export type { FileStoreConfig };

/** The repository root (apps/server/{src,dist}/config.* → ../../..). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const SECRETS_KEY_MESSAGE = 'must be 32 bytes in base64 (make one with: openssl rand -base64 32)';

const EnvSchema = FileStoreEnv.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ message: 'must be a postgres:// URL' }).optional(),
  /**
   * Streaming replicas of DATABASE_URL's server (comma separated postgres:// URLs, issue 36): search, item
   * detail, public pages and the feeds read from them (db/replicas.ts).
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((url) => url.trim())
        .filter((url) => url.length > 0),
    )
    .pipe(z.array(z.url({ protocol: /^postgres(ql)?$/, message: 'each must be a postgres:// URL' })))
    .optional(),
  SMTP_URL: z.url().optional(),
  /** Where content feedback is e-mailed (000 §2 feedback dialog). */
  SUPPORT_EMAIL: z.email({ message: 'must be an e-mail address' }).default('support@example.edu'),
  /** Where contact form messages go; SUPPORT_EMAIL when unset. */
  CONTACT_EMAIL: z.email({ message: 'must be an e-mail address' }).optional(),
  PUBLIC_BASE_URL: z.url().optional(),
  BASE_DOMAIN: z.string().optional(),
  /** The exercise area (range UI); unset, the portal offers none and mints no code for it. */
  RANGE_UI_URL: z.url().optional(),
  /** The longest a session lasts from its sign-in, in days; refreshing cannot extend it. */
  SESSION_MAX_AGE_DAYS: z.coerce.number().min(0.01).max(365).default(SESSION_MAX_AGE_DAYS_DEFAULT),
  COURSEWARE_INDEX_URL: z.url().optional(),
  CALL_FOR_COURSEWARE_URL: z.url().optional(),
  /** The external careers site the jobs page links to (001 §1). */
  CAREERS_URL: z.url().optional(),
  /** Where /conference redirects; unset, /conference is not a route (001 §2). */
  CONFERENCE_URL: z.url().optional(),
  /** The home page's explainer video (embedded); unset, no video is shown (001 §1). */
  LANDING_VIDEO_URL: z.url().optional(),
  /** The knowledge base the help menu opens in a new tab (001 §2 Header). */
  KNOWLEDGE_BASE_URL: z.url().optional(),
  SEED_DEMO: bool.optional(),
  SHARED_DATA_DIR: z.string().optional(),
  /** Secret for the access-token signing key; by default a key is generated and kept in the database. */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Earlier JWT_SECRET values (comma separated) that still verify tokens, to rotate without signing anyone out. */
  JWT_SECRET_PREVIOUS: z.string().optional(),
  /**
   * The key (32 bytes, base64: `openssl rand -base64 32`) that seals the signing keys and the download
   * secret in the database with AES-256-GCM; unset, they are stored plain.
   */
  SECRETS_KEY: z
    .string()
    .refine((v) => parseSecretsKey(v) !== undefined, SECRETS_KEY_MESSAGE)
    .transform((v) => parseSecretsKey(v)!)
    .optional(),
  /** Earlier SECRETS_KEY values (comma separated): they still open, and each secret is sealed again under SECRETS_KEY at start. */
  SECRETS_KEY_PREVIOUS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k.length > 0),
    )
    .refine((keys) => keys.every((k) => parseSecretsKey(k) !== undefined), `each key ${SECRETS_KEY_MESSAGE}`)
    .transform((keys) => keys.map((k) => parseSecretsKey(k)!))
    .optional(),
  /**
   * LTI 1.3 (issue 26): true lets an admin register a platform whose addresses are plain http on this
   * machine (127.0.0.1, [::1], localhost): for tests and a developer's LMS only; otherwise https only.
   */
  LTI_ALLOW_LOOPBACK_HTTP: bool.default(false),
  /** Sender of outgoing e-mail; by default no-reply at the host of PUBLIC_BASE_URL. */
  MAIL_FROM: z.string().max(320).optional(),
  /**
   * Which proxies may name the client's address in X-Forwarded-For: true, false, or addresses and
   * CIDR ranges (comma separated; `loopback`, `uniquelocal` too). Rate limits per address depend on it.
   */
  TRUST_PROXY: z.string().max(1000).default('loopback'),
  /** How often an idle job worker looks for due jobs (zip bundles), in milliseconds. */
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(10).max(3_600_000).default(1000),
  /** How long a job worker's claim lasts without renewal; a dead worker's job is taken over after it. */
  JOB_LEASE_MS: z.coerce.number().int().min(500).max(3_600_000).default(30_000),
  /** false: this instance only enqueues jobs and leaves the work to other instances. */
  JOB_WORKER: bool.optional(),
  SERVER_RENDERING: bool.optional(),
  /** Longest one document's text is read for, in milliseconds; then its worker is stopped. */
  DOCUMENT_TEXT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(3_600_000)
    .default(DOCUMENT_TEXT_TIMEOUT_MS_DEFAULT),
  /** Heap of the worker thread that reads documents' text, in MB. */
  DOCUMENT_TEXT_MEMORY_MB: z.coerce
    .number()
    .int()
    .min(32)
    .max(16_384)
    .default(DOCUMENT_TEXT_MEMORY_MB_DEFAULT),
  /** Bearer token of GET /metrics (issue 23); unset, /metrics answers 404. */
  METRICS_TOKEN: z.string().min(METRICS_TOKEN_MIN).optional(),
  /**
   * true on a developer's or test machine: every answer's Server-Timing names its stages. Otherwise
   * (production) only callers presenting METRICS_TOKEN get them, others the total alone (issue 33: the
   * stages told a visitor whether someone had searched a phrase lately).
   */
  SERVER_TIMING_DETAILS: bool.default(false),
  /**
   * Load shedding (issue 23): event-loop delay (ms; 0: not watched) and used heap (bytes) over which
   * requests get 503.
   */
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(OVERLOAD_EVENT_LOOP_DELAY_MS),
  OVERLOAD_HEAP_USED_BYTES: z.coerce
    .number()
    .int()
    .min(16 * 1024 * 1024)
    .default(OVERLOAD_HEAP_USED_BYTES),
  /**
   * The in-process render cache of public answers (issue 39, plugins/render-cache.ts): entries and bytes
   * of bodies it holds at most; RENDER_CACHE_BYTES_MAX=0 turns it off.
   */
  RENDER_CACHE_ENTRIES_MAX: z.coerce.number().int().min(1).max(1_000_000).default(RENDER_CACHE_ENTRIES_MAX),
  RENDER_CACHE_BYTES_MAX: z.coerce
    .number()
    .int()
    .min(0)
    .max(16 * 1024 * 1024 * 1024)
    .default(RENDER_CACHE_BYTES_MAX),
  /**
   * Unreferenced objects and partial uploads of the file store are removed once unmodified this long,
   * in milliseconds (issue 23: what a process killed mid-write left).
   */
  FILE_SWEEP_GRACE_MS: z.coerce.number().int().min(0).max(604_800_000).default(FILE_SWEEP_GRACE_MS),
  /** Crash tests only: comma-separated fault points where the process kills itself (lib/fault-points.ts). */
  FAULT_POINTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name.length > 0),
    )
    .pipe(z.array(z.enum(FAULT_POINT_NAMES))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** DATABASE_REPLICA_URLS: the read replicas' URLs; empty without any (then every read goes to the primary). */
  databaseReplicaUrls: string[];
  smtpUrl: string | undefined;
  supportEmail: string;
  /** Where contact form messages go (CONTACT_EMAIL, else SUPPORT_EMAIL). */
  contactEmail: string;
  publicBaseUrl: string;
  brand: BrandVariant;
  /** The exercise area's base address, or null when none is configured. */
  rangeUiUrl: string | null;
  /** SESSION_MAX_AGE_DAYS in seconds. */
  sessionMaxAgeS: number;
  coursewareIndexUrl: string | null;
  callForCoursewareUrl: string | null;
  careersUrl: string | null;
  conferenceUrl: string | null;
  landingVideoUrl: string | null;
  knowledgeBaseUrl: string | null;
  seedDemo: boolean;
  sharedDataDir: string;
  jwtSecret: string | undefined;
  /** Earlier secrets that still verify (JWT_SECRET_PREVIOUS). */
  jwtPreviousSecrets: string[];
  /** SECRETS_KEY (seals) and SECRETS_KEY_PREVIOUS (still open): the keys of the secrets at rest. */
  secretsKeyring: SecretsKeyring;
  /** LTI_ALLOW_LOOPBACK_HTTP: platforms may be registered at plain-http loopback addresses (tests, dev). */
  ltiAllowLoopbackHttp: boolean;
  mailFrom: string;
  /** Fastify's trustProxy, from TRUST_PROXY. */
  trustProxy: boolean | string;
  jobPollIntervalMs: number;
  jobLeaseMs: number;
  isJobWorker: boolean;
  /** Bounds of the document text worker (DOCUMENT_TEXT_TIMEOUT_MS, DOCUMENT_TEXT_MEMORY_MB). */
  documentTextTimeoutMs: number;
  documentTextMemoryMb: number;
  logLevel: string;
  /** METRICS_TOKEN: the bearer token of /metrics, or null (then /metrics is 404). */
  metricsToken: string | null;
  /** SERVER_TIMING_DETAILS: every caller gets Server-Timing's stages, not only those with METRICS_TOKEN. */
  isServerTimingDetailed: boolean;
  /** Load shedding thresholds (OVERLOAD_EVENT_LOOP_DELAY_MS, OVERLOAD_HEAP_USED_BYTES). */
  overloadEventLoopDelayMs: number;
  overloadHeapUsedBytes: number;
  /** The in-process render cache's bounds (RENDER_CACHE_ENTRIES_MAX, RENDER_CACHE_BYTES_MAX; 0 bytes: off). */
  renderCacheEntriesMax: number;
  renderCacheBytesMax: number;
  /** FILE_SWEEP_GRACE_MS: how old an unreferenced object or partial upload must be to be swept. */
  fileSweepGraceMs: number;
  /** FILE_STORE and its S3_* settings: where files are kept. */
  fileStore: FileStoreConfig;
  /** FAULT_POINTS: where a crash test's process kills itself; empty outside those tests. */
  faultPoints: FaultPointName[];
  /** The flags' values without an admin's choice: FEATURE_<NAME> or the defaults of 001 §9. */
  features: Record<FeatureFlag, boolean>;
  /** Flags set by FEATURE_<NAME>: pinned, an admin cannot switch them. */
  pinnedFeatures: FeatureFlag[];
  webDistDir: string;
  /** The built server entry of the web app (issue 22); public pages are rendered by it when it exists. */
  webServerEntry: string;
  /** SERVER_RENDERING: `false` serves every page as the empty app, started in the browser. */
  isServerRendering: boolean;
}

/** `FEATURE_CALL_FOR_COURSEWARE` ↔ `callForCourseware`. */
function envNameOf(flag: FeatureFlag): string {
  return `FEATURE_${flag.replace(/([A-Z0-9]+)/g, '_$1').toUpperCase()}`;
}

/** The state variant is picked when the base domain names a state site (001 §1: national is the default). */
function brandOf(baseDomain: string | undefined): BrandVariant {
  return baseDomain && /(^|\.)state\./i.test(baseDomain) ? 'state' : 'national';
}

/** TRUST_PROXY as Fastify takes it: a boolean, or addresses and ranges. */
function trustProxyOf(value: string): boolean | string {
  return value === 'true' || value === 'false' ? value === 'true' : value;
}

/**
 * Reads and validates the environment.
 * @throws Error naming each bad variable
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.DATABASE_REPLICA_URLS && e.DATABASE_REPLICA_URLS.length > 0 && !e.DATABASE_URL)
    throw new Error(
      'Invalid configuration:\n  DATABASE_REPLICA_URLS: replicas need DATABASE_URL, the PostgreSQL server they replicate',
    );
  const features = { ...FEATURE_FLAG_DEFAULTS } as Record<FeatureFlag, boolean>;
  const pinnedFeatures: FeatureFlag[] = [];
  for (const flag of FEATURE_FLAGS) {
    const name = envNameOf(flag);
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    if (raw !== 'true' && raw !== 'false')
      throw new Error(`Invalid configuration:\n  ${name}: use true or false`);
    features[flag] = raw === 'true';
    pinnedFeatures.push(flag);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrls: e.DATABASE_REPLICA_URLS ?? [],
    smtpUrl: e.SMTP_URL,
    supportEmail: e.SUPPORT_EMAIL,
    contactEmail: e.CONTACT_EMAIL ?? e.SUPPORT_EMAIL,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    brand: brandOf(e.BASE_DOMAIN),
    rangeUiUrl: e.RANGE_UI_URL ?? null,
    sessionMaxAgeS: Math.round(e.SESSION_MAX_AGE_DAYS * 86_400),
    coursewareIndexUrl: e.COURSEWARE_INDEX_URL ?? null,
    callForCoursewareUrl: e.CALL_FOR_COURSEWARE_URL ?? null,
    careersUrl: e.CAREERS_URL ?? null,
    conferenceUrl: e.CONFERENCE_URL ?? null,
    landingVideoUrl: e.LANDING_VIDEO_URL ?? null,
    knowledgeBaseUrl: e.KNOWLEDGE_BASE_URL ?? null,
    // Demo data are for the embedded default; on a server they are imported only when asked for.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    sharedDataDir: path.resolve(e.SHARED_DATA_DIR ?? path.join(REPO_ROOT, '..', 'shared', 'data')),
    jwtSecret: e.JWT_SECRET,
    jwtPreviousSecrets: (e.JWT_SECRET_PREVIOUS ?? '')
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v.length > 0),
    secretsKeyring: { current: e.SECRETS_KEY ?? null, previous: e.SECRETS_KEY_PREVIOUS ?? [] },
    ltiAllowLoopbackHttp: e.LTI_ALLOW_LOOPBACK_HTTP,
    mailFrom:
      e.MAIL_FROM ??
      `Cyber Range Portal <no-reply@${new URL(e.PUBLIC_BASE_URL ?? 'http://localhost').hostname}>`,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    jobPollIntervalMs: e.JOB_POLL_INTERVAL_MS,
    jobLeaseMs: e.JOB_LEASE_MS,
    isJobWorker: e.JOB_WORKER ?? true,
    documentTextTimeoutMs: e.DOCUMENT_TEXT_TIMEOUT_MS,
    documentTextMemoryMb: e.DOCUMENT_TEXT_MEMORY_MB,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    isServerTimingDetailed: e.SERVER_TIMING_DETAILS,
    overloadEventLoopDelayMs: e.OVERLOAD_EVENT_LOOP_DELAY_MS,
    overloadHeapUsedBytes: e.OVERLOAD_HEAP_USED_BYTES,
    renderCacheEntriesMax: e.RENDER_CACHE_ENTRIES_MAX,
    renderCacheBytesMax: e.RENDER_CACHE_BYTES_MAX,
    fileSweepGraceMs: e.FILE_SWEEP_GRACE_MS,
    fileStore: fileStoreOf(e),
    faultPoints: e.FAULT_POINTS,
    features,
    pinnedFeatures,
    webDistDir: path.join(REPO_ROOT, 'apps', 'web', 'dist'),
    webServerEntry: path.join(REPO_ROOT, 'apps', 'web', 'dist-server', 'entry-server.js'),
    isServerRendering: e.SERVER_RENDERING ?? true,
  };
}
