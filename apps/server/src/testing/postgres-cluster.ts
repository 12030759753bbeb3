/**
 * A PostgreSQL cluster of a test's own (issue 23 "database outage"): initdb in a temporary folder, a
 * free port, a socket folder of its own; the test may stop it (as a crash would) and start it again.
 * Never the machine's server. Needs `initdb` and `pg_ctl` on PATH.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.js';

const execFileAsync = promisify(execFile);
/** PostgreSQL refuses to run as root: a root test runs its cluster as this system user. */
const ROOT_RUNS_AS = 'postgres';
const isRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL program, as ROOT_RUNS_AS when the test runs as root. */
const run = (program: string, args: string[]) =>
  isRoot()
    ? execFileAsync('runuser', ['-u', ROOT_RUNS_AS, '--', program, ...args])
    : execFileAsync(program, args);

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string;
  port: number;
  /** Starts the server and waits until it accepts connections. */
  start(): Promise<void>;
  /** Stops the server; `immediate` drops every connection at once, as a crash would. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

/** Whether initdb and pg_ctl can be run here. */
export async function hasPostgresBinaries(): Promise<boolean> {
  return run('pg_ctl', ['--version']).then(
    () => true,
    () => false,
  );
}

/** Creates (initdb, trust, user postgres) and starts a cluster of the test's own. */
export async function createPostgresCluster(): Promise<PostgresCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const dataDir = path.join(dir, 'data');
  if (isRoot()) await execFileAsync('chown', [ROOT_RUNS_AS, dir]);
  const port = await freePort();
  await run('initdb', ['-A', 'trust', '-U', 'postgres', '--no-sync', '-D', dataDir]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster: PostgresCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    },
    async stop(mode = 'fast') {
      await run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    async destroy() {
      await cluster.stop('immediate').catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
