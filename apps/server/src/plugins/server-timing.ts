/**
 * Gives every request a `ServerTiming` (`request.serverTiming`) that handlers and services add stages
 * to, and sends it as a `Server-Timing` header with two stages of its own: `serialise` (the answer
 * turned into JSON: from preSerialization to onSend) and `total` (from the request's arrival to onSend,
 * compression excluded). Registered before compression, so the header rides on compressed answers too.
 */
import fp from 'fastify-plugin';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { ServerTiming } from '../lib/server-timing.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Stage timings of this request, sent as the Server-Timing header. */
    serverTiming: ServerTiming;
    /** performance.now() at arrival, and when serialisation began (ms). */
    serverTimingMarks: { start: number; serialise?: number };
  }
}

export default fp(
  async function serverTiming(app: FastifyInstance) {
    app.decorateRequest('serverTiming', null as unknown as ServerTiming);
    app.decorateRequest('serverTimingMarks', null as unknown as { start: number });
    app.addHook('onRequest', async (request) => {
      request.serverTiming = new ServerTiming();
      request.serverTimingMarks = { start: performance.now() };
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
      request.serverTiming.add('total', now - marks.start);
      reply.header('server-timing', request.serverTiming.header());
      return payload;
    });
  },
  { name: 'server-timing' },
);
