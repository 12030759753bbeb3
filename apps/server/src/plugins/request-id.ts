/**
 * Request ids (issue 23): every request gets one, taken from `X-Request-Id` when a trusted proxy
 * (TRUST_PROXY, the rule of Fastify's trustProxy) sends a sane one (REQUEST_ID_MAX characters of
 * REQUEST_ID_PATTERN), else a new UUID. Fastify binds it to every log line of the request (`reqId`);
 * this plugin echoes it in the `X-Request-Id` header of every answer and puts it in every error body.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_MAX, REQUEST_ID_PATTERN } from '@portal/shared/limits';

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Fastify's `genReqId` for a TRUST_PROXY value: the caller's `X-Request-Id` when the connection comes
 * from a trusted proxy and the value is sane, else a random UUID.
 * @param trustProxy config.trustProxy (true, false, or addresses and ranges separated by commas)
 */
export function requestIdGenerator(trustProxy: boolean | string): (req: IncomingMessage) => string {
  const isTrusted: (address: string) => boolean =
    trustProxy === true
      ? () => true
      : trustProxy === false
        ? () => false
        : (() => {
            const trust = proxyAddr.compile(trustProxy.split(',').map((v) => v.trim()));
            return (address: string) => trust(address, 0);
          })();
  return (req) => {
    const offered = req.headers[REQUEST_ID_HEADER];
    const address = req.socket?.remoteAddress;
    if (
      typeof offered === 'string' &&
      offered.length <= REQUEST_ID_MAX &&
      REQUEST_ID_PATTERN.test(offered) &&
      address !== undefined &&
      isTrusted(address)
    )
      return offered;
    return crypto.randomUUID();
  };
}

/** Whether a payload is the house error body ({ code, message }) without its request id yet. */
function isErrorBodyWithoutId(payload: unknown): payload is Record<string, unknown> {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    !Array.isArray(payload) &&
    typeof (payload as { code?: unknown }).code === 'string' &&
    typeof (payload as { message?: unknown }).message === 'string' &&
    !('requestId' in payload)
  );
}

export default fp(
  async function requestId(app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
    // Error bodies a route sends itself (not through the error handler) get the id too.
    app.addHook('preSerialization', async (request, reply, payload) => {
      if (reply.statusCode >= 400 && isErrorBodyWithoutId(payload))
        return { ...payload, requestId: request.id };
      return payload;
    });
  },
  { name: 'request-id' },
);
