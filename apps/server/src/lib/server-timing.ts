/**
 * Stage timings of one request, sent as a `Server-Timing` header (W3C Server Timing): what the bench
 * reads to print where a search spends its time (issue "Search speed regained"), and what a browser's
 * developer tools show beside the request. Only durations and fixed stage names are sent, never values
 * of the request.
 */
import { performance } from 'node:perf_hooks';

/** Decimal places of a duration in the header (0.1 ms). */
const DURATION_DECIMALS = 1;

/** Durations of named stages, in milliseconds; a stage measured twice adds up. */
export class ServerTiming {
  private readonly stages = new Map<string, number>();

  /** Runs `work` and adds its duration to stage `name` (a token: letters, digits, `-`). */
  async measure<T>(name: string, work: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await work();
    } finally {
      this.add(name, performance.now() - start);
    }
  }

  /** Adds `ms` milliseconds to stage `name`. */
  add(name: string, ms: number): void {
    this.stages.set(name, (this.stages.get(name) ?? 0) + ms);
  }

  /**
   * The header value, e.g. `words;dur=1.2, rank;dur=14.0`, of every stage or of the stages named in
   * `only`; empty when nothing was measured.
   */
  header(only?: readonly string[]): string {
    return [...this.stages]
      .filter(([name]) => !only || only.includes(name))
      .map(([name, ms]) => `${name};dur=${ms.toFixed(DURATION_DECIMALS)}`)
      .join(', ');
  }
}

/** A Server-Timing header value parsed back into stage → milliseconds (what a client reads). */
export function parseServerTiming(value: string | null | undefined): Record<string, number> {
  const stages: Record<string, number> = {};
  for (const entry of (value ?? '').split(',')) {
    const [name, ...params] = entry.trim().split(';');
    const duration = params.map((p) => p.trim()).find((p) => p.startsWith('dur='));
    if (name && duration) stages[name] = Number(duration.slice('dur='.length));
  }
  return stages;
}
