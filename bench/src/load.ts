/**
 * Load bench (issue 23 "Load, measured"): `autocannon` against the built server (apps/server/dist) on
 * the PostgreSQL server, with the 100,000-item catalogue of run.ts.
 *
 * 1. **Sustainable rate** of the home page, a courseware item (its API detail, aliases rotated) and
 *    three searches (rare, frequent, misspelt): the highest request rate each holds for a step of
 *    STEP_SECONDS with p99 under P99_TARGET_MS, no error, no timeout, no non-2xx answer, and at least
 *    RATE_KEPT_SHARE of the asked rate served. Rates double from RATE_START until a step fails, then
 *    are bisected BISECT_STEPS times.
 * 2. **Mix**: MIX_CONNECTIONS connections for MIX_SECONDS, unthrottled, on the mix of MIX (60 % item
 *    and home, 30 % search, 10 % downloads of a public handout): no error, no timeout; p50/p99.
 * 3. **Soak**: the mix at half its own sustainable rate for SOAK_MINUTES; the server's resident memory
 *    (VmRSS, /proc) sampled every RSS_SAMPLE_MS; growth from minute 2 to the end under
 *    SOAK_RSS_GROWTH_MAX, no error.
 *
 * Load generator and server share this machine's cores, so the figures are ratios of one machine:
 * its CPU model, core count and load averages are printed beside them. Writes `.bench/load.json`.
 *
 * Options: --soak-minutes=N (default 10), --step-seconds=N (default 8), --items=N (run.ts's catalogue).
 * Exits 1 when a phase errs or misses its target.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { content } from '../../apps/server/src/db/schema/courseware.js';
import { file } from '../../apps/server/src/db/schema/files.js';
import { createLocalFileStore } from '../../apps/server/src/lib/storage.js';
import { storeFile } from '../../apps/server/src/testing/fixtures.js';
import { freePort } from '../../apps/server/src/testing/free-port.js';
import { eq } from 'drizzle-orm';
import { startServer, type Server } from './bundle-harness.js';
import { METRICS_TOKEN_HEADER } from '../../apps/server/src/lib/metrics-token.js';
import {
  BENCH_METRICS_TOKEN,
  COURSEWARE_DIR,
  FREQUENT_TERM,
  MISSPELT_TERM,
  OUTPUT_DIR,
  RARE_TERM,
} from './config.js';
import { readCorpus } from './corpus.js';
import { postgresAnswers, preparePostgres, type PreparedCatalogue } from './databases.js';
import { readMemory } from './server-process.js';
import { VARIANTS } from './variants.js';

/** A step's p99 must stay under this, in milliseconds (issue 23). */
const P99_TARGET_MS = 250;
/** Share of the asked rate a step must serve to count as sustained. */
const RATE_KEPT_SHARE = 0.95;
/** The first rate tried, requests per second. */
const RATE_START = 50;
/** The highest rate tried: beyond it the generator, not the server, is what is measured. */
const RATE_MAX = 12_800;
/** Halvings of the interval between the last rate held and the first one missed. */
const BISECT_STEPS = 3;
/**
 * Connections of a step at a given rate: one per RATE_PER_CONNECTION requests a second, between the
 * bounds. autocannon paces each connection alike, so they fire together: more connections than the
 * rate needs would send bursts that measure the burst, not the rate.
 */
const RATE_PER_CONNECTION = 50;
const STEP_CONNECTIONS_MIN = 2;
const STEP_CONNECTIONS_MAX = 64;
/** Untimed requests before each target's ramp, so that caches and the JIT are warm. */
const WARMUP_SECONDS = 3;
const MIX_CONNECTIONS = 200;
const MIX_SECONDS = 60;
const SOAK_MINUTES_DEFAULT = 10;
const STEP_SECONDS_DEFAULT = 8;
/** The soak's memory is compared from this minute on (start-up and warm caches excluded). */
const SOAK_BASELINE_MINUTE = 2;
const SOAK_RSS_GROWTH_MAX = 0.1;
const RSS_SAMPLE_MS = 10_000;
/** autocannon's per-request timeout, in seconds: an answer slower than this is a timeout. */
const REQUEST_TIMEOUT_S = 10;
/** The handout downloaded by the mix: a typical PDF's size. */
const HANDOUT_BYTES = 256 * 1024;
const MB = 1024 * 1024;
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

const log = (line: string) => console.log(line);
const search = (q: string) => `/api/v1/content/search?${new URLSearchParams({ q })}`;

/** One kind of request of the bench: a fixed path, or paths taken in turn. */
interface Target {
  key: string;
  label: string;
  paths: readonly string[];
}

