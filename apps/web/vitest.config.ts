import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/** Web tests: jsdom, beside the code; the alias of vite.config.ts applies (STYLE.md habit 10). */
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/testing/setup.ts'],
      // user-event typing through MUI is slow on a loaded 2-core machine; this is a hang guard, not a target.
      testTimeout: 60_000,
    },
  }),
);
