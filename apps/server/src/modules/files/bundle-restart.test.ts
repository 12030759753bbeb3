/**
 * Jobs are durable (issue 3): the real server, run as a child process, is killed (SIGKILL) while it
 * builds a bundle, and started again on the same data; the bundle then finishes, and its zip holds every
 * file with the right SHA-256. Runs on PGlite in DATA_DIR, or on the PostgreSQL server with DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { migrate } from '../../db/migrate.js';
import { createAccounts, createTree, signAccessToken, storeFile, type Tree } from '../../testing/fixtures.js';
import { freePort } from '../../testing/free-port.js';
import { createServerDatabase } from '../../testing/test-app.js';
import { readZip } from '../../testing/zip.js';
import { createLocalFileStore } from '../../lib/storage.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const REPO_DIR = path.resolve(SERVER_DIR, '../..');
const JWT_SECRET = crypto.randomBytes(32).toString('hex');
/** Files big enough that the build takes a few seconds (text: deflated), so that it can be cut. */
const FILE_COUNT = 4;
const FILE_RANDOM_BYTES = 3 * 1024 * 1024;
/** The server is killed once this much of the archive is written: past the first file. */
const KILL_AFTER_BYTES = 5 * 1024 * 1024;
const STARTUP_TIMEOUT_MS = 60_000;
/** Two server starts (tsx compiles the server each time) and two builds. */
const TEST_TIMEOUT_MS = 180_000;

let dataDir: string;
let env: Record<string, string>;
let dropServerDatabase: (() => Promise<void>) | undefined;
let tree: Tree;
let token: string;
const expectedSha = new Map<string, string>();
let child: ChildProcess | undefined;
let baseUrl: string;

/** Starts `src/server.ts` with tsx, the shared package from its sources; resolves once it answers. */
async function startServer(): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: SERVER_DIR,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`the server exited: ${stderr}`);
    const ok = await fetch(`${baseUrl}/dist/env.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return proc;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  proc.kill('SIGKILL');
  throw new Error(`the server did not start: ${stderr}`);
}

async function stop(proc: ChildProcess | undefined, signal: NodeJS.Signals) {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill(signal);
  await exited;
}

const api = (url: string, init: RequestInit = {}) =>
  fetch(`${baseUrl}${url}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restart-'));
  const adminUrl = process.env.DATABASE_URL;
  const server = adminUrl ? await createServerDatabase(adminUrl) : undefined;
  dropServerDatabase = server?.drop;
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const tsconfig = path.join(dataDir, 'tsconfig.json');
  fs.writeFileSync(
    tsconfig,
    JSON.stringify({
      compilerOptions: { baseUrl: REPO_DIR, paths: { '@portal/shared/*': ['packages/shared/src/*.ts'] } },
    }),
  );
  env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: server?.url ?? '',
    SEED_DEMO: 'false',
    JWT_SECRET,
    PUBLIC_BASE_URL: baseUrl,
    LOG_LEVEL: 'warn',
    // A dead worker's claim runs out quickly, so that the restarted server takes the job over soon.
    JOB_LEASE_MS: '1500',
    JOB_POLL_INTERVAL_MS: '100',
    TSX_TSCONFIG_PATH: tsconfig,
  };
  const config = loadConfig({ ...process.env, ...env } as NodeJS.ProcessEnv);
  const database = await openDatabase({ url: server?.url, dir: path.join(dataDir, 'db') });
  try {
    await migrate(database);
    const accounts = await createAccounts(database.db);
    const fileStore = createLocalFileStore(path.join(dataDir, 'files'));
    tree = await createTree(database.db, fileStore);
    expectedSha.set(tree.fileId, crypto.createHash('sha256').update(tree.fileBytes).digest('hex'));
    for (let n = 1; n <= FILE_COUNT; n += 1) {
      const bytes = Buffer.from(crypto.randomBytes(FILE_RANDOM_BYTES).toString('base64'));
      const stored = await storeFile(database.db, fileStore, bytes, {
        name: `Capture ${n}`,
        filename: `capture-${n}.txt`,
        mimeType: 'text/plain',
        metadataId: tree.lab,
        index: n,
      });
      expectedSha.set(stored.id, stored.sha256);
    }
    token = await signAccessToken(database.db, config.jwtSecret, accounts.faculty);
  } finally {
    await database.close();
  }
});

afterAll(async () => {
  await stop(child, 'SIGKILL');
  await dropServerDatabase?.();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it(
  'finishes a bundle after the server was killed in the middle of building it',
  async () => {
    child = await startServer();
    const requested = await api(`/api/v1/content/${tree.course}/bundle`, { method: 'POST' });
    expect(requested.status).toBe(202);
    const { fileId } = (await requested.json()) as { fileId: string };

    // Wait until the archive is being written, then kill the server without warning.
    const partials = path.join(dataDir, 'files', '.partial');
    const writtenBytes = () =>
      fs.existsSync(partials)
        ? fs.readdirSync(partials).reduce((sum, name) => sum + fs.statSync(path.join(partials, name)).size, 0)
        : 0;
    const deadline = Date.now() + STARTUP_TIMEOUT_MS;
    while (writtenBytes() < KILL_AFTER_BYTES && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(writtenBytes()).toBeGreaterThanOrEqual(KILL_AFTER_BYTES);
    await stop(child, 'SIGKILL');
    const status = () =>
      api(`/api/v1/files/${fileId}`).then(async (r) => ((await r.json()) as { status: string }).status);

    child = await startServer();
    expect(await status()).toBe('pending');
    let settled = 'pending';
    while (settled === 'pending' && Date.now() < deadline + STARTUP_TIMEOUT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      settled = await status();
    }
    expect(settled).toBe('ready');

    const link = (await (await api(`/api/v1/files/${fileId}/download-url?from=${tree.course}`)).json()) as {
      publicUrl: string;
    };
    const zip = Buffer.from(await (await fetch(`${baseUrl}${link.publicUrl}`)).arrayBuffer());
    const entries = await readZip(zip);
    const manifest = JSON.parse(entries.at(-1)!.data.toString('utf8')) as {
      files: { id: string; path: string; sha256: string }[];
    };
    expect(manifest.files).toHaveLength(FILE_COUNT + 1);
    for (const f of manifest.files) {
      expect(f.sha256).toBe(expectedSha.get(f.id));
      const data = entries.find((e) => e.name === f.path)!.data;
      expect(crypto.createHash('sha256').update(data).digest('hex')).toBe(f.sha256);
    }
    await stop(child, 'SIGTERM');
  },
  TEST_TIMEOUT_MS,
);
