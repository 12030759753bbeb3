/**
 * `npm run bench`: search and detail latency over HTTP on a 100,000-item catalogue, on PGlite and,
 * when it answers, on the PostgreSQL server (issue text). For each database: prepare the catalogue
 * (PGlite cached in .bench/), start the real application as a child process, time every query class
 * after a warm-up, read the server's resident memory, print a table and write .bench/results.json.
 *
 * Options (after `--` with npm):
 *   --variants=current               what to measure (variants.ts; default: current)
 *   --databases=pglite,postgres            where to measure (default: both)
 *   --update-baseline                write this run's figures to bench/baseline.json
 *
 * Exits 1 when a class errs (a wrong answer or a failed request); a missed latency target is reported
 * as FAIL in the table and in the JSON, without failing the run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readCorpus, type BaseDocument } from './corpus.js';
import {
  CATALOGUE_SIZE,
  COURSEWARE_DIR,
  DEFAULT_ITEMS,
  MEASURE_REPEATS,
  OUTPUT_DIR,
  P50_TARGETS,
  RESULTS_FILE,
  RUN_TIME_BUDGET_MS,
  TARGETS,
} from './config.js';
import {
  postgresAnswers,
  preparePglite,
  preparePostgres,
  type DatabaseKind,
  type PreparedCatalogue,
} from './databases.js';
import { explainSearch } from './explain.js';
import { findLastPage, measureClass, queryClasses, type ClassResult, type QueryClass } from './measure.js';
import {
  formatAgreement,
  formatDatabase,
  formatDuration,
  type BenchResults,
  type DatabaseResult,
  type JudgedClass,
} from './report.js';
import { compareWithBaseline, updateBaseline } from './baseline.js';
import { startServer } from './server-process.js';
import { VARIANTS, type Variant, type VariantKey } from './variants.js';

const LABELS: Record<DatabaseKind, string> = {
  pglite: 'PGlite (embedded default)',
  postgres: 'PostgreSQL server',
};
const DATABASE_KINDS: readonly DatabaseKind[] = ['pglite', 'postgres'];
/** Characters of an error message printed (a failed INSERT's message holds the whole statement). */
const ERROR_MESSAGE_MAX = 500;

const log = (line: string) => console.log(line);
const MEBIBYTE = 1024 * 1024;

/** The first line of an error or of its cause, shortened. */
function describeError(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const message = cause || (error instanceof Error ? error.message : String(error));
  return message.split('\n')[0]?.slice(0, ERROR_MESSAGE_MAX) ?? '';
}

/** A comma-separated option as a list of allowed values, in the order of `allowed`. */
function listOption<T extends string>(value: string | undefined, allowed: readonly T[], fallback: T[]): T[] {
  if (!value) return fallback;
  const wanted = value.split(',').map((v) => v.trim());
  const unknown = wanted.filter((v) => !allowed.includes(v as T));
  if (unknown.length > 0) throw new Error(`Unknown value ${unknown.join(', ')}; use ${allowed.join(', ')}`);
  return allowed.filter((v) => wanted.includes(v));
}

/** The label of a result: database, and variant when it is not the current code. */
function labelOf(kind: DatabaseKind, variant: Variant): string {
  return variant.key === 'current' ? LABELS[kind] : `${LABELS[kind]}: ${variant.label}`;
}

