/**
 * A PostgreSQL cluster of a test's own (issue 23 "database outage"): initdb in a temporary folder, a
 * free port, a socket folder of its own; the test may stop it (as a crash would) and start it again.
 * And a streaming replica of one (issue 36, `createStandby`): pg_basebackup -R into a folder of its own.
 * Never the machine's server. Needs `initdb`, `pg_ctl` (and `pg_basebackup`) on PATH.
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

/** Whether initdb and pg_ctl (and, with `programs`, those too) can be run here. */
export async function hasPostgresBinaries(programs: readonly string[] = ['pg_ctl']): Promise<boolean> {
  const found = await Promise.all(
    programs.map((program) =>
      run(program, ['--version']).then(
        () => true,
        () => false,
      ),
    ),
  );
  return found.every(Boolean);
}

/** A folder of its own for a cluster, owned by the user its server runs as. */
async function clusterFolder(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  if (isRoot()) await execFileAsync('chown', [ROOT_RUNS_AS, dir]);
  return dir;
}

/** Creates (initdb, trust, user postgres) and starts a cluster of the test's own. */
export async function createPostgresCluster(): Promise<PostgresCluster> {
  const dir = await clusterFolder();
  await run('initdb', ['-A', 'trust', '-U', 'postgres', '--no-sync', '-D', path.join(dir, 'data')]);
  return startCluster(dir);
}

/**
 * Creates and starts a streaming replica of `primary` (pg_basebackup -R: a hot standby that follows it),
 * on a port and in a folder of its own. initdb's defaults allow it: wal_level replica, max_wal_senders
 * 10, and trusted replication connections from 127.0.0.1 in pg_hba.conf.
 */
export async function createStandby(primary: PostgresCluster): Promise<PostgresCluster> {
  const dir = await clusterFolder();
  await run('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
    ...['-D', path.join(dir, 'data'), '-R', '--checkpoint=fast', '--no-sync'],
  ]);
  return startCluster(dir);
}

/** Starts the cluster of `dir`/data on a free port, with its socket in `dir`. */
async function startCluster(dir: string): Promise<PostgresCluster> {
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
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
