/**
 * `npm run bench:import` (the last step of `npm run bench`): course import of a 1 GB package (issue 38:
 * "the bench imports a 1,000-item, 5,000-file (1 GB) package"). Once per run import-package.ts writes a
 * folder tree in a temp folder — a course, 10 modules and 989 lessons, each folder with a README.md whose
 * front matter gives a title, a licence and tags, and 5,000 files of random bytes (1 GiB together, ±50 %
 * around 210 kB each) spread over the lessons — and zips it with yazl (stored: random bytes do not
 * shrink), then a second zip with 100 of the files rewritten. Then, for each database (PGlite in a fresh
 * DATA_DIR; the PostgreSQL server at 127.0.0.1 when it answers, a database of its own, dropped after):
 *   1. the built server (apps/server/dist/server.js) as a child process, a curator's bearer token;
 *   2. the zip streamed to POST /api/v1/courseware-imports: the dry run is the time from the upload's last
 *      byte to the 201 (keeping the package, unpacking it, reading, planning and hashing every file);
 *   3. POST …/start, GET polled every 200 ms until done: the import's time and MB/s of files written;
 *   4. the same zip again: the dry run of an unchanged package (then discarded);
 *   5. the zip with 100 files changed: its dry run, then its import.
 * The server's peak resident memory (VmHWM reset before each phase, VmRSS sampled) during each phase.
 * Targets (issue 38): a dry run of 1,000 items under 10 s, import ≥ 50 MB/s, server RSS under 300 MB
 * (judged on the PostgreSQL server only: PGlite keeps the database in the server process).
 * MB = 1,048,576 bytes. Figures go to .bench/import.json; exits 1 when a step fails; a missed target is
 * FAIL.
 *
 * Environment: IMPORT_BENCH_DATABASES=pglite,postgres (default both; postgres only when it answers);
 * IMPORT_BENCH_ITEMS (1,000), IMPORT_BENCH_FILES (5,000), IMPORT_BENCH_BYTES (1 GiB) for a smaller run;
 * IMPORT_BENCH_POLL_MS (200).
 * Build first: `npm run build -w @portal/shared && npm run build -w @portal/server`.
 */
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { CoursewareImport, ImportCounts, ImportSummary } from '@portal/shared/schemas/imports';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { migrate } from '../../apps/server/src/db/migrate.js';
import { createTokenSigner } from '../../apps/server/src/modules/identity/tokens.js';
import { createAccounts } from '../../apps/server/src/testing/fixtures.js';
import { freePort } from '../../apps/server/src/testing/free-port.js';
import {
  type Server,
  SERVER_ENTRY,
  MB,
  fmtMb,
  memoryOf,
  resetPeak,
  sampleRss,
  startServer,
} from './bundle-harness.js';
import { OUTPUT_DIR } from './config.js';
import { adminUrl, onAdmin, postgresAnswers, type DatabaseKind } from './databases.js';
import { writePackage, type Package } from './import-package.js';

const RESULTS_FILE = path.join(OUTPUT_DIR, 'import.json');
/** The package of issue 38, smaller through the environment for a quick check. */
const ITEMS = Number(process.env.IMPORT_BENCH_ITEMS ?? 1000);
const FILES = Number(process.env.IMPORT_BENCH_FILES ?? 5000);
const BYTES = Number(process.env.IMPORT_BENCH_BYTES ?? 1024 * MB);
/** Files rewritten for the re-import of a changed package. */
const CHANGED_FILES = 100;
/** Targets (issue 38). */
const DRY_RUN_TARGET_MS = 10_000;
const IMPORT_TARGET_MB_PER_S = 50;
const RSS_TARGET_BYTES = 300 * MB;
/**
 * How often the bench asks for the import's status (IMPORT_BENCH_POLL_MS; the page asks every
 * IMPORT_POLL_INTERVAL_MS, 1 s): each answer carries the whole preview.
 */
const STATUS_POLL_MS = Number(process.env.IMPORT_BENCH_POLL_MS ?? 200);
const IMPORT_TIMEOUT_MS = 30 * 60_000;
const API = '/api/v1/courseware-imports';