/** Starts the server for one variant of a prepared catalogue, measures every class, stops it. */
async function measureVariant(
  prepared: PreparedCatalogue,
  variant: Variant,
  deadline: number,
  signal: AbortSignal,
): Promise<DatabaseResult> {
  const { detailAliases, ...facts } = prepared.manifest;
  const label = labelOf(prepared.kind, variant);
  const result: DatabaseResult = {
    kind: prepared.kind,
    variant: variant.key,
    label,
    outcome: 'measured',
    catalogue: { ...facts, isCached: prepared.isCached },
    classes: [],
  };
  const env = await prepared.useVariant(variant);
  let classes: QueryClass[] = [];
  log(`${label}: starting the server`);
  const server = await startServer({
    ...env,
  });
  try {
    result.server = { pid: server.pid, afterStart: server.memory() };
    const lastPage = await findLastPage(server.baseUrl);
    result.lastPagePages = lastPage.pages;
    const targets = TARGETS[prepared.kind];
    classes = queryClasses({
      rareTermItems: prepared.manifest.indexedRareTermItems,
      documentTermItems: prepared.manifest.indexedDocumentTermItems,
      lastPage: lastPage.path,
      detailAliases,
    });
    // The whole measure is repeated; each class reports its worse run (the higher p95), so a figure
    // that holds only on a good run is not the one kept.
    const runs = new Map<string, ClassResult[]>();
    for (let round = 1; round <= MEASURE_REPEATS && !signal.aborted; round++) {
      log(`  run ${round} of ${MEASURE_REPEATS}`);
      for (const cls of classes) {
        if (signal.aborted) break;
        const measured = await measureClass(server.baseUrl, cls, deadline, signal);
        runs.set(cls.key, [...(runs.get(cls.key) ?? []), measured]);
        const stats = measured.stats;
        log(
          `    ${cls.label}: ${stats ? `p50 ${stats.p50.toFixed(1)} ms, p95 ${stats.p95.toFixed(1)} ms (n ${stats.count})` : 'not measured'}` +
            (measured.error ? ` (error: ${measured.error})` : ''),
        );
      }
    }
    for (const cls of classes) {
      const measuredRuns = runs.get(cls.key) ?? [];
      const worse = measuredRuns.reduce<ClassResult | undefined>(
        (w, r) => (!w || (r.stats?.p95 ?? Infinity) > (w.stats?.p95 ?? -Infinity) ? r : w),
        undefined,
      );
      if (!worse) continue;
      const error = measuredRuns.find((r) => r.error)?.error;
      // A kept search is timed beside its class, not judged: only an error fails it.
      const targetP95Ms = cls.kind === 'kept' ? undefined : targets[cls.kind];
      const targetP50Ms = cls.kind === 'search' ? P50_TARGETS[prepared.kind]?.search : undefined;
      const stats = worse.stats;
      result.classes.push({
        ...worse,
        error,
        runs: measuredRuns.flatMap((r) => (r.stats ? [r.stats] : [])),
        targetP95Ms,
        targetP50Ms,
        isPassed:
          !error &&
          stats !== undefined &&
          stats.p95 <= (targetP95Ms ?? Infinity) &&
          stats.p50 <= (targetP50Ms ?? Infinity),
      });
    }
    result.server.afterRun = server.memory();
  } finally {
    await server.stop();
  }
  const slowest = result.classes
    .filter((k) => k.kind === 'search' && k.stats)
    .reduce<JudgedClass | undefined>((s, k) => (!s || k.stats!.p95 > s.stats!.p95 ? k : s), undefined);
  const cls = slowest && classes.find((c) => c.key === slowest.key);
  if (cls && !signal.aborted) {
    const file = path.join(OUTPUT_DIR, `explain-${prepared.kind}-${variant.key}-${cls.key}.txt`);
    try {
      await explainSearch({
        env,
        path: cls.path(0),
        label: cls.label,
        file,
        // Only judged search classes are explained, and each asks anew (measure.ts searchedAnewAndKept).
        isFresh: true,
      });
      result.explainFile = file;
      log(`  EXPLAIN (ANALYZE, BUFFERS) of the slowest class, ${cls.label}: ${file}`);
    } catch (error) {
      log(`  could not explain ${cls.label}: ${describeError(error)}`);
    }
  }
  return result;
}

/** Prepares one database, measures each variant on it, disposes of it; failures become results. */
async function benchDatabase(
  kind: DatabaseKind,
  prepare: () => Promise<PreparedCatalogue>,
  variants: readonly Variant[],
  deadline: number,
  signal: AbortSignal,
): Promise<DatabaseResult[]> {
  const results: DatabaseResult[] = [];
  let prepared: PreparedCatalogue | undefined;
  try {
    prepared = await prepare();
    const { buildMs } = prepared.manifest;
    log(
      `${LABELS[kind]}: catalogue ready (build ${formatDuration(buildMs)}${prepared.isCached ? ', cached' : ''}; ` +
        `${prepared.manifest.documentItems.toLocaleString('en')} items with a document)`,
    );
    log(
      `  sizes: ${Object.entries(prepared.manifest.relationSizes)
        .map(([name, bytes]) => `${name} ${(bytes / MEBIBYTE).toFixed(1)} MB`)
        .join(', ')}`,
    );
    for (const variant of variants) {
      if (signal.aborted) break;
      try {
        // A build that took longer than planned (a busy machine) still leaves each variant its budget.
        const until = Math.max(deadline, Date.now() + RUN_TIME_BUDGET_MS);
        results.push(await measureVariant(prepared, variant, until, signal));
      } catch (error) {
        results.push(failed(kind, variant, describeError(error)));
      }
    }
  } catch (error) {
    results.push(failed(kind, VARIANTS.current, describeError(error)));
  } finally {
    await prepared
      ?.dispose()
      .catch((error: unknown) => log(`could not clean up after ${kind}: ${describeError(error)}`));
  }
  return results;
}

