import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const shared = fileURLToPath(new URL('../../packages/shared/src', import.meta.url));

export default defineConfig({
  resolve: { alias: [{ find: /^@portal\/shared\/(.*)$/, replacement: `${shared}/$1.ts` }] },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // One migrated PGlite cluster, copied by each test file's database (see the file).
    globalSetup: ['src/testing/database-image.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
