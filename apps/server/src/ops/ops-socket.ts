/**
 * The operations socket of a portal on PGlite (issue 23 "Backup and restore"). The embedded database is
 * open inside the serving process and no other process may open its folder, so `npm run backup` asks
 * the running portal to make the archive: the portal listens on a Unix socket, `DATA_DIR/run/portal.sock`,
 * in a folder of mode 0700, so only the account that runs the portal (or root) can connect — the file
 * system is the access check, no token and no HTTP route. The socket is also how a running portal is
 * detected: a connection that succeeds is a live portal; a socket file nobody listens on (a portal that was
 * killed) refuses the connection and counts as stopped, and the next start replaces it.
 *
 * Protocol: one JSON line each way. Request `{"op":"backup","out":"/absolute/path"}`; answer
 * `{"ok":true,"attempts":n,"tables":n,"rows":n,"files":n,"bytes":n}` or `{"ok":false,"message":"..."}`.
 * The portal writes the archive itself (same machine, same account).
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { FileStore } from '../lib/storage.js';
import { writeBackup } from './backup.js';

/** The socket of the portal whose data folder is `dataDir`. */
export function opsSocketPath(dataDir: string): string {
  return path.join(dataDir, 'run', 'portal.sock');
}

/** What a backup through the socket answers. */
export type OpsBackupAnswer =
  | { ok: true; attempts: number; tables: number; rows: number; files: number; bytes: number }
  | { ok: false; message: string };

/**
 * Listens on the operations socket of `dataDir` (replacing a stale socket file).
 * @returns close(): stops listening and removes the socket file
 */
export async function startOpsSocket(args: {
  dataDir: string;
  database: Database;
  fileStore: FileStore;
  log: FastifyBaseLogger;
}): Promise<{ close(): Promise<void> }> {
  const socketPath = opsSocketPath(args.dataDir);
  fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(socketPath), 0o700);
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    const lines = readline.createInterface({ input: socket });
    lines.once('line', (line) => {
      lines.close();
      void answer(line).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
    });
    socket.on('error', () => undefined);
  });
  const answer = async (line: string): Promise<OpsBackupAnswer> => {
    try {
      const request = JSON.parse(line) as { op?: unknown; out?: unknown };
      if (request.op !== 'backup' || typeof request.out !== 'string' || !path.isAbsolute(request.out))
        return { ok: false, message: 'unknown request' };
      const started = performance.now();
      const { manifest, attempts } = await writeBackup({
        database: args.database,
        fileStore: args.fileStore,
        outPath: request.out,
      });
      const reply = {
        ok: true as const,
        attempts,
        tables: manifest.database.tables.length,
        rows: manifest.database.tables.reduce((n, t) => n + t.rows, 0),
        files: manifest.files.length,
        bytes: fs.statSync(request.out).size,
      };
      args.log.info({ ...reply, ms: Math.round(performance.now() - started) }, 'backup written');
      return reply;
    } catch (error) {
      args.log.error({ err: error }, 'backup failed');
      return { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socketPath, { force: true });
      }),
  };
}

/**
 * Asks the portal running on `dataDir` for a backup.
 * @returns its answer, or null when no portal listens (no socket, or a stale one)
 */
export async function requestBackup(dataDir: string, out: string): Promise<OpsBackupAnswer | null> {
  const socketPath = opsSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    socket.once('connect', () => {
      socket.write(`${JSON.stringify({ op: 'backup', out })}\n`);
      const lines = readline.createInterface({ input: socket });
      lines.once('line', (line) => {
        lines.close();
        socket.destroy();
        resolve(JSON.parse(line) as OpsBackupAnswer);
      });
      socket.once('end', () =>
        reject(new Error('the portal closed the operations socket without an answer')),
      );
    });
  });
}

/** Whether a portal is serving from `dataDir` (its operations socket accepts a connection). */
export async function isPortalRunning(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.createConnection(opsSocketPath(dataDir));
    socket.once('error', () => resolve(false));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
  });
}
