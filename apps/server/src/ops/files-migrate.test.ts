/**
 * `npm run files:migrate -- --to s3` as an operator runs it (issue 24): every file of DATA_DIR/files
 * lands in the bucket (s3rver) with the same bytes; run again, it copies only what is new; with no bucket
 * configured it says what is missing.
 */
import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLocalFileStore, newStorageKey } from '../lib/storage.js';
import { startS3Server, type S3TestServer } from '../testing/s3-server.js';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-files-migrate-'));
const local = createLocalFileStore(path.join(dataDir, 'files'));
let s3: S3TestServer;

/** Runs the command with `env`; its exit code and output. */
async function migrate(env: Record<string, string>) {
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'src/ops/files-migrate-cli.ts', '--to', 's3'],
      { cwd: SERVER_DIR, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: '', ...env } },
    );
    return { code: 0, output: stdout };
  } catch (error) {
    const e = error as { code: number; stderr: string; stdout: string };
    return { code: e.code, output: `${e.stdout}${e.stderr}` };
  }
}
async function putLocal(count: number): Promise<Map<string, string>> {
  const added = new Map<string, string>();
  for (let n = 0; n < count; n += 1) {
    const key = newStorageKey();
    const { sha256 } = await local.put(key, Readable.from([crypto.randomBytes(10_000 + n)]));
    added.set(key, sha256);
  }
  return added;
}
async function bucketHashes(): Promise<Map<string, string>> {
  const store = s3.store();
  const found = new Map<string, string>();
  for await (const object of store.list()) {
    const hash = crypto.createHash('sha256');
    for await (const chunk of store.get(object.key)) hash.update(chunk as Buffer);
    found.set(object.key, hash.digest('hex'));
  }
  return found;
}

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('copies every file into the bucket, verified, and the second time only the new ones', async () => {
  const first = await putLocal(5);
  const once = await migrate(s3.env);
  expect(once.code, once.output).toBe(0);
  expect(once.output).toContain('Copied 5 files');
  expect(once.output).toContain('0 already there, 0 failed');
  expect(await bucketHashes()).toEqual(first);

  const later = await putLocal(2);
  const again = await migrate(s3.env);
  expect(again.code, again.output).toBe(0);
  expect(again.output).toContain('Copied 2 files');
  expect(again.output).toContain('5 already there, 0 failed');
  expect(await bucketHashes()).toEqual(new Map([...first, ...later]));
});

it('names what is missing when no bucket is configured', async () => {
  const refused = await migrate({ S3_BUCKET: '' });
  expect(refused.code).toBe(1);
  expect(refused.output).toContain('S3_BUCKET: required when FILE_STORE is s3');
});
