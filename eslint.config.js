// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

const WEB = './apps/web/src';

/**
 * Which features a feature may import (each only those named, none of the others). A feature is named as
 * the server module it talks to and the shared schema it uses (DESIGN.md "Areas"); the courseware pages
 * compose the features of the modules they show, the courseware admin tables show contributors.
 */
const FEATURE_DEPENDENCIES = {
  files: [],
  feedback: [],
  knowledge: [],
  lessons: ['files'],
  contributors: ['files'],
  // An item page offers to follow it (issue 37).
  courseware: ['files', 'feedback', 'knowledge', 'lessons', 'contributors', 'follows'],
  // The admin user screen sets an account's business unit (001 §3); it and the account page list the
  // account's LMS links (issue 33).
  // the account page also lists what the person follows (issue 37).
  identity: ['organizations', 'lti', 'follows'],
  follows: [],
  organizations: [],
  mail: [],
  // Home shows recent news and upcoming events (001 §1).
  site: ['news', 'events'],
  news: [],
  events: [],
  forms: [],
  statistics: [],
  // A section save deletes the files it replaced or failed to use (001 §4).
  pages: ['files'],
  // The deep-linking picker is the courseware search and tree (issue 26).
  lti: ['courseware'],
  // Course import (issue 38): its pages link to items by address (config/paths), nothing more.
  imports: [],
};