const LABELS: Record<DatabaseKind, string> = {
  postgres: 'PostgreSQL server',
  pglite: 'PGlite (embedded)',
};
const log = (line: string) => console.log(`[import] ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mbps = (bytes: number, ms: number) => bytes / MB / (ms / 1000);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

/** A dry run: the whole request, the upload (first byte to last), the server's part (last byte to 201). */
interface DryRun {
  requestMs: number;
  uploadMs: number;
  dryRunMs: number;
  counts: ImportCounts;
  peakRssBytes: number;
}

/** An import: start to done as polled, MB/s of files written, and the server's summary. */
interface ImportRun {
  ms: number;
  mbPerS: number;
  peakRssBytes: number;
  /** Its `durationMs` is the writer's part: storing the files and the transaction. */
  summary: ImportSummary;
}

interface ImportResult {
  kind: DatabaseKind;
  label: string;
  outcome: 'measured' | 'failed';
  reason?: string;
  idleRssBytes?: number;
  first?: { dryRun: DryRun; run: ImportRun };
  unchanged?: DryRun;
  changed?: { dryRun: DryRun; run: ImportRun };
  /** Each target met or not; rss null where not judged (PGlite). */
  verdicts?: { dryRun: boolean; unchangedDryRun: boolean; importRate: boolean; rss: boolean | null };
}

/** Calls the import API as the curator. */
function client(baseUrl: string, token: string) {
  const authorization = `Bearer ${token}`;
  const call = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };

  /** Streams a zip as the one file part of a multipart body; times the upload and the answer. */
  const upload = async (zip: string) => {
    const boundary = `----portal-import-bench-${crypto.randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(zip)}"\r\nContent-Type: application/zip\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const size = (await fsp.stat(zip)).size;
    const request = http.request(`${baseUrl}${API}`, {
      method: 'POST',
      headers: {
        authorization,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + size + tail.length,
      },
    });
    const started = performance.now();
    const answered = (async () => {
      const [response] = (await once(request, 'response')) as [http.IncomingMessage];
      const at = performance.now();
      const chunks: Buffer[] = [];
      for await (const chunk of response) chunks.push(chunk as Buffer);
      return { status: response.statusCode ?? 0, at, body: Buffer.concat(chunks).toString('utf8') };
    })();
    const sent = (async () => {
      request.write(head);
      for await (const chunk of fs.createReadStream(zip)) {
        if (!request.write(chunk)) await once(request, 'drain');
      }
      await new Promise<void>((resolve) => request.end(tail, () => resolve()));
      return performance.now();
    })().catch((error: unknown) => error as Error);
    const answer = await answered.catch((error: unknown) => {
      request.destroy();
      throw error;
    });
    if (answer.status !== 201) {
      request.destroy();
      throw new Error(`upload: ${answer.status} ${answer.body}`);
    }
    const lastByteAt = await sent;
    if (lastByteAt instanceof Error) throw lastByteAt;
    const created = JSON.parse(answer.body) as CoursewareImport;
    return {
      created,
      requestMs: answer.at - started,
      uploadMs: lastByteAt - started,
      dryRunMs: answer.at - lastByteAt,
    };
  };

  /** Starts a previewed import and polls it until done. @throws Error when it fails or times out */
  const runImport = async (id: string) => {
    const started = performance.now();
    await call('POST', `${API}/${id}/start`, { acceptWarnings: true });
    const deadline = Date.now() + IMPORT_TIMEOUT_MS;
    for (;;) {
      const now = await call<CoursewareImport>('GET', `${API}/${id}`);
      if (now.status === 'done') return { done: now, ms: performance.now() - started };
      if (!['queued', 'running'].includes(now.status))
        throw new Error(`the import is ${now.status}: ${now.error}`);
      if (Date.now() > deadline)
        throw new Error(`the import did not end within ${seconds(IMPORT_TIMEOUT_MS)}`);
      await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
    }
  };
  return { call, upload, runImport };
}

/** Runs `work` with the server's peak memory reset before; returns its value and the peak (VmHWM or sampled). */
async function withPeak<T>(pid: number, work: () => Promise<T>): Promise<{ value: T; peakRssBytes: number }> {
  resetPeak(pid);
  const sampler = sampleRss(pid);
  try {
    const value = await work();
    return { value, peakRssBytes: Math.max(memoryOf(pid).peakRssBytes, sampler.stop()) };
  } finally {
    sampler.stop();
  }
}

/** Checks a preview's counts; throws naming what differs. */
function expectCounts(
  counts: ImportCounts,
  want: Partial<
    Record<'itemsNew' | 'filesNew' | 'itemsUnchanged' | 'filesUnchanged' | 'filesChanged', number>
  >,
) {
  const got = {
    itemsNew: counts.items.new,
    filesNew: counts.files.new,
    itemsUnchanged: counts.items.unchanged,
    filesUnchanged: counts.files.unchanged,
    filesChanged: counts.files.changed,
  };
  const wrong = Object.entries(want).filter(([key, n]) => got[key as keyof typeof got] !== n);
  if (counts.errors > 0 || wrong.length > 0)
    throw new Error(`unexpected preview: ${JSON.stringify(counts)} (wanted ${JSON.stringify(want)})`);
}

