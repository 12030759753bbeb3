/**
 * Gives every request a `ServerTiming` (`request.serverTiming`) that handlers and services add stages
 * to, and sends it as a `Server-Timing` header with two stages of its own: `serialise` (the answer
 * turned into JSON: from preSerialization to onSend) and `total` (from the request's arrival to onSend,
 * compression excluded). Registered before compression, so the header rides on compressed answers too.
 *
 * The stages are sent only to a caller presenting METRICS_TOKEN (`X-Metrics-Token`, also
 * `request.hasMetricsToken`) or when SERVER_TIMING_DETAILS is set; anyone else gets `total` alone
 * (issue 33: `page` rather than `words;rank` told a visitor that someone had searched a phrase lately).
 */
import fp from 'fastify-plugin';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { METRICS_TOKEN_HEADER, isMetricsToken } from '../lib/metrics-token.js';
import { ServerTiming } from '../lib/server-timing.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Stage timings of this request, sent as the Server-Timing header. */
    serverTiming: ServerTiming;
    /** performance.now() at arrival, and when serialisation began (ms). */
    serverTimingMarks: { start: number; serialise?: number };
    /** The request carries METRICS_TOKEN in X-Metrics-Token (the bench, a monitoring probe). */
    hasMetricsToken: boolean;
  }
}

/** The stage every caller is told. */
const TOTAL_STAGE = 'total';

export default fp(
  async function serverTiming(app: FastifyInstance) {
    const { metricsToken, isServerTimingDetailed } = app.config;
    app.decorateRequest('serverTiming', null as unknown as ServerTiming);
    app.decorateRequest('serverTimingMarks', null as unknown as { start: number });
    app.decorateRequest('hasMetricsToken', false);
    app.addHook('onRequest', async (request) => {
      request.serverTiming = new ServerTiming();
      request.serverTimingMarks = { start: performance.now() };
      const offered = request.headers[METRICS_TOKEN_HEADER];
      request.hasMetricsToken = isMetricsToken(
        typeof offered === 'string' ? offered : undefined,
        metricsToken,
      );
    });
    app.addHook('preSerialization', async (request, _reply, payload) => {
      request.serverTimingMarks.serialise = performance.now();
      return payload;
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const now = performance.now();
      const marks = request.serverTimingMarks;
      if (!marks) return payload;
      if (marks.serialise !== undefined) request.serverTiming.add('serialise', now - marks.serialise);
      request.serverTiming.add(TOTAL_STAGE, now - marks.start);
      const isDetailed = isServerTimingDetailed || request.hasMetricsToken;
      reply.header('server-timing', request.serverTiming.header(isDetailed ? undefined : [TOTAL_STAGE]));
      return payload;
    });
  },
  { name: 'server-timing' },
);
