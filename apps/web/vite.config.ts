import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** The shared contract is consumed as TypeScript source: '@portal/shared/x' → packages/shared/src/x.ts. */
const sharedSrc = fileURLToPath(new URL('../../packages/shared/src', import.meta.url));

/**
 * Libraries every page runs before its first paint: one chunk, so that they are not cut into many small
 * files that compress worse and cost a request each (scripts/bundle-size.mjs measures the result). Vite's
 * preload helper, which every lazy route import goes through, joins them, and so do MUI's small helpers
 * (`@mui/material/utils`), which otherwise came as a handful of 0.1 kB chunks per page.
 */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@emotion[\\/][^\\/]+|stylis|@mui[\\/](system|utils|styled-engine|material[\\/]utils)|@tanstack[\\/](query-core|react-query))[\\/]|vite[\\/]preload-helper/;

/** The API server the dev server forwards to (`npm run dev` in apps/server). */
const apiTarget = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@portal\/shared\/(.*)$/, replacement: `${sharedSrc}/$1` }],
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
      '/dist/env.json': apiTarget,
    },
  },
  // The server entry (issue 22, `vite build --ssr`) is one self-contained module tree: MUI and emotion must be
  // bundled for their styles to reach the server's cache (emotion-js/emotion#3333).
  ssr: { noExternal: true },
  // The server entry serves no files of its own: public/ goes with the browser build only. Its bundled
  // libraries branch on process.env.NODE_ENV at run time, and the server does not set it: without this they
  // ran React's development build (its checks about doubled the render time of a page).
  environments: {
    ssr: {
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: { copyPublicDir: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, priority: 2 },
            // The app's own start-up (the shell, the session, the shared rules and the MUI components it draws):
            // every module the entry imports statically, in one chunk instead of some twenty small ones that
            // lazy pages also import. One file compresses better and costs one request (issue 22).
            { name: 'start', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
