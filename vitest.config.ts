import { defineConfig } from 'vitest/config';

/** One run for every test that needs no browser: shared, server (real PGlite / PostgreSQL) and web (jsdom). */
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
    // PGlite instances are heavy; two workers match the 2-core machines.
    maxWorkers: 2,
  },
});
