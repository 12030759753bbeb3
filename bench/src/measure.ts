/**
 * The query classes of the issue and their timing over HTTP: warm-up, then sequential timed
 * requests (one at a time, so a figure is the latency of one request, not of a queue), each bounded in
 * count and time. A request is timed from sending to the last byte of the parsed JSON body.
 */
import crypto from 'node:crypto';
import type { Content, SearchContentResponse } from '@portal/shared/schemas/courseware';
import { METRICS_TOKEN_HEADER } from '../../apps/server/src/lib/metrics-token.js';
import { parseServerTiming } from '../../apps/server/src/lib/server-timing.js';
import {
  BENCH_METRICS_TOKEN,
  CLASS_TIME_BUDGET_MS,
  ACRONYM_TERM,
  DOCUMENT_TERM,
  FREQUENT_TERM,
  MISSING_TERM,
  LAST_PAGE_LIMIT,
  LAST_PAGE_MAX_PAGES,
  MISSPELT_TERM,
  RARE_TERM,
  REQUEST_TIMEOUT_MS,
  SAMPLE_REQUESTS,
  SECOND_TERM,
  WARMUP_REQUESTS,
  WARMUP_TIME_MS,
} from './config.js';

/** Latency figures in milliseconds. */
export interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  max: number;
  mean: number;
}

/** One class of request the issue asks to time. */
export interface QueryClass {
  key: string;
  label: string;
  /**
   * Which target applies ('page': a public page rendered on the server, issue 22; 'kept': a search read
   * from the ranking its generation kept, timed beside its class and not judged, issue 36).
   */
  kind: 'search' | 'detail' | 'page' | 'kept';
  /** The path and query of the i-th request. */
  path(i: number): string;
  /** Request headers of the class beside the usual ones (e.g. `Cache-Control: no-cache`). */
  headers?: Record<string, string>;
  /** A problem with a response, or undefined when it is what the class expects. */
  check(body: unknown): string | undefined;
  /** A line describing the response, for the report. */
  describe(body: unknown): string;
}

/** The outcome of one class. */
export interface ClassResult {
  key: string;
  label: string;
  kind: QueryClass['kind'];
  stats?: LatencyStats;
  /** What the first response held. */
  response?: string;
  /** A digest of the first response's answer (ids, totals, facets), to compare variants and databases. */
  answerDigest?: string;
  /** Why the class could not be measured or answered wrongly. */
  error?: string;
  /** A caveat that does not fail the class (fewer samples than asked within the time budget). */
  note?: string;
  /**
   * Mean milliseconds per timed request of each stage the server reported in `Server-Timing` (a stage a
   * request did not go through counts as 0 for it), e.g. rank, spelling, snippets, serialise, total.
   */
  stages?: Record<string, number>;
}

const PERCENT = 100;
const P50 = 50;
const P95 = 95;
/**
 * Headers a browser sends: the server compresses large JSON (brotli, gzip) as it would in production;
 * and the metrics token, for the stages of Server-Timing.
 */
const REQUEST_HEADERS = {
  accept: 'application/json',
  'accept-encoding': 'br, gzip, deflate',
  [METRICS_TOKEN_HEADER]: BENCH_METRICS_TOKEN,
};

/** Hex characters kept of an answer's digest. */
const DIGEST_CHARS = 12;

/** A short digest of what a response answers: ids in order, totals, facets, correction, children. */
function answerDigest(body: unknown): string {
  if (typeof body === 'string') {
    // A rendered page: what it shows, without the state block's per-request parts.
    const root = body.slice(body.indexOf('<div id="root">'), body.indexOf(`<script type="application/json"`));
    return crypto.createHash('sha256').update(root).digest('hex').slice(0, DIGEST_CHARS);
  }
  const b = body as Partial<SearchContentResponse & Content>;
  const answer = b.items
    ? {
        ids: b.items.map((i) => i.id),
        total: b.total,
        isCapped: b.isCapped,
        correctedQuery: b.correctedQuery,
        facets: b.facets,
        hasNext: b.nextPageToken !== null,
      }
    : { id: b.id, ancestors: b.ancestors?.map((a) => a.id), children: b.children?.map((c) => c.id) };
  return crypto.createHash('sha256').update(JSON.stringify(answer)).digest('hex').slice(0, DIGEST_CHARS);
}

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.max(1, Math.ceil((p / PERCENT) * sorted.length));
  return sorted[rank - 1] ?? NaN;
}

