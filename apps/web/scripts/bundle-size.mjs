#!/usr/bin/env node
/**
 * First-load JavaScript per public route, read from the Vite manifest of a build (`dist/.vite/manifest.json`).
 *
 * A route's first load is the entry chunk (index.html's script) with every chunk it imports statically,
 * plus the chunk of the route's lazily loaded page with its static imports: what the browser must fetch
 * before the page can paint. Chunks loaded by `import()` inside a page (the editor, dialogs, admin
 * screens) are not counted. Each file is counted once, compressed with gzip (level 9) and brotli.
 *
 * Usage: `node scripts/bundle-size.mjs` prints the table; `--check` also fails (exit 1) when a route's
 * gzip size passes FIRST_LOAD_BUDGET_BYTES (run by the web build, so CI fails on it); `--json` prints
 * the figures as JSON.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Target of compressed (gzip) JavaScript before first paint on a public route, in bytes (kB = 1000 B). */
export const FIRST_LOAD_TARGET_BYTES = 150_000;
/**
 * What `--check` fails the build on when a route names no budget of its own: the largest route's first
 * load as measured, with a little room. The target is not reached yet: the libraries every page runs
 * (the `framework` chunk of vite.config.ts: React DOM, React Router, MUI's styling, emotion, TanStack
 * Query) are 163 kB alone. Lower these as the pages slim, never raise them to let a route grow.
 * The shell's menus, hamburger drawer, error modal and the feedback dialog load when first opened
 * (`/` 263 → 235 kB, an item 296 → 279 kB). Raised once, by 1 kB on `/` (2026-11-26): the shared link
 * rules that every schema of a stored link now checks (issue 20 "Links") grew the shared chunk by about
 * 0.5 kB gzip, of which the router's one lazy-page helper won back 0.2. Raised by 0.2 kB on an item
 * (2026-11-26): the error codes of an unready server and an unreachable database, and the request id
 * the API client keeps for the error message (issue 23 "Request ids"). Raised by 0.2 kB on `/courseware`
 * (2026-11-27): the route entries of the LTI pages (issue 26), one lazy module with its loader, whose
 * preload list sits in the entry like every lazy page's. Lowered to the largest route's (/courseware) as
 * issue 22 cut (2026-11-27), again when zod and the schemas left the first load (258.1 → 229.4).
 */
export const FIRST_LOAD_BUDGET_BYTES = 229_400;
const KB = 1000;

/**
 * Libraries no public route may load before first paint (issue 22): zod and the shared schemas come with
 * the first API request (`lazySchema`) or the first form. `--check` fails when a first-load chunk's
 * source map names a file of one.
 */
export const FIRST_LOAD_EXCLUDED_PACKAGES = ['zod'];

/**
 * The public routes and the page module(s) each loads through its route's `lazy()` (app/route-table.ts).
 * A route whose modules are all absent from the build (e.g. `/` while it redirects) counts the entry only.
 * `budget`: the gzip bytes `--check` allows the route (FIRST_LOAD_BUDGET_BYTES when absent). Hydrating a
 * server-rendered page (issue 22: query-cache hydration, the start-up's second path, the loaders that fill
 * the search, news and events before the page draws) added 2.0 kB to each; reading the configuration the
 * server wrote into the page (issue 22), the LTI routes and the cartridge button (issue 26) 0.2–0.5 kB more,
 * the work-role filter's slot, the CyBOK facet and the /coverage route (issue 25) 0.6–1.1 kB more.
 * Lowered as issue 22 cuts: dates written with Intl.DateTimeFormat, no dayjs (`/` 241.7 → 239.2, an item 266.9 → 264.1);
 * MUI's small helpers in the framework chunk, not in tiny chunks of their own (each route 0.2–2.0 kB less);
 * the facet controls of /courseware loaded after hydration behind same-size stand-ins, and its fields drawn
 * without TextField's Select, Menu and Modal (/courseware 312.0 → 281.6);
 * the entry's static imports in one chunk, not some twenty small ones (each route 10.5–11.2 kB less);
 * the editors' Tooltip (status icon, metadata block) loaded when first drawn (an item 252.8 → 238.7,
 * /courseware 270.5 → 257.9). Hydration as a transition with the session's sign-in after it (issue 22, TBT)
 * and the knowledge section of an item aligned only to CyBOK areas (issue 25) cost about 0.2 kB, the
 * underlined source line of an item's knowledge lists (accessibility) 0.1 kB more on an item.
 * Zod and the shared schemas off the first load (issue 22: response schemas by `lazySchema`, the address
 * and stored token checked by zod-free rules, FIRST_LOAD_EXCLUDED_PACKAGES): `/` 228.7 → 197.0, `/courseware`
 * 258.1 → 229.4, an item 239.3 → 209.4, a dynamic page 240.2 → 208.5.
 * The one rule of server paths that every link follows and the session's "known" state that guards wait
 * for (issue 34) cost 0.3–0.4 kB on each; breadcrumbs that link only to pages of the app 0.1 kB.
 * The facet stand-ins of /courseware that load and open their control on demand (issue 34: focusable, a
 * Select's drawn as its display, with the arrow) cost 0.4 kB there, and take MUI's Select, Autocomplete
 * and Popper off what a desktop visit downloads until idle.
 * My downloads (issue 37): its route entry, which every page's router names, and the lazily loaded
 * "Changed since you downloaded it" mark of a search result cost 0.1 kB on each route, 0.3 on /courseware;
 * the file preview, the history and Follow load only when drawn for those who may use them, and the item
 * page's signed-in controls load through one import (0.2 kB less on an item).
 * Course import (issue 38): its one route entry for /cr-import and /cr-import/{id} (the page is a lazy chunk
 * of its own) and its two addresses cost 0.1 kB on each route; the keyword schema that a package's front
 * matter shares with the courseware schemas became a chunk of its own, about 20 B more where those load
 * (/courseware, an item).
 */
