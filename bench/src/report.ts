/** The benchmark's figures as printed tables and as the JSON written to .bench/results.json. */
import type { CatalogueManifest } from './catalogue.js';
import type { DatabaseKind } from './databases.js';
import type { ClassResult, LatencyStats } from './measure.js';
import type { MemoryReading } from './server-process.js';
import type { VariantKey } from './variants.js';

/** A class with its target and verdict. */
export interface JudgedClass extends ClassResult {
  /** Undefined for a class timed beside another and not judged (a kept search). */
  targetP95Ms?: number;
  targetP50Ms?: number;
  isPassed: boolean;
  /** Every run's figures; `stats` and `stages` are those of the worse one (the higher p95). */
  runs?: LatencyStats[];
}

/** Everything measured on one database. */
export interface DatabaseResult {
  kind: DatabaseKind;
  variant: VariantKey;
  label: string;
  outcome: 'measured' | 'skipped' | 'failed';
  reason?: string;
  catalogue?: Omit<CatalogueManifest, 'detailAliases'> & { isCached: boolean };
  server?: { pid: number; afterStart?: MemoryReading; afterRun?: MemoryReading };
  lastPagePages?: number;
  /** The EXPLAIN (ANALYZE, BUFFERS) of the slowest search class, under .bench/. */
  explainFile?: string;
  classes: JudgedClass[];
}

/** The whole run. */
export interface BenchResults {
  startedAt: string;
  durationMs: number;
  machine: {
    node: string;
    platform: string;
    cpus: number;
    cpuModel: string;
    totalMemoryBytes: number;
    /** 1, 5 and 15 minute load averages: other work on the machine skews the figures. */
    loadAverageBefore: number[];
    loadAverageAfter: number[];
  };
  databases: DatabaseResult[];
}

const MS_PER_S = 1000;
const S_PER_MIN = 60;
const BYTES_PER_MB = 1024 * 1024;

/** "2 min 41 s" or "12.3 s". */
export function formatDuration(ms: number): string {
  const seconds = ms / MS_PER_S;
  if (seconds < S_PER_MIN) return `${seconds.toFixed(1)} s`;
  return `${Math.floor(seconds / S_PER_MIN)} min ${Math.round(seconds % S_PER_MIN)} s`;
}

const mb = (bytes: number) => `${Math.round(bytes / BYTES_PER_MB)} MB`;
const ms = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? '-' : value.toFixed(1);

/** "p95 ≤ 40, p50 ≤ 20 ms", or "-" for a class not judged. */
const targetOf = (k: JudgedClass) =>
  k.targetP95Ms === undefined
    ? '-'
    : `p95 ≤ ${k.targetP95Ms}${k.targetP50Ms === undefined ? '' : `, p50 ≤ ${k.targetP50Ms}`} ms`;

/** "pass", "FAIL", "no data", or "not judged" for a class without a target that answered rightly. */
function verdictOf(k: JudgedClass): string {
  if (!k.stats) return 'no data';
  if (k.targetP95Ms === undefined && !k.error) return 'not judged';
  return k.isPassed ? 'pass' : 'FAIL';
}

/** Left-aligns the first column and right-aligns the others. */
function table(header: string[], body: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}

