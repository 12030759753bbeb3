/**
 * The data a portal started as a real process (server-process.ts) begins with: a fresh DATA_DIR (its
 * PGlite database inside) or, when DATABASE_URL is set, a fresh database on that server; migrated,
 * with one account per role, the courseware tree of `createTree`, and access tokens signed with the
 * process's JWT_SECRET, so that requests need no sign-in. Written before the process starts: PGlite
 * has one writer.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '@portal/shared/enums';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { createLocalFileStore, type FileStore } from '../lib/storage.js';
import { createAccounts, createTree, signAccessToken, type Tree } from './fixtures.js';
import { createServerDatabase } from './test-app.js';

export interface ProcessData {
  dataDir: string;
  /** DATA_DIR, DATABASE_URL (empty: PGlite) and JWT_SECRET: what every start of the process needs. */
  env: Record<string, string>;
  accounts: Record<Role, string>;
  tree: Tree;
  /** `Authorization` headers of the accounts, by role. */
  headers: Record<Role, { authorization: string }>;
  /** The local file store of DATA_DIR, as the process sees it. */
  fileStore: FileStore;
  /** Opens the database of the stopped process (PGlite admits one writer), to check what it left. */
  openDatabase(): Promise<Database>;
  /** Removes the data folder and drops the server database. */
  destroy(): Promise<void>;
}

/**
 * Prepares the data; `seed` may add rows and files before the database is closed.
 * @param prefix of the temporary folder's name
 */
export async function prepareProcessData(
  prefix: string,
  seed?: (db: Db, fileStore: FileStore, tree: Tree) => Promise<void>,
): Promise<ProcessData> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const server = process.env.DATABASE_URL ? await createServerDatabase(process.env.DATABASE_URL) : undefined;
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const open = () => openDatabase(server ? { url: server.url } : { dir: path.join(dataDir, 'db') });
  const fileStore = createLocalFileStore(path.join(dataDir, 'files'));
  const database = await open();
  try {
    await migrate(database);
    const accounts = await createAccounts(database.db);
    const tree = await createTree(database.db, fileStore);
    await seed?.(database.db, fileStore, tree);
    const headers = {} as Record<Role, { authorization: string }>;
    for (const role of Object.keys(accounts) as Role[]) {
      const token = await signAccessToken(database.db, jwtSecret, accounts[role]);
      headers[role] = { authorization: `Bearer ${token}` };
    }
    return {
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: server?.url ?? '', JWT_SECRET: jwtSecret },
      accounts,
      tree,
      headers,
      fileStore,
      openDatabase: open,
      async destroy() {
        await server?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } finally {
    await database.close();
  }
}
