import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);

/**
 * End-to-end tests against the built app on a fresh data folder seeded with the demo data, driving
 * Debian's Chromium (never a downloaded browser).
 */
export default defineConfig({
  testDir: './specs',
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
  webServer: {
    command: 'rm -rf .e2e-data && node ../apps/server/dist/server.js',
    url: `http://localhost:${PORT}/dist/env.json`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: '.e2e-data',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_BASE_URL: `http://localhost:${PORT}`,
      // News and events are off by default (001 §9); their specs need them.
      FEATURE_NEWS: 'true',
      FEATURE_EVENTS: 'true',
    },
  },
});
