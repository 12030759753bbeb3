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
  /** DATA_DIR, DATABASE_URL (empty: PGlite), JWT_SECRET and the file store's: what every start needs. */
  env: Record<string, string>;
  accounts: Record<Role, string>;
  tree: Tree;
  /** `Authorization` headers of the accounts, by role. */
  headers: Record<Role, { authorization: string }>;
  /** The file store, as the process sees it (DATA_DIR/files unless a bucket was given). */
  fileStore: FileStore;
  /** Opens the database of the stopped process (PGlite admits one writer), to check what it left. */
  openDatabase(): Promise<Database>;
  /** Removes the data folder and drops the server database. */
  destroy(): Promise<void>;
}

/** Where the data goes besides the defaults (PGlite in DATA_DIR or DATABASE_URL's server; DATA_DIR/files). */
export interface ProcessDataOptions {
  /** Adds rows and files before the database is closed. */
  seed?: (db: Db, fileStore: FileStore, tree: Tree) => Promise<void>;
  /** A PostgreSQL server (its admin URL) to make the database on, instead of DATABASE_URL's. */
  adminUrl?: string;
  /** A bucket to keep the files in: its store, and the environment that names it (FILE_STORE=s3...). */
  files?: { store(): FileStore; env: Record<string, string> };
}

/**
 * Prepares the data.
 * @param prefix of the temporary folder's name
 */
export async function prepareProcessData(
  prefix: string,
  options: ProcessDataOptions = {},
): Promise<ProcessData> {
  const { seed, files } = options;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const adminUrl = options.adminUrl ?? process.env.DATABASE_URL;
  const server = adminUrl ? await createServerDatabase(adminUrl) : undefined;
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const open = () => openDatabase(server ? { url: server.url } : { dir: path.join(dataDir, 'db') });
  const fileStore = files?.store() ?? createLocalFileStore(path.join(dataDir, 'files'));
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
      env: { DATA_DIR: dataDir, DATABASE_URL: server?.url ?? '', JWT_SECRET: jwtSecret, ...files?.env },
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
