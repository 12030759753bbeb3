/**
 * The load bench behind a real proxy (issue 39 "Behind a real proxy"): Debian's nginx with the
 * configuration of docs/caching.md (apps/server/src/testing/nginx-proxy.ts reads it from there) in
 * front of two instances of the built server on one database. As a visitor (no token, no cookie): the
 * home page, a courseware item and the mix through the proxy, each at the highest rate it holds with
 * p99 under PROXY_P99_TARGET_MS (the mix under P99_TARGET_MS), and the mix unthrottled; straight to one
 * instance, its in-process render cache answering, the home page; a conditional GET answered 304 by one
 * instance; then a soak of the mix through the proxy, both instances' memory sampled.
 */
import { startNginxProxy } from '../../apps/server/src/testing/nginx-proxy.js';
import { freePort } from '../../apps/server/src/testing/free-port.js';
import { startServer, type Server } from './bundle-harness.js';
import {
  cannon,
  soak,
  sustainableRate,
  VISITOR_HEADERS,
  type RateResult,
  type RunFigures,
  type Target,
} from './load-runs.js';
import { sampleLatency, type LatencyStats } from './measure.js';

/** Through the proxy, a step's p99 must stay under this (issue 39's target), in milliseconds. */
export const PROXY_P99_TARGET_MS = 50;
/** Issue 39's targets, requests per second: home and item through the proxy, the mix, home straight. */
export const PROXY_RATE_TARGET = 3000;
export const PROXY_MIX_RATE_TARGET = 1000;
export const ORIGIN_CACHED_HOME_RATE_TARGET = 1500;
/** A conditional GET answered 304 within this at p95, in milliseconds. */
export const NOT_MODIFIED_P95_TARGET_MS = 2;
const NOT_MODIFIED_WARMUP = 100;
const NOT_MODIFIED_SAMPLES = 2000;

export interface ProxyFigures {
  /** Home and item through the proxy (p99 under PROXY_P99_TARGET_MS), then the mix. */
  rates: RateResult[];
  /** The mix through the proxy, unthrottled. */
  mix: RunFigures;
  /** Home straight to one instance, its render cache answering. */
  originHome: RateResult;
  /** A conditional GET of home with the current ETag, straight to one instance. */
  notModified: LatencyStats;
  soak: Awaited<ReturnType<typeof soak>>;
}

const portOf = (server: Server) => Number(new URL(server.baseUrl).port);

/** The ETag `url` answers a visitor with. @throws Error when it sends none */
async function etagOf(url: string): Promise<string> {
  const res = await fetch(url, { headers: VISITOR_HEADERS });
  await res.arrayBuffer();
  const etag = res.headers.get('etag');
  if (!etag) throw new Error(`${url} answered a visitor with no ETag`);
  return etag;
}

/**
 * Runs the phase: a second instance beside `server` (same `env`), nginx in front of both; stops both
 * extra processes after.
 * @param paths the home page, the item paths taken in turn, the mix
 */
export async function measureThroughProxy(args: {
  server: Server;
  env: Record<string, string>;
  paths: { home: string; items: readonly string[]; mix: readonly string[] };
  stepSeconds: number;
  mix: { connections: number; seconds: number };
  soakMinutes: number;
  log: (line: string) => void;
}): Promise<ProxyFigures> {
  const { server, paths, stepSeconds, log } = args;
  const second = await startServer(args.env, await freePort());
  try {
    const proxy = await startNginxProxy([portOf(server), portOf(second)]);
    try {
      log(`Through nginx (${proxy.url}) in front of two instances, as a visitor:`);
      const targets: Target[] = [
        { key: 'home', label: 'home page (/), through the proxy', paths: [paths.home] },
        { key: 'item', label: 'courseware item (API detail), through the proxy', paths: paths.items },
      ];
      const rates: RateResult[] = [];
      for (const target of targets)
        rates.push(
          await sustainableRate(
            proxy.url,
            { ...target, p99TargetMs: PROXY_P99_TARGET_MS },
            stepSeconds,
            VISITOR_HEADERS,
          ),
        );
      rates.push(
        await sustainableRate(
          proxy.url,
          { key: 'mix', label: 'the mix, through the proxy', paths: paths.mix },
          stepSeconds,
          VISITOR_HEADERS,
        ),
      );
      log(
        `  the mix through the proxy: ${args.mix.connections} connections for ${args.mix.seconds} s, unthrottled`,
      );
      const mix = await cannon(proxy.url, paths.mix, { ...args.mix, headers: VISITOR_HEADERS });
      log('Straight to one instance, as a visitor (its render cache answers):');
      const originHome = await sustainableRate(
        server.baseUrl,
        { key: 'home', label: 'home page (/), one instance, render cache', paths: [paths.home] },
        stepSeconds,
        VISITOR_HEADERS,
      );
      const url = `${server.baseUrl}${paths.home}`;
      const etag = await etagOf(url);
      const notModified = await sampleLatency(
        async () => {
          const res = await fetch(url, { headers: { ...VISITOR_HEADERS, 'if-none-match': etag } });
          await res.arrayBuffer();
          if (res.status !== 304) throw new Error(`a conditional GET of ${url} answered ${res.status}`);
        },
        { warmup: NOT_MODIFIED_WARMUP, samples: NOT_MODIFIED_SAMPLES },
      );
      const soakRate = Math.max(1, Math.round(rates.at(-1)!.sustainedRate / 2));
      log(
        `Soak through the proxy: the mix at ${soakRate}/s (half its sustainable rate) for ${args.soakMinutes} min`,
      );
      const soaked = await soak(proxy.url, [server.proc.pid!, second.proc.pid!], paths.mix, {
        rate: soakRate,
        minutes: args.soakMinutes,
        headers: VISITOR_HEADERS,
      });
      return { rates, mix, originHome, notModified, soak: soaked };
    } finally {
      await proxy.stop();
    }
  } finally {
    await second.stop();
  }
}
