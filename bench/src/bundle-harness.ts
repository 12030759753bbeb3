/**
 * The bundle bench's harness (bundle.ts runs it): the incompressible source files, the built server as
 * a child process, its resident memory read from /proc, and the downloaded archive checked entry by
 * entry.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { REPO_ROOT, SERVER_START_TIMEOUT_MS } from './config.js';
import { readMemory, type MemoryReading } from './server-process.js';

export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'server.js');
export const MB = 1024 * 1024;
export const FILE_COUNT = 20;
export const FILE_BYTES = 50 * MB;
const WRITE_CHUNK_BYTES = MB;
export const POLL_MS = 100;
const RSS_SAMPLE_MS = 50;
const STOP_TIMEOUT_MS = 10_000;
export const fmtMb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
export interface SourceFile {
  path: string;
  filename: string;
  sha256: string;
}

/** Writes FILE_COUNT files of random bytes (once per run) and notes their SHA-256. */
export async function writeSources(dir: string): Promise<SourceFile[]> {
  const files: SourceFile[] = [];
  for (let n = 1; n <= FILE_COUNT; n += 1) {
    const filename = `capture-${String(n).padStart(2, '0')}.bin`;
    const file = path.join(dir, filename);
    const hash = crypto.createHash('sha256');
    const out = fs.createWriteStream(file);
    for (let written = 0; written < FILE_BYTES; written += WRITE_CHUNK_BYTES) {
      const chunk = crypto.randomBytes(WRITE_CHUNK_BYTES);
      hash.update(chunk);
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
    await new Promise<void>((resolve, reject) => {
      out.once('error', reject);
      out.end(() => resolve());
    });
    files.push({ path: file, filename, sha256: hash.digest('hex') });
  }
  return files;
}

/**
 * The server's resident memory (VmRSS, and the peak VmHWM) from /proc.
 * @throws Error where /proc is not available (this bench needs Linux) or the process is gone
 */
export function memoryOf(pid: number): MemoryReading {
  const reading = readMemory(pid);
  if (!reading) throw new Error(`cannot read /proc/${pid}/status`);
  return reading;
}

/** Resets the process's peak resident memory (VmHWM) to its current size (Linux clear_refs 5). */
export function resetPeak(pid: number): void {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

export interface Server {
  proc: ChildProcess;
  baseUrl: string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>, port: number): Promise<Server> {
  const proc = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const stop = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`the server exited with code ${proc.exitCode}`);
    const ok = await fetch(`${baseUrl}/dist/env.json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { proc, baseUrl, stop };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  await stop();
  throw new Error(`the server did not answer within ${SERVER_START_TIMEOUT_MS} ms`);
}

/** Samples the server's resident memory until stopped; returns the highest VmRSS seen. */
export function sampleRss(pid: number) {
  let max = 0;
  const timer = setInterval(() => {
    try {
      max = Math.max(max, memoryOf(pid).rssBytes);
    } catch {
      // the process is gone
    }
  }, RSS_SAMPLE_MS);
  return {
    stop: () => {
      clearInterval(timer);
      return max;
    },
  };
}

/** Reads a zip on disk and returns each entry's name and SHA-256, and the manifest. */
export function verifyZip(
  file: string,
): Promise<{ hashes: Map<string, string>; manifest: { files: { path: string; sha256: string }[] } }> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (openError, zip) => {
      if (openError || !zip) return reject(openError ?? new Error('not a zip'));
      const hashes = new Map<string, string>();
      let manifestText = '';
      zip.on('error', reject);
      zip.on('end', () => resolve({ hashes, manifest: JSON.parse(manifestText) }));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError ?? new Error('no stream'));
          const hash = crypto.createHash('sha256');
          const chunks: Buffer[] = [];
          const isManifest = entry.fileName === 'manifest.json';
          stream.on('data', (chunk: Buffer) => {
            hash.update(chunk);
            if (isManifest) chunks.push(chunk);
          });
          stream.on('error', reject);
          stream.on('end', () => {
            hashes.set(entry.fileName, hash.digest('hex'));
            if (isManifest) manifestText = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
