/**
 * Housekeeping on a schedule (issue 33: what expires is deleted by the job workers, not by chance): a
 * task runs when the app is ready, then at its interval on a job worker only, goes on after a failed run,
 * and stops when the app closes.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { Config } from '../config.js';
import { scheduleHousekeeping } from './schedule.js';

const INTERVAL_MS = 10;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function appOf(isJobWorker: boolean): FastifyInstance {
  const app = Fastify({ logger: false });
  app.decorate('config', { isJobWorker } as Config);
  return app;
}

describe('scheduleHousekeeping', () => {
  it('runs a task when the app is ready, then at every interval on a job worker, and not once closed', async () => {
    const app = appOf(true);
    let runs = 0;
    scheduleHousekeeping(app, { name: 'probe', intervalMs: INTERVAL_MS, task: async () => runs++ });
    expect(runs).toBe(0);
    await app.ready();
    expect(runs).toBe(1);
    await vi.waitUntil(() => runs >= 3, { timeout: 5000, interval: INTERVAL_MS });
    await app.close();
    const atClose = runs;
    await pause(INTERVAL_MS * 5);
    expect(runs).toBe(atClose);
  });

  it('runs a task once at start on an instance that is no job worker', async () => {
    const app = appOf(false);
    let runs = 0;
    scheduleHousekeeping(app, { name: 'probe', intervalMs: INTERVAL_MS, task: async () => runs++ });
    await app.ready();
    await pause(INTERVAL_MS * 5);
    expect(runs).toBe(1);
    await app.close();
  });

  it('goes on after a failed run', async () => {
    const app = appOf(true);
    let runs = 0;
    scheduleHousekeeping(app, {
      name: 'probe',
      intervalMs: INTERVAL_MS,
      task: async () => {
        runs++;
        if (runs === 2) throw new Error('the database is away');
      },
    });
    await app.ready();
    await vi.waitUntil(() => runs >= 4, { timeout: 5000, interval: INTERVAL_MS });
    await app.close();
  });
});