/** What one autocannon run measured. */
interface RunFigures {
  askedRate: number | null;
  servedRate: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface RateResult {
  key: string;
  label: string;
  /** The highest rate held (requests per second), 0 when even RATE_START was not. */
  sustainedRate: number;
  /** The figures of the step at that rate. */
  atRate: RunFigures | null;
  steps: RunFigures[];
}

/** Runs autocannon with `options` over the paths of `targets` (each connection takes them in turn). */
async function cannon(
  baseUrl: string,
  paths: readonly string[],
  options: { connections: number; seconds: number; rate?: number },
): Promise<RunFigures> {
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    timeout: REQUEST_TIMEOUT_S,
    ...(options.rate ? { overallRate: options.rate } : {}),
    headers: { 'accept-encoding': 'br, gzip', [METRICS_TOKEN_HEADER]: BENCH_METRICS_TOKEN },
    requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  return {
    askedRate: options.rate ?? null,
    servedRate: result.requests.total / options.seconds,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

/** How many connections carry `rate` requests a second (see RATE_PER_CONNECTION). */
function connectionsFor(rate: number): number {
  return Math.min(
    STEP_CONNECTIONS_MAX,
    Math.max(STEP_CONNECTIONS_MIN, Math.ceil(rate / RATE_PER_CONNECTION)),
  );
}

/** Whether a step held its rate: p99 under target, nothing failed, the rate served. */
function isHeld(figures: RunFigures): boolean {
  return (
    figures.p99Ms < P99_TARGET_MS &&
    figures.errors === 0 &&
    figures.timeouts === 0 &&
    figures.non2xx === 0 &&
    figures.servedRate >= RATE_KEPT_SHARE * (figures.askedRate ?? 0)
  );
}

/** Doubles the rate until a step fails, then bisects: the highest rate `target` holds. */
async function sustainableRate(baseUrl: string, target: Target, stepSeconds: number): Promise<RateResult> {
  await cannon(baseUrl, target.paths, { connections: STEP_CONNECTIONS_MIN, seconds: WARMUP_SECONDS });
  const steps: RunFigures[] = [];
  const step = async (rate: number) => {
    const figures = await cannon(baseUrl, target.paths, {
      connections: connectionsFor(rate),
      seconds: stepSeconds,
      rate,
    });
    steps.push(figures);
    log(
      `    ${target.key.padEnd(10)} ${String(rate).padStart(6)}/s asked: ${figures.servedRate.toFixed(0)}/s served, ` +
        `p99 ${figures.p99Ms} ms, errors ${figures.errors + figures.timeouts + figures.non2xx} → ${isHeld(figures) ? 'held' : 'missed'}`,
    );
    return isHeld(figures) ? figures : null;
  };
  let held: { rate: number; figures: RunFigures } | null = null;
  let missed: number | null = null;
  for (let rate = RATE_START; rate <= RATE_MAX; rate *= 2) {
    const figures = await step(rate);
    if (!figures) {
      missed = rate;
      break;
    }
    held = { rate, figures };
  }
  if (missed !== null) {
    let low = held?.rate ?? 0;
    let high = missed;
    for (let i = 0; i < BISECT_STEPS && high - low > 1; i += 1) {
      const rate = Math.round((low + high) / 2);
      const figures = await step(rate);
      if (figures) {
        held = { rate, figures };
        low = rate;
      } else high = rate;
    }
  }
  return {
    key: target.key,
    label: target.label,
    sustainedRate: held?.rate ?? 0,
    atRate: held?.figures ?? null,
    steps,
  };
}

/** The mix at `rate` for `minutes`, sampling the server's memory; growth judged from minute 2. */
async function soak(server: Server, paths: readonly string[], rate: number, minutes: number) {
  const pid = server.proc.pid!;
  const samples: { atMs: number; rssBytes: number }[] = [];
  const started = Date.now();
  const timer = setInterval(() => {
    const memory = readMemory(pid);
    if (memory) samples.push({ atMs: Date.now() - started, rssBytes: memory.rssBytes });
  }, RSS_SAMPLE_MS);
  let figures: RunFigures;
  try {
    figures = await cannon(server.baseUrl, paths, {
      connections: connectionsFor(rate),
      seconds: Math.round((minutes * MINUTE_MS) / SECOND_MS),
      rate,
    });
  } finally {
    clearInterval(timer);
  }
  const end = readMemory(pid);
  if (end) samples.push({ atMs: Date.now() - started, rssBytes: end.rssBytes });
  const fromMs = Math.min(SOAK_BASELINE_MINUTE * MINUTE_MS, (minutes * MINUTE_MS) / 2);
  const baseline = samples.find((s) => s.atMs >= fromMs) ?? samples[0];
  const last = samples.at(-1);
  const growth = baseline && last ? (last.rssBytes - baseline.rssBytes) / baseline.rssBytes : NaN;
  return {
    rate,
    minutes,
    figures,
    rssAtBaselineBytes: baseline?.rssBytes ?? null,
    rssAtEndBytes: last?.rssBytes ?? null,
    peakRssBytes: samples.reduce((m, s) => Math.max(m, s.rssBytes), 0),
    growth,
    isPassed:
      growth < SOAK_RSS_GROWTH_MAX &&
      figures.errors === 0 &&
      figures.timeouts === 0 &&
      figures.non2xx === 0 &&
      figures.servedRate >= RATE_KEPT_SHARE * rate,
  };
}

/** A public handout attached to a published item of the catalogue, for the mix's downloads. */
async function placeHandout(databaseUrl: string, dataDir: string, contentId: string): Promise<string> {
  const database = await openDatabase({ url: databaseUrl });
  try {
    const stored = await storeFile(
      database.db,
      createLocalFileStore(path.join(dataDir, 'files')),
      crypto.randomBytes(HANDOUT_BYTES),
      {
        name: 'Load bench handout',
        filename: 'load-bench-handout.pdf',
        mimeType: 'application/pdf',
        visibility: 'public',
        metadataType: 'content',
        metadataId: contentId,
      },
    );
    return stored.id;
  } finally {
    await database.close();
  }
}

/** Removes the handout's row again, so that a kept catalogue stays as it was built. */
async function removeHandout(databaseUrl: string, fileId: string): Promise<void> {
  const database = await openDatabase({ url: databaseUrl });
  try {
    await database.db.delete(file).where(eq(file.id, fileId));
  } finally {
    await database.close();
  }
}

const fmt = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 0 });

async function main(): Promise<void> {
  const started = Date.now();
  const { values } = parseArgs({
    options: {
      'soak-minutes': { type: 'string' },
      'step-seconds': { type: 'string' },
      items: { type: 'string' },
    },
    allowPositionals: false,
  });
  const soakMinutes = Number(values['soak-minutes'] ?? SOAK_MINUTES_DEFAULT);
  const stepSeconds = Number(values['step-seconds'] ?? STEP_SECONDS_DEFAULT);
  if (!(await postgresAnswers())) {
    log('Load bench: skipped, no PostgreSQL server answers on 127.0.0.1:5432 (the issue measures on it).');
    return;
  }
  const serverEntry = path.resolve(OUTPUT_DIR, '..', 'apps', 'server', 'dist', 'server.js');
  if (!fs.existsSync(serverEntry))
    throw new Error('Build first: npm run build (the bench runs the built server)');
  const cpus = os.cpus();
  const loadBefore = os.loadavg();
  log(
    `Load bench on ${cpus[0]?.model ?? 'unknown CPU'} × ${cpus.length}, load ${loadBefore.map((l) => l.toFixed(2)).join(' ')}; ` +
      'load generator and server share these cores: read the figures as ratios of this machine.',
  );
  const abort = new AbortController();
  const prepared: PreparedCatalogue = await preparePostgres(readCorpus(COURSEWARE_DIR), log, abort.signal);
  const env = await prepared.useVariant(VARIANTS.current);
  const databaseUrl = env['BENCH_DATABASE_URL']!;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-load-'));
  const aliases = prepared.manifest.detailAliases;
  const itemId = await itemIdOf(databaseUrl, aliases[0]!);
  const handoutId = await placeHandout(databaseUrl, dataDir, itemId);
  let server: Server | undefined;
  try {
    server = await startServer(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        METRICS_TOKEN: BENCH_METRICS_TOKEN,
      },
      await freePort(),
    );
    const item = (i: number) => `/api/v1/content/${encodeURIComponent(aliases[i % aliases.length]!)}`;
    const targets: Target[] = [
      { key: 'home', label: 'home page (/)', paths: ['/'] },
      {
        key: 'item',
        label: 'courseware item (API detail)',
        paths: aliases.slice(0, 50).map((_a, i) => item(i)),
      },
      { key: 'rare', label: `search rare "${RARE_TERM}"`, paths: [search(RARE_TERM)] },
      { key: 'frequent', label: `search frequent "${FREQUENT_TERM}"`, paths: [search(FREQUENT_TERM)] },
      { key: 'misspelt', label: `search misspelt "${MISSPELT_TERM}"`, paths: [search(MISSPELT_TERM)] },
    ];
    for (const target of targets) {
      const check = await fetch(`${server.baseUrl}${target.paths[0]}`);
      if (!check.ok) throw new Error(`${target.label}: ${check.status} on the checked request`);
    }
    const download = `/api/v1/files/${handoutId}/content`;
    // 60 % item and home, 30 % search, 10 % downloads, taken in turn by each connection.
    const mix = [
      item(0),
      '/',
      search(RARE_TERM),
      item(1),
      '/',
      search(FREQUENT_TERM),
      item(2),
      '/',
      search(MISSPELT_TERM),
      download,
    ];
    log('Sustainable rates (doubling, then bisecting):');
    const rates: RateResult[] = [];
    for (const target of targets) rates.push(await sustainableRate(server.baseUrl, target, stepSeconds));
    const mixRate = await sustainableRate(
      server.baseUrl,
      { key: 'mix', label: 'the mix', paths: mix },
      stepSeconds,
    );
    log(`Mix: ${MIX_CONNECTIONS} connections for ${MIX_SECONDS} s, unthrottled`);
    const mixRun = await cannon(server.baseUrl, mix, { connections: MIX_CONNECTIONS, seconds: MIX_SECONDS });
    const soakRate = Math.max(1, Math.round(mixRate.sustainedRate / 2));
    log(`Soak: the mix at ${soakRate}/s (half its sustainable rate) for ${soakMinutes} min`);
    const soakResult = await soak(server, mix, soakRate, soakMinutes);
    const loadAfter = os.loadavg();

    log('');
    log(`| target | sustained rate (p99 < ${P99_TARGET_MS} ms) | p50 at it | p99 at it |`);
    log('| --- | ---: | ---: | ---: |');
    for (const r of [...rates, mixRate])
      log(
        `| ${r.label} | ${fmt(r.sustainedRate)}/s | ${r.atRate?.p50Ms ?? '–'} ms | ${r.atRate?.p99Ms ?? '–'} ms |`,
      );
    const mixFailures = mixRun.errors + mixRun.timeouts + mixRun.non2xx;
    log('');
    log(
      `Mix, ${MIX_CONNECTIONS} connections × ${MIX_SECONDS} s: ${fmt(mixRun.servedRate)}/s, p50 ${mixRun.p50Ms} ms, ` +
        `p99 ${mixRun.p99Ms} ms, max ${mixRun.maxMs} ms; errors ${mixRun.errors}, timeouts ${mixRun.timeouts}, ` +
        `non-2xx ${mixRun.non2xx} → ${mixFailures === 0 ? 'PASS' : 'FAIL'}`,
    );
    const mb = (b: number | null) => (b === null ? '–' : `${(b / MB).toFixed(1)} MB`);
    log(
      `Soak, ${soakMinutes} min at ${soakRate}/s: ${fmt(soakResult.figures.servedRate)}/s served, p50 ` +
        `${soakResult.figures.p50Ms} ms, p99 ${soakResult.figures.p99Ms} ms; errors ` +
        `${soakResult.figures.errors + soakResult.figures.timeouts + soakResult.figures.non2xx}; RSS ` +
        `${mb(soakResult.rssAtBaselineBytes)} at minute ${SOAK_BASELINE_MINUTE} → ${mb(soakResult.rssAtEndBytes)} at the end ` +
        `(${(soakResult.growth * 100).toFixed(1)} %, target < ${SOAK_RSS_GROWTH_MAX * 100} %), peak ${mb(soakResult.peakRssBytes)} ` +
        `→ ${soakResult.isPassed ? 'PASS' : 'FAIL'}`,
    );
    log(
      `Machine load after: ${loadAfter.map((l) => l.toFixed(2)).join(' ')}; ${((Date.now() - started) / MINUTE_MS).toFixed(1)} min in all`,
    );
    fs.mkdirSync(OUTPUT_DIR, { recursive: true });
    fs.writeFileSync(
      path.join(OUTPUT_DIR, 'load.json'),
      JSON.stringify(
        {
          startedAt: new Date(started).toISOString(),
          machine: {
            cpuModel: cpus[0]?.model,
            cpus: cpus.length,
            loadBefore,
            loadAfter,
            node: process.version,
          },
          items: prepared.manifest.items,
          rates,
          mixRate,
          mix: mixRun,
          soak: soakResult,
        },
        null,
        2,
      ),
    );
    const isPassed = rates.every((r) => r.sustainedRate > 0) && mixFailures === 0 && soakResult.isPassed;
    if (!isPassed) process.exitCode = 1;
  } finally {
    await server?.stop();
    await removeHandout(databaseUrl, handoutId).catch(() => undefined);
    await prepared.dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The id of the item at `alias`. */
async function itemIdOf(databaseUrl: string, alias: string): Promise<string> {
  const database = await openDatabase({ url: databaseUrl });
  try {
    const [row] = await database.db
      .select({ id: content.id })
      .from(content)
      .where(eq(content.urlAlias, alias));
    if (!row) throw new Error(`no item at ${alias}`);
    return row.id;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
