/**
 * The last committed figures (bench/baseline.json) and the regression check of `npm run bench`
 * (issue "Search speed regained": guard against the next regression): each class's p95 compared with
 * the baseline of the same catalogue size and database; a class more than REGRESSION_TOLERANCE slower
 * is printed. `--update-baseline` writes this run's figures (one catalogue size at a time).
 */
import fs from 'node:fs';
import { BASELINE_FILE, REGRESSION_TOLERANCE } from './config.js';
import type { BenchResults } from './report.js';

/** Figures of one catalogue size: per database, per class key, p50 and p95 in ms. */
export interface BaselineEntry {
  measuredAt: string;
  machine: string;
  loadAverageBefore: number[];
  databases: Record<string, Record<string, { label: string; p50: number; p95: number }>>;
}

/** bench/baseline.json: an entry per catalogue size ("100000", "1000000"). */
export type Baseline = Record<string, BaselineEntry>;

const PERCENT = 100;
/** Figures are kept to 0.1 ms. */
const round = (ms: number) => Math.round(ms * 10) / 10;

function readBaseline(): Baseline {
  if (!fs.existsSync(BASELINE_FILE)) return {};
  return JSON.parse(fs.readFileSync(BASELINE_FILE, 'utf8')) as Baseline;
}

/** The catalogue size of a run (all databases share one catalogue shape). */
function itemsOf(results: BenchResults): number | undefined {
  return results.databases.find((d) => d.catalogue)?.catalogue?.items;
}

/** This run's figures as a baseline entry. */
function entryOf(results: BenchResults): BaselineEntry {
  const databases: BaselineEntry['databases'] = {};
  for (const db of results.databases) {
    if (db.variant !== 'current' || db.outcome !== 'measured') continue;
    databases[db.kind] = Object.fromEntries(
      // The baseline and the regression check hold the judged figures: searches worked out anew (issue 36).
      db.classes.flatMap((c) =>
        c.stats && c.kind !== 'kept'
          ? [[c.key, { label: c.label, p50: round(c.stats.p50), p95: round(c.stats.p95) }]]
          : [],
      ),
    );
  }
  const { cpuModel, cpus, loadAverageBefore } = results.machine;
  return {
    measuredAt: results.startedAt,
    machine: `${cpus} × ${cpuModel}`,
    loadAverageBefore,
    databases,
  };
}

/**
 * Lines comparing `results` with the baseline of its catalogue size: every class more than
 * REGRESSION_TOLERANCE slower at p95, or that it holds; nothing to compare when there is no baseline.
 */
export function compareWithBaseline(results: BenchResults): string[] {
  const items = itemsOf(results);
  const entry = items === undefined ? undefined : readBaseline()[String(items)];
  if (!entry)
    return [`No baseline for ${items ?? '?'} items in ${BASELINE_FILE} (--update-baseline writes one).`];
  const current = entryOf(results).databases;
  const slower: string[] = [];
  for (const [kind, classes] of Object.entries(current)) {
    for (const [key, now] of Object.entries(classes)) {
      const before = entry.databases[kind]?.[key];
      if (!before || now.p95 <= before.p95 * (1 + REGRESSION_TOLERANCE)) continue;
      const change = Math.round((now.p95 / before.p95 - 1) * PERCENT);
      slower.push(
        `  SLOWER ${kind}, ${now.label}: p95 ${now.p95.toFixed(1)} ms, baseline ${before.p95.toFixed(1)} ms (+${change} %)`,
      );
    }
  }
  const source = `bench/baseline.json (${entry.measuredAt.slice(0, 10)}, ${entry.machine})`;
  const tolerance = `${REGRESSION_TOLERANCE * PERCENT} %`;
  return slower.length
    ? [`${slower.length} class(es) more than ${tolerance} slower at p95 than ${source}:`, ...slower]
    : [`No class more than ${tolerance} slower at p95 than ${source}.`];
}

/**
 * Writes this run's figures into bench/baseline.json under its catalogue size, keeping the other
 * databases' figures of that size and the figures of classes this run did not measure (the pages, when
 * the web app is not built).
 */
export function updateBaseline(results: BenchResults): string {
  const items = itemsOf(results);
  if (items === undefined) return 'No catalogue measured: the baseline is unchanged.';
  // A run of one database keeps the other databases' figures of the same size (measuredAt and the
  // machine are then those of the last run).
  const baseline = readBaseline();
  const entry = entryOf(results);
  const earlier = baseline[String(items)]?.databases ?? {};
  const databases = { ...earlier };
  for (const [kind, classes] of Object.entries(entry.databases))
    databases[kind] = { ...earlier[kind], ...classes };
  baseline[String(items)] = { ...entry, databases };
  fs.writeFileSync(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
  return `Wrote this run's figures for ${items} items to ${BASELINE_FILE}.`;
}
