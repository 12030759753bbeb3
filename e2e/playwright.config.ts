import { defineConfig } from '@playwright/test';
import { SMTP_PORT } from './mail-peer';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** The state brand variant runs on a second server, ten ports up, picked by its BASE_DOMAIN (001 §1). */
const STATE_PORT = PORT + 10;
const STATE_BASE_DOMAIN = 'cyber.state.example.gov';

/** A fresh data folder seeded with the demo data, one per server. */
function server(port: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    command: `rm -rf ${dataDir} && node ../apps/server/dist/server.js`,
    url: `http://localhost:${port}/dist/env.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Load shedding off: the end-to-end run shares two cores with the browser and two servers.
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      PUBLIC_BASE_URL: `http://localhost:${port}`,
      RANGE_UI_URL: 'https://range.example.edu',
      ...env,
    },
  };
}

/**
 * End-to-end tests against the built app on a fresh data folder seeded with the demo data, driving
 * Debian's Chromium (never a downloaded browser). Two servers: the national brand (every spec) and the
 * state brand (the site-shell and accessibility specs).
 */
export default defineConfig({
  testDir: './specs',
  // The SMTP peer every e-mail of the national server goes to (mail-peer.ts).
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'national', use: { baseURL: `http://localhost:${PORT}` } },
    // The state variant runs the site-shell, accessibility, crawler and link-preview specs only: the rest
    // does not depend on the brand. The tests tagged as for the national brand only are left out (the
    // specs say why).
    {
      name: 'state',
      testMatch: /(site-shell|accessibility|crawler|link-preview)\.spec\.ts/,
      grepInvert: /@national-brand-only/,
      use: { baseURL: `http://localhost:${STATE_PORT}` },
    },
  ],
  webServer: [
    // News and events are off by default (001 §9); their specs need them.
    // LTI_ALLOW_LOOPBACK_HTTP: the LTI spec's mock platform listens on plain http at 127.0.0.1.
    server(PORT, '.e2e-data', {
      FEATURE_NEWS: 'true',
      FEATURE_EVENTS: 'true',
      LTI_ALLOW_LOOPBACK_HTTP: 'true',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    }),
    server(STATE_PORT, '.e2e-data-state', { BASE_DOMAIN: STATE_BASE_DOMAIN }),
  ],
});
