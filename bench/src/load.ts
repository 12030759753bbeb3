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
 * Phases 1-3 go straight to one instance with the bench's metrics token, so no cache keeps anything.
 * 4. **Through a proxy** (issue 39, load-proxy.ts): as a visitor, nginx with docs/caching.md's
 *    configuration in front of two instances: home, item and the mix through it; home straight to one
 *    instance with its render cache; a conditional GET answered 304; a soak through the proxy.
 *
 * Load generator and server share this machine's cores, so the figures are ratios of one machine:
 * its CPU model, core count and load averages are printed beside them. Writes `.bench/load.json`.
 *
 * Options: --soak-minutes=N (default 10), --step-seconds=N (default 8), --items=N (run.ts's catalogue),
 * --through=origin|proxy|both (default both: phases 1-3, 4, or all).
 * Exits 1 when a phase errs or misses its target.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { content } from '../../apps/server/src/db/schema/courseware.js';
import { file } from '../../apps/server/src/db/schema/files.js';
import { createLocalFileStore } from '../../apps/server/src/lib/storage.js';
import { storeFile } from '../../apps/server/src/testing/fixtures.js';
import { freePort } from '../../apps/server/src/testing/free-port.js';
import { eq } from 'drizzle-orm';
import { startServer, type Server } from './bundle-harness.js';
import {
  measureThroughProxy,
  NOT_MODIFIED_P95_TARGET_MS,
  ORIGIN_CACHED_HOME_RATE_TARGET,
  PROXY_MIX_RATE_TARGET,
  PROXY_RATE_TARGET,
  type ProxyFigures,
} from './load-proxy.js';
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
import {
  cannon,
  failuresOf,
  MINUTE_MS,
  P99_TARGET_MS,
  SOAK_BASELINE_MINUTE,
  SOAK_RSS_GROWTH_MAX,
  soak,
  sustainableRate,
  type RateResult,
  type Target,
} from './load-runs.js';
import { VARIANTS } from './variants.js';

const MIX_CONNECTIONS = 200;
const MIX_SECONDS = 60;
const SOAK_MINUTES_DEFAULT = 10;
const STEP_SECONDS_DEFAULT = 8;
/** The handout downloaded by the mix: a typical PDF's size. */
const HANDOUT_BYTES = 256 * 1024;
const MB = 1024 * 1024;

const log = (line: string) => console.log(line);
const search = (q: string) => `/api/v1/content/search?${new URLSearchParams({ q })}`;

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
const mb = (b: number | null) => (b === null ? '–' : `${(b / MB).toFixed(1)} MB`);

/** Straight to one instance with the bench's token (nothing kept by a cache): rates, the mix, the soak. */
async function measureOrigin(
  server: Server,
  targets: readonly Target[],
  mix: readonly string[],
  { stepSeconds, soakMinutes }: { stepSeconds: number; soakMinutes: number },
) {
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
  const soakResult = await soak(server.baseUrl, [server.proc.pid!], mix, {
    rate: soakRate,
    minutes: soakMinutes,
  });
  return { rates, mixRate, mix: mixRun, soak: soakResult };
}

/** One line of a rate table. */
function rateRow(r: RateResult): string {
  return `| ${r.label} | ${fmt(r.sustainedRate)}/s | ${r.atRate?.p50Ms ?? '–'} ms | ${r.atRate?.p99Ms ?? '–'} ms |`;
}

/** A soak's line; true when it passed. */
function reportSoak(where: string, result: Awaited<ReturnType<typeof soak>>): boolean {
  log(
    `Soak${where}, ${result.minutes} min at ${result.rate}/s: ${fmt(result.figures.servedRate)}/s served, p50 ` +
      `${result.figures.p50Ms} ms, p99 ${result.figures.p99Ms} ms; errors ${failuresOf(result.figures)}; RSS ` +
      `${mb(result.rssAtBaselineBytes)} at minute ${SOAK_BASELINE_MINUTE} → ${mb(result.rssAtEndBytes)} at the end ` +
      `(${(result.growth * 100).toFixed(1)} %, target < ${SOAK_RSS_GROWTH_MAX * 100} %), peak ${mb(result.peakRssBytes)} ` +
      `→ ${result.isPassed ? 'PASS' : 'FAIL'}`,
  );
  return result.isPassed;
}

/** Prints the origin's table, mix and soak; true when every part passed. */
function reportOrigin(origin: Awaited<ReturnType<typeof measureOrigin>>, soakMinutes: number): boolean {
  log(`Straight to one instance, with the bench's token (soak ${soakMinutes} min):`);
  log(`| target | sustained rate (p99 < ${P99_TARGET_MS} ms) | p50 at it | p99 at it |`);
  log('| --- | ---: | ---: | ---: |');
  for (const r of [...origin.rates, origin.mixRate]) log(rateRow(r));
  const mixFailures = failuresOf(origin.mix);
  log(
    `Mix, ${MIX_CONNECTIONS} connections × ${MIX_SECONDS} s: ${fmt(origin.mix.servedRate)}/s, p50 ${origin.mix.p50Ms} ms, ` +
      `p99 ${origin.mix.p99Ms} ms, max ${origin.mix.maxMs} ms; errors ${origin.mix.errors}, timeouts ${origin.mix.timeouts}, ` +
      `non-2xx ${origin.mix.non2xx} → ${mixFailures === 0 ? 'PASS' : 'FAIL'}`,
  );
  const isSoakPassed = reportSoak('', origin.soak);
  log('');
  return origin.rates.every((r) => r.sustainedRate > 0) && mixFailures === 0 && isSoakPassed;
}

/** Prints the proxy phase's table against issue 39's targets; true when every target is met. */
function reportProxy(figures: ProxyFigures, soakMinutes: number): boolean {
  const [home, item, mixRate] = figures.rates;
  const checks: [string, boolean][] = [
    [`home through the proxy ≥ ${fmt(PROXY_RATE_TARGET)}/s`, home!.sustainedRate >= PROXY_RATE_TARGET],
    [`item through the proxy ≥ ${fmt(PROXY_RATE_TARGET)}/s`, item!.sustainedRate >= PROXY_RATE_TARGET],
    // A rate held is one with no error and p99 under P99_TARGET_MS.
    [
      `the mix through the proxy ≥ ${fmt(PROXY_MIX_RATE_TARGET)}/s, no error`,
      mixRate!.sustainedRate >= PROXY_MIX_RATE_TARGET,
    ],
    [
      `home straight to one instance ≥ ${fmt(ORIGIN_CACHED_HOME_RATE_TARGET)}/s`,
      figures.originHome.sustainedRate >= ORIGIN_CACHED_HOME_RATE_TARGET,
    ],
    [`304 p95 ≤ ${NOT_MODIFIED_P95_TARGET_MS} ms`, figures.notModified.p95 <= NOT_MODIFIED_P95_TARGET_MS],
  ];
  log(`As a visitor, through nginx in front of two instances (soak ${soakMinutes} min):`);
  log(`| target | sustained rate | p50 at it | p99 at it |`);
  log('| --- | ---: | ---: | ---: |');
  for (const r of [...figures.rates, figures.originHome]) log(rateRow(r));
  log(
    `Mix through the proxy, ${MIX_CONNECTIONS} connections × ${MIX_SECONDS} s unthrottled (overload, not judged): ` +
      `${fmt(figures.mix.servedRate)}/s, p50 ${figures.mix.p50Ms} ms, p99 ${figures.mix.p99Ms} ms; errors and timeouts ${failuresOf(figures.mix)}`,
  );
  log(
    `Conditional GET of home answered 304 by one instance: p50 ${figures.notModified.p50.toFixed(2)} ms, ` +
      `p95 ${figures.notModified.p95.toFixed(2)} ms (${figures.notModified.count} requests, client-side)`,
  );
  const isSoakPassed = reportSoak(' through the proxy', figures.soak);
  for (const [what, isMet] of checks) log(`  ${isMet ? 'met' : 'MISSED'}: ${what}`);
  return checks.every(([, isMet]) => isMet) && isSoakPassed;
}

async function main(): Promise<void> {
  const started = Date.now();
  const { values } = parseArgs({
    options: {
      'soak-minutes': { type: 'string' },
      'step-seconds': { type: 'string' },
      items: { type: 'string' },
      through: { type: 'string' },
    },
    allowPositionals: false,
  });
  const soakMinutes = Number(values['soak-minutes'] ?? SOAK_MINUTES_DEFAULT);
  const stepSeconds = Number(values['step-seconds'] ?? STEP_SECONDS_DEFAULT);
  const through = values.through ?? 'both';
  if (!['both', 'origin', 'proxy'].includes(through))
    throw new Error(`--through=${through}: origin, proxy or both`);
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
    const serverEnv = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
    };
    server = await startServer(serverEnv, await freePort());
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
    const origin =
      through === 'proxy'
        ? undefined
        : await measureOrigin(server, targets, mix, { stepSeconds, soakMinutes });
    const proxied =
      through === 'origin'
        ? undefined
        : await measureThroughProxy({
            server,
            env: serverEnv,
            paths: { home: '/', items: targets[1]!.paths, mix },
            stepSeconds,
            mix: { connections: MIX_CONNECTIONS, seconds: MIX_SECONDS },
            soakMinutes,
            log,
          });
    const loadAfter = os.loadavg();
    log('');
    const isOriginPassed = origin ? reportOrigin(origin, soakMinutes) : true;
    const isProxyPassed = proxied ? reportProxy(proxied, soakMinutes) : true;
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
          origin,
          proxied,
        },
        null,
        2,
      ),
    );
    if (!isOriginPassed || !isProxyPassed) process.exitCode = 1;
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
