/**
 * `npm run backup` and `npm run restore` as an operator runs them, against a portal on PGlite that is
 * serving (issue 23): the backup goes through the portal's operations socket (no other process may open
 * its database), the restore fills an empty data folder and refuses it the second time with exit code 2.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { RESTORE_EXIT_NOT_EMPTY } from '@portal/shared/limits';
import { fileURLToPath } from 'node:url';
import { startServerProcess, type ServerProcess } from '../testing/server-process.js';

const run = promisify(execFile);
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-cli-'));
let portal: ServerProcess | undefined;

/** Runs one of the CLIs with `DATA_DIR` on PGlite. @returns its exit code and output */
async function cli(script: string, args: string[], dataDir: string) {
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', INIT_CWD: '' },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const e = error as { code: number; stderr: string };
    return { code: e.code, output: e.stderr };
  }
}

afterAll(async () => {
  await portal?.stop('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });
});

describe('backup and restore commands on PGlite', () => {
  it('backs up a serving portal through its socket and restores into an empty folder only', async () => {
    const source = path.join(work, 'source');
    portal = await startServerProcess({ DATA_DIR: source, DATABASE_URL: '' });
    const archive = path.join(work, 'portal.zip');
    const backup = await cli('src/ops/backup-cli.ts', ['--out', archive], source);
    expect(backup.output).toContain('Backup written by the running portal');
    expect(backup.code).toBe(0);
    expect((await fetch(`${portal.url}/api/v1/content/search?query=lab`)).status).toBe(200);

    const target = path.join(work, 'target');
    const restore = await cli('src/ops/restore-cli.ts', [archive], target);
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);
    const again = await cli('src/ops/restore-cli.ts', [archive], target);
    expect(again.code).toBe(RESTORE_EXIT_NOT_EMPTY);
    expect(again.output).toContain('already holds a database');
  }, 120_000);
});