export const PUBLIC_ROUTES = [
  { route: '/', modules: ['src/features/site/pages/home-page.tsx'], budget: 197_700 },
  {
    route: '/courseware',
    modules: ['src/features/courseware/pages/courseware-index-page.tsx'],
    budget: 231_300,
  },
  {
    route: '/courseware/<item>',
    modules: ['src/features/courseware/pages/content-detail-page.tsx'],
    budget: 210_300,
  },
  // A dynamic page (001 §2) at the catch-all: the views only; editing loads for editors alone.
  {
    route: '/<page>',
    modules: ['src/features/pages/pages/dynamic-page.tsx'],
    budget: 209_300,
  },
];

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Reads the manifest and sums each public route's first-load chunks.
 * @param {string} distDir the build's output folder
 * @returns {{ route: string, budget: number, files: number, raw: number, gzip: number, brotli: number, excluded: string[], note: string }[]}
 */
export function measureRoutes(distDir = path.join(webRoot, 'dist')) {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) {
    throw new Error(
      `No Vite manifest at ${manifestPath}: build the web app first (npm run build -w @portal/web).`,
    );
  }
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('The manifest names no entry chunk.');

  /** The chunk files a module loads before it runs: itself and its static imports, transitively. */
  const closure = (key, into = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return into;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) closure(imported, into);
    return into;
  };

  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      const bytes = fs.readFileSync(path.join(distDir, file));
      sizes.set(file, {
        raw: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      });
    }
    return sizes.get(file);
  };

  /** The excluded packages a chunk holds, read from its source map (none when it has no map). */
  const excludedIn = (file) => {
    const mapPath = path.join(distDir, `${file}.map`);
    if (!fs.existsSync(mapPath)) return [];
    const { sources } = JSON.parse(fs.readFileSync(mapPath, 'utf8'));
    return FIRST_LOAD_EXCLUDED_PACKAGES.filter((name) =>
      sources.some((source) => source.includes(`node_modules/${name}/`)),
    ).map((name) => `${name} in ${file}`);
  };

  return PUBLIC_ROUTES.map(({ route, modules, budget = FIRST_LOAD_BUDGET_BYTES }) => {
    const files = closure(entryKey);
    const present = modules.filter((key) => manifest[key]);
    for (const key of present) closure(key, files);
    const js = [...files].filter((file) => file.endsWith('.js'));
    const total = js.reduce(
      (sum, file) => {
        const size = sizeOf(file);
        return { raw: sum.raw + size.raw, gzip: sum.gzip + size.gzip, brotli: sum.brotli + size.brotli };
      },
      { raw: 0, gzip: 0, brotli: 0 },
    );
    return {
      route,
      budget,
      files: js.length,
      ...total,
      excluded: js.flatMap(excludedIn),
      note: present.length === 0 ? 'no page of its own in this build: entry only' : present.join(', '),
    };
  });
}

const kb = (bytes) => (bytes / KB).toFixed(1);

/** Prints the table; with `check`, returns false when a route passes the budget. */
export function report(results, { check = false } = {}) {
  console.log(
    `First-load JavaScript per public route (kB = 1000 bytes; gzip budget per route, target ${kb(FIRST_LOAD_TARGET_BYTES)} kB)`,
  );
  console.log('route                 files   raw kB   gzip kB budget kB  brotli kB  page');
  let ok = true;
  for (const r of results) {
    const over = r.gzip > r.budget;
    const overTarget = r.gzip > FIRST_LOAD_TARGET_BYTES;
    if (over || r.excluded.length > 0) ok = false;
    console.log(
      `${r.route.padEnd(20)} ${String(r.files).padStart(6)} ${kb(r.raw).padStart(8)} ${kb(r.gzip).padStart(9)} ${kb(r.budget).padStart(8)} ${kb(r.brotli).padStart(10)}  ${r.note}${over ? '  OVER BUDGET' : overTarget ? '  (over target)' : ''}`,
    );
    for (const found of r.excluded) console.log(`  NOT ALLOWED before first paint: ${found}`);
  }
  if (check && !ok) {
    console.error(
      'A public route loads more compressed JavaScript before first paint than its budget, or a library ' +
        'it must not: load the heavy part lazily (import(); a response schema with lazySchema).',
    );
  }
  return ok;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  const results = measureRoutes();
  if (args.has('--json')) console.log(JSON.stringify(results, null, 2));
  else {
    const ok = report(results, { check: args.has('--check') });
    if (args.has('--check') && !ok) process.exit(1);
  }
}