function failed(kind: DatabaseKind, variant: Variant, reason: string): DatabaseResult {
  return {
    kind,
    variant: variant.key,
    label: labelOf(kind, variant),
    outcome: 'failed',
    reason,
    classes: [],
  };
}

function skipped(kind: DatabaseKind, reason: string): DatabaseResult {
  return { kind, variant: 'current', label: LABELS[kind], outcome: 'skipped', reason, classes: [] };
}

async function main(): Promise<void> {
  const started = Date.now();
  const { values } = parseArgs({
    // --items is read by config.ts (the catalogue's shape); declared here so that it is allowed.
    options: {
      variants: { type: 'string' },
      databases: { type: 'string' },
      items: { type: 'string' },
      'update-baseline': { type: 'boolean' },
    },
    allowPositionals: false,
  });
  const variants = listOption(values.variants, Object.keys(VARIANTS) as VariantKey[], ['current']).map(
    (key) => VARIANTS[key],
  );
  const kinds = listOption(values.databases, DATABASE_KINDS, [...DATABASE_KINDS]);
  // Each variant gets the run's time budget: the default run must end within it.
  // A bigger catalogue takes as much longer to build.
  const deadline =
    started + RUN_TIME_BUDGET_MS * variants.length * Math.max(1, CATALOGUE_SIZE / DEFAULT_ITEMS);
  const abort = new AbortController();
  process.once('SIGINT', () => {
    log('interrupted: stopping after the current step and cleaning up (Ctrl-C again to quit at once)');
    abort.abort();
    process.once('SIGINT', () => process.exit(1));
  });
  const docs: BaseDocument[] = readCorpus(COURSEWARE_DIR);
  log(
    `Benchmark: ${CATALOGUE_SIZE.toLocaleString('en')} items from ${docs.length} real documents in ${COURSEWARE_DIR}; ` +
      `variants ${variants.map((v) => v.key).join(', ')}`,
  );
  const loadBefore = os.loadavg();

  const databases: DatabaseResult[] = [];
  for (const kind of kinds) {
    if (abort.signal.aborted) {
      databases.push(skipped(kind, 'interrupted'));
    } else if (kind === 'pglite') {
      databases.push(
        ...(await benchDatabase(
          kind,
          () => preparePglite(docs, log, abort.signal),
          variants,
          deadline,
          abort.signal,
        )),
      );
    } else if (await postgresAnswers()) {
      databases.push(
        ...(await benchDatabase(
          kind,
          () => preparePostgres(docs, log, abort.signal),
          variants,
          deadline,
          abort.signal,
        )),
      );
    } else {
      databases.push(skipped(kind, 'the server does not answer on 127.0.0.1:5432'));
    }
  }

  const cpus = os.cpus();
  const results: BenchResults = {
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    machine: {
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model ?? 'unknown',
      totalMemoryBytes: os.totalmem(),
      loadAverageBefore: loadBefore,
      loadAverageAfter: os.loadavg(),
    },
    databases,
  };
  fs.mkdirSync(OUTPUT_DIR, { recursive: true });
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`);
  log('');
  const load = (l: number[]) => l.map((v) => v.toFixed(1)).join(' ');
  log(
    `Machine: ${cpus.length} × ${results.machine.cpuModel}, Node ${process.version}; load average ` +
      `${load(loadBefore)} before the run, ${load(os.loadavg())} after (1, 5, 15 min)\n`,
  );
  for (const db of databases) log(`${formatDatabase(db)}\n`);
  for (const line of compareWithBaseline(results)) log(line);
  if (values['update-baseline'] || process.env.npm_config_update_baseline === 'true')
    log(updateBaseline(results));
  log('');
  const agreement = formatAgreement(databases);
  if (agreement) log(`${agreement}\n`);
  log(
    `Whole run ${formatDuration(results.durationMs)} on ${cpus.length} CPUs ` +
      `(load average ${load(loadBefore)} before, ${load(os.loadavg())} after); figures in ${RESULTS_FILE}`,
  );
  const hasErrors = databases.some((d) => d.outcome === 'failed' || d.classes.some((c) => c.error));
  if (hasErrors) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(describeError(error));
  process.exit(1);
});
