/**
 * The web app's weight and Lighthouse scores (issue 10 performance budget).
 *
 * 1. First-load JavaScript per public route, from the built app's Vite manifest
 *    (apps/web/scripts/bundle-size.mjs: the entry and the route's page with their static imports).
 * 2. Lighthouse (mobile preset: throttled 4G and a 4× slower CPU) on `/`, `/courseware` and a courseware
 *    item, against the real server with the demo data, in Debian's Chromium (CHROME_PATH, default
 *    /usr/bin/chromium); prints the performance and accessibility scores (target 90 or more each).
 *
 * Needs the built server and web app (`npm run build`). Environment: BENCH_WEB_PORT (default 3190),
 * CHROME_PATH, LIGHTHOUSE_RUNS (runs per page, the median is printed; default 1), LIGHTHOUSE_PAGES (the
 * page names to measure, comma-separated, e.g. `/`; default all three).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PORT = Number(process.env.BENCH_WEB_PORT ?? 3190);
const BASE_URL = `http://localhost:${PORT}`;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
/** How long the server gets to migrate, seed the demo data and listen. */
const START_TIMEOUT_MS = 180_000;
const POLL_MS = 500;
const PERCENT = 100;

/** The pages measured: a courseware item of the demo data (the cross-site scripting lab sheet). */
const PAGES = [
  { name: '/', path: '/' },
  { name: '/courseware', path: '/courseware' },
  {
    name: 'courseware item',
    path: '/courseware/hacktivity-lab-sheets/web-security/web-security-cross-site-scripting',
  },
];
/** The pages this run measures (LIGHTHOUSE_PAGES names them; all when unset). */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((name) => name.trim());
const MEASURED = ONLY ? PAGES.filter((page) => ONLY.includes(page.name)) : PAGES;

async function printBundleSizes(): Promise<void> {
  const script = path.join(ROOT, 'apps/web/scripts/bundle-size.mjs');
  const { measureRoutes, report } = (await import(script)) as {
    measureRoutes: () => unknown[];
    report: (results: unknown[]) => boolean;
  };
  report(measureRoutes());
}

/** Starts the built server on a scratch data folder with the demo data; resolves once it answers. */
async function startServer(dataDir: string) {
  const child = spawn(process.execPath, [path.join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: BASE_URL,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${BASE_URL}/dist/env.json`);
      if (res.ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  child.kill('SIGTERM');
  throw new Error(`The server did not answer within ${START_TIMEOUT_MS} ms`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function runLighthouse(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'));
  const server = await startServer(dataDir);
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    console.log(`\nLighthouse (mobile preset), median of ${RUNS} run(s) per page; target 90 or more`);
    console.log('page                  performance  accessibility  FCP ms   LCP ms   TBT ms');
    for (const page of MEASURED) {
      const scores: { performance: number; accessibility: number; fcp: number; lcp: number; tbt: number }[] =
        [];
      for (let run = 0; run < RUNS; run += 1) {
        const result = await lighthouse(`${BASE_URL}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        const { categories, audits } = result.lhr;
        scores.push({
          performance: (categories.performance?.score ?? 0) * PERCENT,
          accessibility: (categories.accessibility?.score ?? 0) * PERCENT,
          fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
          lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbt: audits['total-blocking-time']?.numericValue ?? NaN,
        });
        const failing = Object.values(result.lhr.audits)
          .filter(
            (a) => a.score === 0 && result.lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id),
          )
          .map((a) => a.id);
        if (failing.length > 0)
          console.log(`  ${page.name}: accessibility audits failing: ${failing.join(', ')}`);
      }
      const m = (key: keyof (typeof scores)[number]) => Math.round(median(scores.map((s) => s[key])));
      console.log(
        `${page.name.padEnd(20)} ${String(m('performance')).padStart(12)} ${String(m('accessibility')).padStart(14)} ${String(m('fcp')).padStart(7)} ${String(m('lcp')).padStart(8)} ${String(m('tbt')).padStart(8)}`,
      );
    }
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await printBundleSizes();
await runLighthouse();
