/**
 * Starts serve.ts as a child process (node --import tsx) and reads its resident memory from
 * /proc/<pid>/status: the process measured is the server alone, not the client.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_DIR, SERVER_START_TIMEOUT_MS } from './config.js';
import type { ListeningMessage } from './serve.js';

/** Resident memory of the server process, in bytes (VmRSS now, VmHWM the peak so far). */
export interface MemoryReading {
  rssBytes: number;
  peakRssBytes: number;
}

/** A running bench server. */
export interface BenchServer {
  pid: number;
  baseUrl: string;
  memory(): MemoryReading | undefined;
  stop(): Promise<void>;
}

const SERVE_ENTRY = path.join(BENCH_DIR, 'src', 'serve.ts');
const BYTES_PER_KB = 1024;
/** How long the server gets to close before it is killed. */
const STOP_TIMEOUT_MS = 10_000;

/** VmRSS and VmHWM of a process, or undefined where /proc is not available. */
export function readMemory(pid: number): MemoryReading | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssBytes: kb('VmRSS') * BYTES_PER_KB, peakRssBytes: kb('VmHWM') * BYTES_PER_KB };
  } catch {
    return undefined;
  }
}

/**
 * Spawns the bench server with `env` added to this process's environment.
 * @throws Error when it exits or does not listen within SERVER_START_TIMEOUT_MS
 */
export async function startServer(env: Record<string, string>): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE_ENTRY], {
    cwd: BENCH_DIR,
    env: { ...process.env, ...env, BENCH_DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`The bench server did not listen within ${SERVER_START_TIMEOUT_MS} ms`)),
        SERVER_START_TIMEOUT_MS,
      );
      child.on('message', (message: ListeningMessage) => {
        if (message.type !== 'listening') return;
        clearTimeout(timer);
        resolve(message.port);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`The bench server exited with code ${code} before listening`));
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    cleanUp();
    throw error;
  }
  const pid = child.pid ?? 0;
  return {
    pid,
    baseUrl: `http://127.0.0.1:${port}`,
    memory: () => readMemory(pid),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        if (child.connected) child.disconnect();
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      cleanUp();
    },
  };
}
