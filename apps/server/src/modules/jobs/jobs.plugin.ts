/**
 * Hangs the job runner on the instance as `app.jobs` (STYLE.md habit 3: infrastructure only). Modules
 * register their handlers while they are registered (`app.jobs.register(handler)`); the worker loops
 * start when the app is ready and stop, giving running jobs back to the queue, as soon as it starts closing.
 * With JOB_WORKER=false an instance only enqueues and leaves the work to others.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createJobRunner, type JobRunner } from './jobs.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

export default fp(
  async function jobs(app: FastifyInstance) {
    const runner = createJobRunner({
      db: app.db,
      log: app.log.child({ component: 'jobs' }),
      pollIntervalMs: app.config.jobPollIntervalMs,
      leaseMs: app.config.jobLeaseMs,
    });
    app.decorate('jobs', runner);
    if (!app.config.isJobWorker) return;
    app.addHook('onReady', async () => runner.start());
    // preClose, not onClose: on shutdown the workers stop claiming and hand their jobs back at once,
    // while the requests in flight are still being finished (issue 23 "graceful shutdown").
    app.addHook('preClose', async () => runner.stop());
  },
  { name: 'jobs', dependencies: ['db'] },
);