/** p50, p95, max and mean of samples in ms. */
export function summarize(samples: readonly number[]): LatencyStats {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, P50),
    p95: percentile(sorted, P95),
    max: sorted.at(-1) ?? NaN,
    mean: sorted.reduce((sum, v) => sum + v, 0) / Math.max(1, sorted.length),
  };
}

/**
 * Times `work`, one run after another: `warmup` runs untimed, then `samples` runs, each timed from its
 * call until it settles (ms). In process (a function of the server, a statement) or over HTTP alike.
 */
export async function sampleLatency(
  work: () => Promise<unknown>,
  { warmup, samples }: { warmup: number; samples: number },
): Promise<LatencyStats> {
  for (let k = 0; k < warmup; k += 1) await work();
  const times: number[] = [];
  for (let k = 0; k < samples; k += 1) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return summarize(times);
}

/**
 * GETs a JSON resource (or, when the answer is HTML, a page: its text) and times it, the body read whole.
 * @throws Error on a status other than 200, naming the status and the error body
 */
export async function timedGet(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ ms: number; body: unknown; stages: Record<string, number> }> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { ...REQUEST_HEADERS, ...headers },
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
  const body: unknown = isHtml ? await response.text() : await response.json();
  const ms = performance.now() - started;
  if (response.status !== 200) {
    throw new Error(`GET ${path} → ${response.status} ${JSON.stringify(body).slice(0, 300)}`);
  }
  return { ms, body, stages: parseServerTiming(response.headers.get('server-timing')) };
}

const search = (params: Record<string, string>) => `/api/v1/content/search?${new URLSearchParams(params)}`;
const asSearch = (body: unknown) => body as SearchContentResponse;
const describeSearch = (body: unknown) => {
  const r = asSearch(body);
  return `${r.items.length} items, total ${r.total}${r.isCapped ? ' (capped)' : ''}${
    r.correctedQuery ? `, corrected to "${r.correctedQuery}"` : ''
  }${r.isPartialMatch ? ', partial match' : ''}`;
};
const hasItems = (body: unknown) => (asSearch(body).items.length > 0 ? undefined : 'no items found');

/**
 * Follows nextPageToken from the first page of FREQUENT_TERM at LAST_PAGE_LIMIT a page until it is
 * null (at most LAST_PAGE_MAX_PAGES pages).
 * @returns the path of the last page and how many pages there are
 * @throws Error when the last page is not reached within the bound
 */
export async function findLastPage(baseUrl: string): Promise<{ path: string; pages: number }> {
  let path = search({ q: FREQUENT_TERM, limit: String(LAST_PAGE_LIMIT) });
  for (let pages = 1; pages <= LAST_PAGE_MAX_PAGES; pages++) {
    const { body } = await timedGet(baseUrl, path);
    const token = asSearch(body).nextPageToken;
    if (token === null) return { path, pages };
    path = search({ q: FREQUENT_TERM, limit: String(LAST_PAGE_LIMIT), nextPageToken: token });
  }
  throw new Error(`No last page within ${LAST_PAGE_MAX_PAGES} pages`);
}

/**
 * The issues' classes: rare term, frequent term, two terms, misspelt word, filter-only with facets,
 * last page by nextPageToken, a word only documents hold, a query with one missing word (partial
 * match), an acronym, and detail.
 * @param documentTermItems listed items whose document carries DOCUMENT_TERM
 * @param rareTermItems published items that carry RARE_TERM
 * @param lastPage path of the last page of FREQUENT_TERM (from findLastPage)
 * @param detailAliases URL aliases of published items with a parent
 */
export function queryClasses(args: {
  rareTermItems: number;
  documentTermItems: number;
  lastPage: string;
  detailAliases: readonly string[];
}): QueryClass[] {
  return searchedAnewAndKept(textClasses(args));
}

