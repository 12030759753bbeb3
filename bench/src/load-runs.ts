/**
 * The runs of the load bench (load.ts, load-proxy.ts): autocannon at a rate or unthrottled, the highest
 * rate a target holds (doubling, then bisecting), and a soak that samples the servers' memory.
 */
import autocannon from 'autocannon';
import { METRICS_TOKEN_HEADER } from '../../apps/server/src/lib/metrics-token.js';
import { BENCH_METRICS_TOKEN } from './config.js';
import { readMemory } from './server-process.js';

/** A step's p99 must stay under this, in milliseconds (issue 23), unless a target names its own. */
export const P99_TARGET_MS = 250;
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
/** The soak's memory is compared from this minute on (start-up and warm caches excluded). */
export const SOAK_BASELINE_MINUTE = 2;
export const SOAK_RSS_GROWTH_MAX = 0.1;
const RSS_SAMPLE_MS = 10_000;
/** autocannon's per-request timeout, in seconds: an answer slower than this is a timeout. */
const REQUEST_TIMEOUT_S = 10;
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;

/**
 * The bench's own requests: compressed, with the metrics token (its answers name their stages, and
 * searches are not held to a visitor's allowance). The token makes every answer private: nothing is
 * kept by a cache.
 */
export const BENCH_HEADERS: Readonly<Record<string, string>> = {
  'accept-encoding': 'br, gzip',
  [METRICS_TOKEN_HEADER]: BENCH_METRICS_TOKEN,
};
/** A visitor's requests: compressed, nothing else; their public answers may be kept by caches. */
export const VISITOR_HEADERS: Readonly<Record<string, string>> = { 'accept-encoding': 'br, gzip' };

/** One kind of request of the bench: a fixed path, or paths taken in turn. */
export interface Target {
  key: string;
  label: string;
  paths: readonly string[];
  /** The p99 a step must stay under (P99_TARGET_MS when not given). */
  p99TargetMs?: number;
}

/** What one autocannon run measured. */
export interface RunFigures {
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

export interface RateResult {
  key: string;
  label: string;
  /** The highest rate held (requests per second), 0 when even RATE_START was not. */
  sustainedRate: number;
  /** The figures of the step at that rate. */
  atRate: RunFigures | null;
  steps: RunFigures[];
}

/**
 * Runs autocannon with `options` over `paths` (each connection takes them in turn), with `headers`
 * (BENCH_HEADERS when not given).
 */
export async function cannon(
  baseUrl: string,
  paths: readonly string[],
  options: {
    connections: number;
    seconds: number;
    rate?: number;
    headers?: Readonly<Record<string, string>>;
  },
): Promise<RunFigures> {
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    timeout: REQUEST_TIMEOUT_S,
    ...(options.rate ? { overallRate: options.rate } : {}),
    headers: { ...(options.headers ?? BENCH_HEADERS) },
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
export function connectionsFor(rate: number): number {
  return Math.min(
    STEP_CONNECTIONS_MAX,
    Math.max(STEP_CONNECTIONS_MIN, Math.ceil(rate / RATE_PER_CONNECTION)),
  );
}

/** Whether a run failed nothing: no error, no timeout, no answer other than 2xx. */
export function failuresOf(figures: RunFigures): number {
  return figures.errors + figures.timeouts + figures.non2xx;
}

/** Whether a step held its rate: p99 under `p99TargetMs`, nothing failed, the rate served. */
function isHeld(figures: RunFigures, p99TargetMs: number): boolean {
  return (
    figures.p99Ms < p99TargetMs &&
    failuresOf(figures) === 0 &&
    figures.servedRate >= RATE_KEPT_SHARE * (figures.askedRate ?? 0)
  );
}

/**
 * Doubles the rate until a step fails, then bisects: the highest rate `target` holds on `baseUrl`,
 * asked with `headers` (BENCH_HEADERS when not given).
 */
export async function sustainableRate(
  baseUrl: string,
  target: Target,
  stepSeconds: number,
  headers?: Readonly<Record<string, string>>,
): Promise<RateResult> {
  const p99TargetMs = target.p99TargetMs ?? P99_TARGET_MS;
  await cannon(baseUrl, target.paths, {
    connections: STEP_CONNECTIONS_MIN,
    seconds: WARMUP_SECONDS,
    headers,
  });
  const steps: RunFigures[] = [];
  const step = async (rate: number) => {
    const figures = await cannon(baseUrl, target.paths, {
      connections: connectionsFor(rate),
      seconds: stepSeconds,
      rate,
      headers,
    });
    steps.push(figures);
    const isStepHeld = isHeld(figures, p99TargetMs);
    console.log(
      `    ${target.key.padEnd(10)} ${String(rate).padStart(6)}/s asked: ${figures.servedRate.toFixed(0)}/s served, ` +
        `p99 ${figures.p99Ms} ms, errors ${failuresOf(figures)} → ${isStepHeld ? 'held' : 'missed'}`,
    );
    return isStepHeld ? figures : null;
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

/**
 * `paths` on `baseUrl` at `rate` for `minutes`, sampling the resident memory of the servers `pids`
 * every RSS_SAMPLE_MS; each one's growth is judged from SOAK_BASELINE_MINUTE, the largest is reported.
 */
export async function soak(
  baseUrl: string,
  pids: readonly number[],
  paths: readonly string[],
  { rate, minutes, headers }: { rate: number; minutes: number; headers?: Readonly<Record<string, string>> },
) {
  const samples = pids.map(() => [] as { atMs: number; rssBytes: number }[]);
  const started = Date.now();
  const sample = () =>
    pids.forEach((pid, k) => {
      const memory = readMemory(pid);
      if (memory) samples[k]!.push({ atMs: Date.now() - started, rssBytes: memory.rssBytes });
    });
  const timer = setInterval(sample, RSS_SAMPLE_MS);
  let figures: RunFigures;
  try {
    figures = await cannon(baseUrl, paths, {
      connections: connectionsFor(rate),
      seconds: Math.round((minutes * MINUTE_MS) / SECOND_MS),
      rate,
      headers,
    });
  } finally {
    clearInterval(timer);
  }
  sample();
  const fromMs = Math.min(SOAK_BASELINE_MINUTE * MINUTE_MS, (minutes * MINUTE_MS) / 2);
  const servers = samples.map((own) => {
    const baseline = own.find((s) => s.atMs >= fromMs) ?? own[0];
    const last = own.at(-1);
    return {
      rssAtBaselineBytes: baseline?.rssBytes ?? null,
      rssAtEndBytes: last?.rssBytes ?? null,
      peakRssBytes: own.reduce((m, s) => Math.max(m, s.rssBytes), 0),
      growth: baseline && last ? (last.rssBytes - baseline.rssBytes) / baseline.rssBytes : NaN,
    };
  });
  const worst = servers.reduce((a, b) => (b.growth > a.growth ? b : a), servers[0]!);
  return {
    rate,
    minutes,
    figures,
    ...worst,
    servers,
    isPassed:
      servers.every((s) => s.growth < SOAK_RSS_GROWTH_MAX) &&
      failuresOf(figures) === 0 &&
      figures.servedRate >= RATE_KEPT_SHARE * rate,
  };
}