/** The printed section of one database. */
export function formatDatabase(result: DatabaseResult): string {
  const lines = [`== ${result.label} ==`];
  if (result.outcome !== 'measured') {
    lines.push(`${result.outcome}: ${result.reason ?? ''}`);
    if (result.classes.length === 0) return lines.join('\n');
  }
  const c = result.catalogue;
  if (c) {
    lines.push(
      `catalogue: ${c.items.toLocaleString('en')} items from ${c.baseDocuments} real documents ` +
        `(${c.baseParagraphs.toLocaleString('en')} paragraphs); built in ${formatDuration(c.buildMs)}` +
        (c.isCached ? ' (in an earlier run; cached)' : ''),
      `  text index finds ${c.indexedFrequentTermItems.toLocaleString('en')} items for the frequent term, ` +
        `${c.indexedRareTermItems} for the rare term; statuses ${Object.entries(c.statusCounts)
          .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
          .join(', ')}`,
    );
  }
  const s = result.server;
  if (s?.afterRun) {
    lines.push(
      `server resident memory: ${s.afterStart ? `${mb(s.afterStart.rssBytes)} after start, ` : ''}` +
        `${mb(s.afterRun.rssBytes)} after the run, peak ${mb(s.afterRun.peakRssBytes)} (pid ${s.pid})`,
    );
  }
  lines.push(
    '',
    table(
      ['class', 'p50 ms', 'p95 ms', 'max ms', 'n', 'p95 of each run', 'target', 'result'],
      result.classes.map((k) => [
        k.label,
        ms(k.stats?.p50),
        ms(k.stats?.p95),
        ms(k.stats?.max),
        String(k.stats?.count ?? 0),
        (k.runs ?? []).map((r) => ms(r.p95)).join(' / '),
        targetOf(k),
        verdictOf(k),
      ]),
    ),
    '',
  );
  const stages = formatStages(result.classes);
  if (stages) lines.push(stages, '');
  for (const k of result.classes) {
    const extra = [k.error ? `ERROR: ${k.error}` : '', k.note ? `note: ${k.note}` : ''].filter(Boolean);
    lines.push(`  ${k.label}: ${k.response ?? '-'}${extra.length ? ` [${extra.join('; ')}]` : ''}`);
  }
  if (result.lastPagePages) lines.push(`  (the last page is page ${result.lastPagePages})`);
  return lines.join('\n');
}

/** Server stages in the order a search goes through them; others follow in the order first seen. */
const STAGE_ORDER = [
  'cache',
  'words',
  'browse',
  'rank',
  'spelling',
  'partial',
  'page',
  'snippets',
  'serialise',
  'total',
];

/**
 * The stage table: mean ms per request of each Server-Timing stage (the worse run's), beside the
 * client's mean; what the server's `total` leaves out of the client's time is HTTP, compression and
 * parsing. Empty when no class reported stages.
 */
export function formatStages(classes: readonly JudgedClass[]): string {
  const seen = [...new Set(classes.flatMap((k) => Object.keys(k.stages ?? {})))];
  if (seen.length === 0) return '';
  const names = [
    ...STAGE_ORDER.filter((n) => seen.includes(n)),
    ...seen.filter((n) => !STAGE_ORDER.includes(n)),
  ];
  return [
    "where the time goes (mean ms per request, from the server's Server-Timing; candidates, ranking and facets are one statement: rank)",
    table(
      ['class', ...names, 'client'],
      classes.map((k) => [
        k.label,
        ...names.map((n) => (k.stages?.[n] === undefined ? '-' : ms(k.stages[n]))),
        ms(k.stats?.mean),
      ]),
    ),
  ].join('\n');
}

/**
 * Whether every variant and database gave the same answer to each class (same ids in the same order,
 * totals, facets). The catalogue is identical everywhere, so a difference is a change of results.
 */
export function formatAgreement(results: readonly DatabaseResult[]): string {
  const measured = results.filter((r) => r.classes.length > 0);
  if (measured.length < 2) return '';
  const keys = [...new Set(measured.flatMap((r) => r.classes.map((c) => c.key)))];
  const lines = ['Same answers everywhere (ids in order, totals, facets of the first response):'];
  for (const key of keys) {
    const answers = measured.map((r) => ({ label: r.label, c: r.classes.find((c) => c.key === key) }));
    const digests = new Set(answers.map((a) => a.c?.answerDigest ?? 'none'));
    const label = answers.find((a) => a.c)?.c?.label ?? key;
    if (digests.size === 1) lines.push(`  ${label}: yes`);
    else {
      lines.push(`  ${label}: NO`);
      for (const a of answers) lines.push(`    ${a.c?.answerDigest ?? 'none'}  ${a.label}`);
    }
  }
  return lines.join('\n');
}