/** One database: set up, serve, preview, import, preview again, re-import changed; cleaned up in any case. */
async function benchOne(kind: DatabaseKind, pkg: Package, workDir: string): Promise<ImportResult> {
  const label = LABELS[kind];
  const dataDir = fs.mkdtempSync(path.join(workDir, `${kind}-`));
  const dbName = `portal_import_bench_${process.pid}`;
  const serverUrl = new URL(adminUrl());
  serverUrl.pathname = `/${dbName}`;
  const databaseUrl = kind === 'postgres' ? serverUrl.toString() : '';
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  let server: Server | undefined;
  try {
    if (kind === 'postgres') await onAdmin([`CREATE DATABASE ${dbName}`]);
    const database = await openDatabase(
      databaseUrl ? { url: databaseUrl } : { dir: path.join(dataDir, 'db') },
    );
    let token: string;
    try {
      await migrate(database);
      const accounts = await createAccounts(database.db);
      const signer = await createTokenSigner(database.db, { secret: jwtSecret });
      const identity = {
        subject: accounts.contenteditor,
        displayName: 'Bench',
        email: 'bench@example.edu',
        picture: null,
      };
      token = (await signer.sign(identity)).token;
    } finally {
      await database.close();
    }
    log(`${label}: starting the server`);
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
    };
    server = await startServer(env, await freePort());
    const pid = server.proc.pid!;
    const api = client(server.baseUrl, token);
    const idleRssBytes = memoryOf(pid).rssBytes;

    const dryRun = async (zip: string): Promise<DryRun & { id: string }> => {
      const { value, peakRssBytes } = await withPeak(pid, () => api.upload(zip));
      const { created, ...times } = value;
      const { counts } = created.preview;
      log(
        `  dry run ${seconds(times.dryRunMs)} (request ${seconds(times.requestMs)}): ${JSON.stringify(counts)}`,
      );
      return { id: created.id, ...times, counts, peakRssBytes };
    };
    const importOf = async (id: string): Promise<ImportRun> => {
      const { value, peakRssBytes } = await withPeak(pid, () => api.runImport(id));
      const summary = value.done.summary!;
      log(
        `  imported in ${seconds(value.ms)}: ${summary.bytes} bytes, ${summary.created} created, ${summary.updated} updated`,
      );
      return { ms: value.ms, mbPerS: mbps(summary.bytes, value.ms), peakRssBytes, summary };
    };

    const { id, ...firstDryRun } = await dryRun(pkg.zip);
    expectCounts(firstDryRun.counts, { itemsNew: ITEMS, filesNew: FILES });
    const firstRun = await importOf(id);
    const { created, filesAdded, bytes } = firstRun.summary;
    if (created !== ITEMS || filesAdded !== FILES || bytes !== BYTES)
      throw new Error(`the import wrote ${JSON.stringify(firstRun.summary)}`);
    const { id: againId, ...unchanged } = await dryRun(pkg.zip);
    expectCounts(unchanged.counts, { itemsUnchanged: ITEMS, filesUnchanged: FILES });
    await api.call('DELETE', `${API}/${againId}`);
    const { id: changedId, ...changedDryRun } = await dryRun(pkg.changedZip);
    const changedFiles = Math.min(CHANGED_FILES, FILES);
    expectCounts(changedDryRun.counts, { filesChanged: changedFiles, filesUnchanged: FILES - changedFiles });
    const changedRun = await importOf(changedId);
    if (changedRun.summary.filesReplaced !== changedFiles)
      throw new Error(`the re-import wrote ${JSON.stringify(changedRun.summary)}`);

    const peaks = [firstDryRun, firstRun, unchanged, changedDryRun, changedRun].map((p) => p.peakRssBytes);
    return {
      kind,
      label,
      outcome: 'measured',
      idleRssBytes,
      first: { dryRun: firstDryRun, run: firstRun },
      unchanged,
      changed: { dryRun: changedDryRun, run: changedRun },
      verdicts: {
        dryRun: firstDryRun.dryRunMs < DRY_RUN_TARGET_MS,
        unchangedDryRun: unchanged.dryRunMs < DRY_RUN_TARGET_MS,
        importRate: firstRun.mbPerS >= IMPORT_TARGET_MB_PER_S,
        rss: kind === 'postgres' ? Math.max(...peaks) < RSS_TARGET_BYTES : null,
      },
    };
  } catch (error) {
    return { kind, label, outcome: 'failed', reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await server?.stop();
    if (kind === 'postgres')
      await onAdmin([`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]).catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The lines of one database's figures. */
function report(result: ImportResult, zipBytes: number): string[] {
  if (result.outcome === 'failed') return [`${result.label}: FAILED — ${result.reason}`];
  const { first, unchanged, changed, verdicts } = result as Required<ImportResult>;
  const dry = (d: DryRun) =>
    `${seconds(d.dryRunMs)} after the last byte (request ${seconds(d.requestMs)}, upload ${seconds(d.uploadMs)}), peak RSS ${fmtMb(d.peakRssBytes)}`;
  const stagedAgain = (r: ImportRun) =>
    `staging and planning again ${seconds(r.ms - r.summary.durationMs)}, storing and writing ${seconds(r.summary.durationMs)}`;
  const rss =
    verdicts.rss === null
      ? 'not judged: PGlite keeps the database in the server process'
      : verdict(verdicts.rss);
  return [
    `${result.label}: ${ITEMS} items, ${FILES} files of ${fmtMb(BYTES)} (zip ${fmtMb(zipBytes)})`,
    `  dry run          ${dry(first.dryRun)}; target < ${seconds(DRY_RUN_TARGET_MS)}: ${verdict(verdicts.dryRun)}`,
    `  import           ${seconds(first.run.ms)}, ${first.run.mbPerS.toFixed(1)} MB/s of files; target ≥ ${IMPORT_TARGET_MB_PER_S} MB/s: ${verdict(verdicts.importRate)}`,
    `                   (${stagedAgain(first.run)}), peak RSS ${fmtMb(first.run.peakRssBytes)}`,
    `  server RSS       idle ${fmtMb(result.idleRssBytes!)}, peak ${fmtMb(Math.max(first.dryRun.peakRssBytes, first.run.peakRssBytes, unchanged.peakRssBytes, changed.dryRun.peakRssBytes, changed.run.peakRssBytes))}; target < ${fmtMb(RSS_TARGET_BYTES)}: ${rss}`,
    `  unchanged again  dry run ${dry(unchanged)}; target < ${seconds(DRY_RUN_TARGET_MS)}: ${verdict(verdicts.unchangedDryRun)}`,
    `  ${CHANGED_FILES} files changed dry run ${dry(changed.dryRun)}`,
    `                   import ${seconds(changed.run.ms)} (${stagedAgain(changed.run)}), ${fmtMb(changed.run.summary.bytes)} written`,
  ];
}

async function main(): Promise<void> {
  const shape = { items: ITEMS, files: FILES, bytes: BYTES, changedFiles: CHANGED_FILES };
  const wanted = (process.env.IMPORT_BENCH_DATABASES ?? 'pglite,postgres').split(',').map((v) => v.trim());
  if (!fs.existsSync(SERVER_ENTRY)) throw new Error(`Build the server first (${SERVER_ENTRY} is missing)`);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-bench-'));
  const loadBefore = os.loadavg();
  const results: ImportResult[] = [];
  let zipBytes = 0;
  let generation: Package['generation'] | undefined;
  try {
    log(`writing ${ITEMS} items and ${FILES} files of ${fmtMb(BYTES)} of random bytes`);
    const pkg = await writePackage(workDir, shape);
    zipBytes = pkg.zipBytes;
    generation = pkg.generation;
    const { treeMs, zipMs, changedMs } = pkg.generation;
    log(
      `generated: tree ${seconds(treeMs)}, zip ${seconds(zipMs)} (${fmtMb(pkg.zipBytes)}), changed copy ${seconds(changedMs)}`,
    );
    for (const kind of ['pglite', 'postgres'] as const) {
      if (!wanted.includes(kind)) continue;
      if (kind === 'postgres' && !(await postgresAnswers())) {
        log(`${LABELS[kind]}: skipped (nothing answers on 127.0.0.1:5432)`);
        continue;
      }
      results.push(await benchOne(kind, pkg, workDir));
    }
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model,
    loadBefore,
    loadAfter: os.loadavg(),
  };
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  const figures = {
    pollMs: STATUS_POLL_MS,
    startedAt: new Date().toISOString(),
    node: process.version,
    machine,
    package: { ...shape, zipBytes, generation },
    results,
  };
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(figures, null, 2)}\n`);
  log('');
  for (const result of results) for (const line of report(result, zipBytes)) log(line);
  log(
    `${machine.cpus} × ${machine.cpuModel}, load ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${machine.loadAfter.map((l) => l.toFixed(1)).join(' ')} after`,
  );
  log(`status polled every ${STATUS_POLL_MS} ms; figures in ${RESULTS_FILE}`);
  if (results.some((r) => r.outcome === 'failed')) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
