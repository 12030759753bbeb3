/**
 * The portal as a real child process (`src/server.ts` run by tsx), for tests that must send it signals
 * (SIGTERM, SIGKILL), restart it over the same data, or run two at once: what an operator's process
 * manager does. Its JSON log lines are kept, parsed, for the test to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { freePort } from './free-port.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_ENTRY = path.join(SERVER_DIR, 'src/server.ts');

/** How long a start may take before the test is told it failed, in milliseconds. */
export const SERVER_START_TIMEOUT_MS = 60_000;

export interface ServerProcess {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  port: number;
  child: ChildProcess;
  /** Every JSON log line printed so far, parsed (lines that are not JSON are kept as `{ text }`). */
  logs: Record<string, unknown>[];
  /** Resolves with the exit code (null when a signal ended it) and that signal, once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` (SIGKILL by default) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the server with `env` over the test's environment (DATA_DIR, DATABASE_URL... come from the
 * caller) on a free port, and resolves once it listens.
 * @param env the environment of the process; PORT, HOST and LOG_LEVEL (info) are set unless given
 * @throws when the process exits or does not listen within SERVER_START_TIMEOUT_MS; the error holds
 *   its last output
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = env['PORT'] ? Number(env['PORT']) : await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      // Load shedding off (0: the delay is not watched): a start's API document build and the busy test machine
      // block the event loop for seconds, which is not the overload these tests are about.
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const listening = new Promise<void>((resolve, reject) => {
    let pending = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        output += `${line}\n`;
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(line) as Record<string, unknown>;
        } catch {
          entry = { text: line };
        }
        logs.push(entry);
        if (typeof entry['msg'] === 'string' && entry['msg'].startsWith('Server listening at')) resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
    });
    void exited.then(({ code, signal }) =>
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output.slice(-4000)}`)),
    );
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the server did not listen within ${SERVER_START_TIMEOUT_MS} ms:\n${output}`)),
      SERVER_START_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([listening, timeout]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    logs,
    exited,
    async stop(signal: NodeJS.Signals = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * A request to a portal process: `body` is sent as JSON (an object) or as multipart (a FormData).
 * @param headers the caller's (a bearer header, say)
 */
export function callProcess(
  portal: ServerProcess,
  method: string,
  url: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: object | FormData } = {},
): Promise<Response> {
  const sent: Record<string, string> = { ...headers };
  if (body && !(body instanceof FormData)) sent['content-type'] = 'application/json';
  return fetch(`${portal.url}${url}`, {
    method,
    headers: sent,
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
}

/** The JSON of an answer, which must be a 2xx (else the test fails naming its status and body). */
export async function okJson<T>(response: Promise<Response>): Promise<T> {
  const res = await response;
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}