/**
 * Each search class twice (issue 36, "measure the ranking, not the cache"): asked with `Cache-Control:
 * no-cache`, so that every request is worked out anew (the figure held to the targets, under the class's
 * own key), and as a visitor asks it, so that after the first request it is read from the ranking and
 * plan its generation kept (key `…Kept`, kind 'kept', not judged).
 */
function searchedAnewAndKept(classes: QueryClass[]): QueryClass[] {
  return classes.flatMap((cls): QueryClass[] =>
    cls.kind === 'search'
      ? [
          { ...cls, label: `${cls.label}, anew`, headers: { ...cls.headers, 'cache-control': 'no-cache' } },
          { ...cls, key: `${cls.key}Kept`, label: `${cls.label}, kept`, kind: 'kept' },
        ]
      : [cls],
  );
}

/** The classes of the issues before each search is split into anew and kept (see queryClasses). */
function textClasses(args: Parameters<typeof queryClasses>[0]): QueryClass[] {
  return [
    {
      key: 'rare',
      label: `rare term "${RARE_TERM}"`,
      kind: 'search',
      path: () => search({ q: RARE_TERM }),
      check: (body) =>
        asSearch(body).total === args.rareTermItems
          ? undefined
          : `expected ${args.rareTermItems} items, found ${asSearch(body).total}`,
      describe: describeSearch,
    },
    {
      key: 'frequent',
      label: `frequent term "${FREQUENT_TERM}"`,
      kind: 'search',
      path: () => search({ q: FREQUENT_TERM }),
      check: hasItems,
      describe: describeSearch,
    },
    {
      key: 'twoTerms',
      label: `two terms "${FREQUENT_TERM} ${SECOND_TERM}"`,
      kind: 'search',
      path: () => search({ q: `${FREQUENT_TERM} ${SECOND_TERM}` }),
      check: hasItems,
      describe: describeSearch,
    },
    {
      key: 'misspelt',
      label: `misspelt "${MISSPELT_TERM}"`,
      kind: 'search',
      path: () => search({ q: MISSPELT_TERM }),
      check: (body) => (asSearch(body).correctedQuery === null ? 'correctedQuery is null' : hasItems(body)),
      describe: describeSearch,
    },
    {
      key: 'filterOnly',
      label: 'filters only, with facets',
      kind: 'search',
      path: () => search({ contentCategories: 'exercise', educationLevels: 'universityundergraduate' }),
      check: (body) => {
        const r = asSearch(body);
        // Every match is an exercise, so its facet count is the total.
        return r.facets.contentCategories.exercise === r.total && r.total > 0
          ? undefined
          : `facet count ${r.facets.contentCategories.exercise} for exercise, total ${r.total}`;
      },
      describe: (body) =>
        `${describeSearch(body)}, facets: ${Object.entries(asSearch(body).facets.educationLevels)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}`,
    },
    {
      key: 'lastPage',
      label: `last page of "${FREQUENT_TERM}" (limit ${LAST_PAGE_LIMIT})`,
      kind: 'search',
      path: () => args.lastPage,
      check: (body) => (asSearch(body).nextPageToken === null ? hasItems(body) : 'not the last page'),
      describe: describeSearch,
    },
    {
      key: 'document',
      label: `word only in documents "${DOCUMENT_TERM}"`,
      kind: 'search',
      path: () => search({ q: DOCUMENT_TERM }),
      check: (body) => {
        const r = asSearch(body);
        if (r.total !== args.documentTermItems)
          return `expected ${args.documentTermItems} items, found ${r.total}`;
        return r.items.every((i) => i.documentMatch)
          ? undefined
          : 'a result is not marked as matched in its documents';
      },
      describe: describeSearch,
    },
    {
      key: 'partial',
      label: `one missing word "${FREQUENT_TERM} ${SECOND_TERM} ${MISSING_TERM}"`,
      kind: 'search',
      path: () => search({ q: `${FREQUENT_TERM} ${SECOND_TERM} ${MISSING_TERM}` }),
      check: (body) => (asSearch(body).isPartialMatch ? hasItems(body) : 'not a partial match'),
      describe: describeSearch,
    },
    {
      key: 'acronym',
      label: `acronym "${ACRONYM_TERM}"`,
      kind: 'search',
      path: () => search({ q: ACRONYM_TERM }),
      check: (body) =>
        (asSearch(body).alsoSearchedFor ?? []).length > 0 ? hasItems(body) : 'no expansion searched for',
      describe: (body) =>
        `${describeSearch(body)}, also searched for ${(asSearch(body).alsoSearchedFor ?? []).join(', ')}`,
    },
    {
      key: 'detail',
      label: 'detail by alias',
      kind: 'detail',
      path: (i) =>
        `/api/v1/content/${encodeURIComponent(args.detailAliases[i % args.detailAliases.length] ?? '')}`,
      check: (body) => ((body as Content).ancestors.length > 0 ? undefined : 'no ancestors'),
      describe: (body) => {
        const c = body as Content;
        return `${c.ancestors.length} ancestors, ${c.children.length} children, ${c.description.length} chars of description`;
      },
    },
    ...PAGES(args.detailAliases).map(({ key, label, path }): QueryClass => ({
      key,
      label,
      kind: 'page',
      path,
      check: (body) => (isRenderedPage(body) ? undefined : 'the page was not rendered on the server'),
      describe: (body) => `${((body as string).length / 1000).toFixed(1)} kB of HTML, rendered on the server`,
    })),
  ];
}

