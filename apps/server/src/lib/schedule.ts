/**
 * Housekeeping on a schedule (DESIGN.md: the process keeps no state of its own, so what expires in the
 * database is deleted by every job worker in turn, not by chance on some request): a task runs once when
 * the app is ready, on every instance, then every `intervalMs` on a job worker (JOB_WORKER) until the app
 * closes. A failed run is logged at warn and the next one tries again.
 */
import type { FastifyInstance } from 'fastify';

/**
 * Schedules `task` (named in the log by `name`) on `app`.
 * @param intervalMs milliseconds between runs on a job worker
 */
export function scheduleHousekeeping(
  app: FastifyInstance,
  { name, intervalMs, task }: { name: string; intervalMs: number; task: () => Promise<unknown> },
): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await task();
    if (!app.config.isJobWorker) return;
    timer = setInterval(() => {
      task().catch((error: unknown) => app.log.warn({ err: error }, `${name} failed`));
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