/** Zones of `import-x/no-restricted-paths`: each `target` may not import from `from` (less `except`). */
function webLayerZones() {
  const below = ['lib', 'components', 'config'];
  return [
    {
      target: './packages/shared/src',
      from: './apps',
      message: 'The shared contract imports nothing of the apps.',
    },
    ...below.map((layer) => ({
      target: `${WEB}/${layer}`,
      from: [`${WEB}/features`, `${WEB}/app`],
      message: `${layer}/ is below the features and the app shell: move what it needs down, or the code up.`,
    })),
    { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features do not import the app shell.' },
    ...Object.entries(FEATURE_DEPENDENCIES).map(([feature, allowed]) => ({
      target: `${WEB}/features/${feature}`,
      from: `${WEB}/features`,
      except: [`./${feature}`, ...allowed.map((name) => `./${name}`)],
      message:
        allowed.length > 0
          ? `features/${feature} may import only features/${allowed.join(', features/')}: move what features share to lib/ or components/.`
          : `features/${feature} imports no other feature: move what features share to lib/ or components/.`,
    })),
  ];
}

const SERVER = './apps/server/src';

/**
 * Which area modules (`modules/<area>`) a module may import, each only through that module's service
 * (`<area>.service.ts`) or its small public `index.ts`, never its repository, routes or other files. The
 * map is a one-way graph, so modules cannot import each other in a ring. Infrastructure (`db`, `lib`,
 * `plugins`, and the `jobs` and `mail` modules) is open to all.
 */
const SERVER_MODULE_DEPENDENCIES = {
  // An item shows its contributors (000 §3); a search by work role checks the role (issue 25).
  courseware: ['contributors', 'knowledge'],
  knowledge: [],
  contributors: [],
  organizations: [],
  // The rules news and events share: lists by status, aliases, the write routes.
  'dated-items': [],
  // An account's business unit; a course invitation names a course (findCourse).
  identity: ['organizations', 'courseware'],
  site: ['identity'],
  news: ['dated-items', 'identity'],
  events: ['dated-items'],
  forms: ['identity'],
  lessons: ['courseware'],
  feedback: ['courseware'],
  // A follower follows an item (courseware's visibility and revisions); the digest goes to the account.
  follows: ['courseware', 'identity'],
  pages: ['courseware', 'dated-items', 'identity'],
  // A file is opened by the rules of what it belongs to: an item, a lesson, a page; downloads are counted.
  files: ['courseware', 'identity', 'pages', 'statistics'],
  statistics: ['courseware'],
  // The head of public pages asks each area for what a visitor opens by its own rule, the sitemap for what
  // its lists show; the flags and the browser's configuration come from site (issue 22).
  seo: ['courseware', 'events', 'news', 'pages', 'site'],
  // An LTI launch signs its user in (identity's sign-on code) and links courseware items (issue 26).
  lti: ['courseware', 'identity'],
  // Course import (issue 38) is above the areas it fills: it writes a whole course tree (items, their
  // knowledge links, contributors, files and their versions) in one transaction, as the seed always did.
  imports: ['courseware', 'knowledge', 'contributors', 'files', 'identity'],
  // The seed is above every module: it writes the demo data through their services and the importer.
  seed: [
    'imports',
    'courseware',
    'knowledge',
    'contributors',
    'files',
    'identity',
    'news',
    'pages',
    'statistics',
  ],
};

/**
 * Modules that are infrastructure for the areas: the job queue and the mail outbox. Every area may use them
 * (through their service), they use no area. Mail queues its deliveries as jobs.
 */
const SERVER_INFRASTRUCTURE_MODULES = { jobs: [], mail: ['jobs'] };

/**
 * Which tables each module owns (issue 35): the files of `db/schema/` a module's code may import, its own
 * area's and no other. Another area's data is read through that area's service or `index.ts`. Raw SQL is
 * held to the same map by `testing/table-ownership.test.ts`. A module missing here owns no table.
 */
const SERVER_TABLE_OWNERS = {
  contributors: ['contributors'],
  courseware: ['courseware'],
  events: ['events'],
  files: ['files'],
  follows: ['follows'],
  forms: ['forms'],
  identity: ['identity'],
  jobs: ['jobs'],
  knowledge: ['knowledge'],
  lessons: ['lessons'],
  lti: ['lti'],
  mail: ['mail'],
  news: ['news'],
  organizations: ['organizations'],
  pages: ['pages'],
  site: ['site'],
  statistics: ['statistics'],
};

/**
 * Schema imports across areas still to be routed through the owner's service, each with its reason. The
 * same reads are pending in `testing/table-ownership.test.ts`; remove an entry with its last use.
 */
const PENDING_SCHEMA_IMPORTS = {
  // contributors.repository checks that a portrait is a stored image; files sits above contributors.
  contributors: ['files'],
  // courseware-write.repository checks the contributor, knowledge item and file ids an item names.
  courseware: ['contributors', 'files', 'knowledge'],
  // files.repository reads contributor portraits (public files).
  files: ['contributors'],
  // demo-news.ts imports the demo events beside the demo news.
  news: ['events'],
  // organizations.repository sets and reads an account's business unit; identity sits above organizations.
  organizations: ['identity'],
  // pages.repository checks the files a widget names; files sits above pages.
  pages: ['files'],
  // site.repository names the reporter of an unsafe-site incident.
  site: ['identity'],
  // demo-downloads.ts draws demo downloads from the demo accounts and their business units.
  statistics: ['identity', 'organizations'],
};

/**
 * Zones of `import-x/no-restricted-paths`: a module imports only its own tables (the seed and the course
 * importer write all).
 */
function serverTableZones() {
  const modules = [...Object.keys(SERVER_MODULE_DEPENDENCIES), ...Object.keys(SERVER_INFRASTRUCTURE_MODULES)];
  return modules
    .filter((name) => name !== 'seed' && name !== 'imports')
    .map((name) => {
      const owned = SERVER_TABLE_OWNERS[name] ?? [];
      const allowed = [...owned, ...(PENDING_SCHEMA_IMPORTS[name] ?? [])];
      return {
        target: `${SERVER}/modules/${name}`,
        from: `${SERVER}/db/schema`,
        except: allowed.map((area) => `./${area}.ts`),
        message:
          owned.length > 0
            ? `modules/${name} owns only db/schema/${owned.join('.ts, db/schema/')}.ts: read another area's tables through its service or index.ts.`
            : `modules/${name} owns no table: read an area's data through its service or index.ts.`,
      };
    });
}

/** The public entry points of a module: its service and its `index.ts`, relative to `modules/`. */
function publicFilesOf(name) {
  return [`./${name}/${name}.service.ts`, `./${name}/index.ts`];
}

/** Zones of `import-x/no-restricted-paths` for the server (issue 21; DESIGN "Areas"). */
function serverLayerZones() {
  const infrastructure = ['db', 'lib', 'plugins', 'config.ts'];
  // ops/ (backup and restore) reads the whole database: above every layer, like server.ts.
  const above = [`${SERVER}/app.ts`, `${SERVER}/server.ts`, `${SERVER}/ops`, `${SERVER}/testing`];
  const infrastructureModules = Object.keys(SERVER_INFRASTRUCTURE_MODULES);
  return [
    ...infrastructure.map((layer) => ({
      target: `${SERVER}/${layer}`,
      from: [`${SERVER}/modules`, ...above],
      message: `${layer} is infrastructure below the modules: pass in what it needs, or move the code into a module.`,
    })),
    {
      target: `${SERVER}/modules`,
      from: above,
      message: 'Modules do not import the app, the server start or the test set-up.',
    },
    ...Object.entries(SERVER_INFRASTRUCTURE_MODULES).map(([name, allowed]) => ({
      target: `${SERVER}/modules/${name}`,
      from: `${SERVER}/modules`,
      except: [`./${name}`, ...allowed.flatMap(publicFilesOf)],
      message: `modules/${name} is infrastructure below the area modules and imports none of them.`,
    })),
    ...Object.entries(SERVER_MODULE_DEPENDENCIES).map(([name, allowed]) => ({
      target: `${SERVER}/modules/${name}`,
      from: `${SERVER}/modules`,
      except: [`./${name}`, ...[...allowed, ...infrastructureModules].flatMap(publicFilesOf)],
      message:
        allowed.length > 0
          ? `modules/${name} may import only the service or index.ts of modules/${allowed.join(', modules/')} (and jobs, mail): never a repository, routes or other internals.`
          : `modules/${name} imports no other area module (only the service of jobs or mail): move what modules share to lib/, or pass a function in.`,
    })),
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-server/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/meta/**',
      'test-results/**',
      'playwright-report/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No regular expression may take more than linear time on what it reads (issue 20): a quantifier that
    // can trade characters with its neighbour, or a pattern retried from every position of a run, is an
    // error everywhere. Rewrite it, or scan with indexOf; a pattern over trusted, bounded input may carry
    // a disable comment that says why.
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    // Files stay small by rule (issue 35): a source file over 400 lines of code (comments and blank lines
    // not counted) is split by concern. The exceptions below say why each may be longer.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'max-lines': ['error', { max: 400, skipComments: true, skipBlankLines: true }] },
  },
  {
    // Tests read best as one file per unit under test, with every case beside its set-up.
    files: ['**/*.test.{ts,tsx}', 'e2e/specs/**/*.spec.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    // Data tables: one row per route × role, or the demo pages' content, read as tables and not as logic.
    files: ['apps/server/src/testing/authorization-matrix.ts', 'apps/server/src/modules/pages/demo-pages.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web app's layers point one way (STYLE.md habit 7): shared → lib, components, config → features → app.
    // Relative and aliased imports alike are resolved to files, then checked against these zones.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webLayerZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The server's layers point one way: db, lib, plugins, config → jobs, mail → area modules → seed →
    // app, server start and test set-up. Relative imports (with their `.js` names) are resolved to the
    // TypeScript files, then checked against these zones.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.js'] },
        }),
      ],
      // Without these, import-x reads no TypeScript file it resolves, and `no-cycle` finds nothing.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...serverLayerZones(), ...serverTableZones()] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path'], message: 'The shared contract has no Node or DOM imports.' },
          ],
        },
      ],
    },
  },
);
