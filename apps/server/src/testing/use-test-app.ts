/**
 * The one set-up of a server test file (issue 21; STYLE.md habit 10): registers vitest's `beforeAll`,
 * which builds the real app on a fresh database (`createTestContext`), makes one account per role
 * and, with `tree`, the small courseware tree of `createTree`; and `afterAll`, which closes it all.
 *
 *   const { ctx, accounts, tree, as } = useTestApp({ tree: true });
 *
 * The returned objects are filled in `beforeAll`: read them inside hooks and tests (reading `ctx`
 * earlier throws). A file that needs more set-up registers its own `beforeAll` after this call (it runs
 * after this one); one that needs something running first (an SMTP peer whose address goes into `env`)
 * registers it before and passes `env` as a function. `afterAll` hooks run in reverse order, so the app
 * closes before what was started ahead of it.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { bearer, createAccounts, createTree, type Tree } from './fixtures.js';
import { createTestContext, type TestContext } from './test-app.js';

export interface TestAppOptions {
  /** Extra environment for the app's configuration (e.g. SMTP_URL), or a function read in `beforeAll`. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Make the courseware tree of `createTree` (course > module > lab with a file, hidden, ...). */
  tree?: boolean;
  /** Time the set-up may take, in milliseconds, where it is longer than the configured hook timeout. */
  setupTimeoutMs?: number;
}

export interface TestApp {
  /** The app, its database, configuration, file store and data folder. */
  ctx: TestContext;
  /** The id of the account of each role (`<role>@test.example.edu`, password `PASSWORD`). */
  accounts: Record<Role, string>;
  /** The courseware tree; empty unless `tree` was asked for. */
  tree: Tree;
  /** A bearer `authorization` header for the account of `role`; no header (signed out) without one. */
  as(role?: Role): Promise<Record<string, string>>;
}

export function useTestApp(options: TestAppOptions = {}): TestApp {
  let context: TestContext | undefined;
  const current = (): TestContext => {
    if (!context)
      throw new Error('useTestApp: the app is built in beforeAll; read it inside hooks and tests');
    return context;
  };
  const ctx: TestContext = {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    get fileStore() {
      return current().fileStore;
    },
    get dataDir() {
      return current().dataDir;
    },
    close: () => current().close(),
  };
  const accounts = {} as Record<Role, string>;
  const tree = {} as Tree;

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : options.env;
    context = await createTestContext(env);
    Object.assign(accounts, await createAccounts(context.database.db));
    if (options.tree) Object.assign(tree, await createTree(context.database.db, context.fileStore));
  }, options.setupTimeoutMs);
  afterAll(async () => {
    await context?.close();
    context = undefined;
  });

  return {
    ctx,
    accounts,
    tree,
    as: async (role) => (role ? bearer(current().app, accounts[role]) : {}),
  };
}
