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
  courseware: ['files', 'feedback', 'knowledge', 'lessons', 'contributors'],
  // The admin user screen sets an account's business unit (001 §3).
  identity: ['organizations'],
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

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
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
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webLayerZones() }],
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