/** The public pages whose server rendering is timed (issue 22: p95 ≤ 50 ms at 100,000 items). */
const PAGES = (detailAliases: readonly string[]) => [
  { key: 'pageHome', label: 'page /', path: () => '/' },
  {
    key: 'pageSearch',
    label: `page /courseware?q=${FREQUENT_TERM}`,
    path: () => `/courseware?${new URLSearchParams({ q: FREQUENT_TERM })}`,
  },
  {
    key: 'pageItem',
    label: 'page of an item',
    path: (i: number) =>
      `/courseware/${(detailAliases[i % detailAliases.length] ?? '').split('/').map(encodeURIComponent).join('/')}`,
  },
];

/** Whether an answer is a page the server rendered (its markup and its state block). */
const isRenderedPage = (body: unknown) =>
  typeof body === 'string' && body.includes('id="ssr-state"') && !body.includes('<div id="root"></div>');

/**
 * Warms up and times one class: WARMUP_REQUESTS untimed (at most WARMUP_TIME_MS), then up to
 * SAMPLE_REQUESTS timed, within CLASS_TIME_BUDGET_MS and before `deadline` (ms since the epoch).
 */
export async function measureClass(
  baseUrl: string,
  cls: QueryClass,
  deadline: number,
  signal: AbortSignal,
): Promise<ClassResult> {
  const result: ClassResult = { key: cls.key, label: cls.label, kind: cls.kind };
  const stopAt = Math.min(deadline, Date.now() + CLASS_TIME_BUDGET_MS);
  try {
    const first = await timedGet(baseUrl, cls.path(0), cls.headers);
    result.response = cls.describe(first.body);
    result.answerDigest = answerDigest(first.body);
    const problem = cls.check(first.body);
    if (problem) result.error = problem;
    const warmUntil = Date.now() + WARMUP_TIME_MS;
    for (let i = 1; i < WARMUP_REQUESTS && Date.now() < Math.min(stopAt, warmUntil) && !signal.aborted; i++) {
      await timedGet(baseUrl, cls.path(i), cls.headers);
    }
    const samples: number[] = [];
    const stageSums: Record<string, number> = {};
    for (let i = 0; i < SAMPLE_REQUESTS && Date.now() < stopAt && !signal.aborted; i++) {
      const timed = await timedGet(baseUrl, cls.path(WARMUP_REQUESTS + i), cls.headers);
      samples.push(timed.ms);
      for (const [stage, ms] of Object.entries(timed.stages)) stageSums[stage] = (stageSums[stage] ?? 0) + ms;
    }
    if (samples.length > 0) {
      result.stats = summarize(samples);
      result.stages = Object.fromEntries(
        Object.entries(stageSums).map(([stage, sum]) => [stage, sum / samples.length]),
      );
    }
    if (samples.length < SAMPLE_REQUESTS)
      result.note = `only ${samples.length} of ${SAMPLE_REQUESTS} requests within the time budget`;
  } catch (error) {
    result.error = error instanceof Error ? error.message : String(error);
  }
  return result;
}
