/**
 * The LTI 1.3 tool's endpoints (issue 26). Public by design: a platform and a browser without a portal
 * session call them, and each proves itself otherwise (a registered issuer and client id, a single-use
 * state, an id token signed by the platform's key, a single-use hand-off secret).
 * - GET  /.well-known/jwks.json        the tool's public keys (JWK Set)
 * - GET  /lti/login, POST /lti/login    OIDC login initiation → 302 to the platform's authorization endpoint
 * - POST /lti/launch                   form_post `id_token` + `state` → 303 to /lti/start (or an item)
 * - GET  /lti/sign-on                  ?launch&code_challenge → 303 to the picker or item with `?s=`
 * - GET  /lti/return                   ?t → the page posting the deep-linking response `JWT` to the platform
 * - GET  /lti/auto-submit.js           the return page's static script
 * Under /api/v1, signed in (the launching user's own launch):
 * - GET  /lti/deep-linking/:launchId            the picker's launch
 * - POST /lti/deep-linking/:launchId/response   { contentIds } → { returnPath }
 * A refused launch is an HTML page with the reason (status 400, 401 or 403).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  LtiDeepLinkingChoiceSchema,
  LtiDeepLinkingLaunchSchema,
  LtiDeepLinkingReturnSchema,
} from '@portal/shared/schemas/lti';
import { BEARER, errorResponses } from '../../lib/openapi.js';
import { resealToolKeys, toolJwks } from './lti-keys.service.js';
import { AUTO_SUBMIT_SCRIPT, deepLinkingReturnPage, launchErrorPage } from './lti-pages.js';
import {
  LtiLaunchError,
  getDeepLinkingLaunch,
  initiateLogin,
  launch,
  platformOrigins,
  respondToDeepLinking,
  signOnLaunch,
  takeDeepLinkingResponse,
  type LtiContext,
} from './lti.service.js';

const tags = ['lti'];
const text = z.string().optional();
const LoginSchema = z.object({
  iss: text,
  login_hint: text,
  target_link_uri: text,
  lti_message_hint: text,
  client_id: text,
  lti_deployment_id: text,
});
const LaunchFormSchema = z.object({ id_token: text, state: text });
const SignOnQuerySchema = z.object({ launch: text, code_challenge: text, code_challenge_method: text });
const ReturnQuerySchema = z.object({ t: text });
const LaunchParams = z.object({ launchId: UuidSchema });
/** Hidden from the API document: pages and redirects of the LTI protocol, not JSON endpoints. */
const hide = { hide: true, tags };

/** Renders a refused launch as a page; anything else goes to the error handler. */
async function orErrorPage(reply: FastifyReply, run: () => Promise<FastifyReply>): Promise<FastifyReply> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof LtiLaunchError)) throw error;
    return reply.status(error.status).type('text/html; charset=utf-8').send(launchErrorPage(error.message));
  }
}

/** Appends origins to the `frame-ancestors` of a CSP header (and adds it when missing). */
function withFrameAncestors(csp: string, origins: readonly string[]): string {
  const extra = origins.join(' ');
  if (/(^|;)\s*frame-ancestors /.test(csp))
    return csp.replace(/((?:^|;)\s*frame-ancestors [^;]*)/, `$1 ${extra}`);
  return `${csp};frame-ancestors 'self' ${extra}`;
}

/**
 * The tool's pages and the app's /lti pages open inside the platform (Canvas and Moodle frame them):
 * registered platforms' origins may frame paths under /lti/, nothing else changes (registered on the
 * root instance, so the app's own pages get it too).
 */
export function allowPlatformFraming(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (!request.url.startsWith('/lti/')) return payload;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string') return payload;
    const origins = await platformOrigins(app.db);
    if (origins.length === 0) return payload;
    reply.header('content-security-policy', withFrameAncestors(csp, origins));
    reply.removeHeader('x-frame-options');
    return payload;
  });
}

export const ltiPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  // At start, as the token signing keys: each tool key sealed under the current SECRETS_KEY.
  await resealToolKeys(app.db, app.config.secretsKeyring);
  const ctx = (): LtiContext => ({
    publicBaseUrl: app.config.publicBaseUrl,
    keyring: app.config.secretsKeyring,
    allowLoopbackHttp: app.config.ltiAllowLoopbackHttp,
  });

  app.get('/.well-known/jwks.json', { schema: hide }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=300')
      .send(await toolJwks(app.db, app.config.secretsKeyring)),
  );

  app.get('/lti/login', { schema: { ...hide, querystring: LoginSchema } }, async (request, reply) =>
    orErrorPage(reply, async () => reply.redirect(await initiateLogin(app.db, ctx(), request.query), 302)),
  );
  app.post('/lti/login', { schema: { ...hide, body: LoginSchema } }, async (request, reply) =>
    orErrorPage(reply, async () => reply.redirect(await initiateLogin(app.db, ctx(), request.body), 302)),
  );

  app.post('/lti/launch', { schema: { ...hide, body: LaunchFormSchema } }, async (request, reply) =>
    orErrorPage(reply, async () => reply.redirect((await launch(app.db, ctx(), request.body)).redirect, 303)),
  );

  app.get('/lti/sign-on', { schema: { ...hide, querystring: SignOnQuerySchema } }, async (request, reply) =>
    orErrorPage(reply, async () =>
      reply
        .header('cache-control', 'no-store')
        .redirect(await signOnLaunch(app.db, ctx(), request.query), 303),
    ),
  );

  app.get('/lti/return', { schema: { ...hide, querystring: ReturnQuerySchema } }, async (request, reply) =>
    orErrorPage(reply, async () => {
      const response = await takeDeepLinkingResponse(app.db, request.query.t);
      const csp = reply.getHeader('content-security-policy');
      // The one form of the portal that leaves it: to the platform's return address, and there only.
      if (typeof csp === 'string')
        reply.header(
          'content-security-policy',
          csp.replace(/form-action [^;]*/, `form-action ${new URL(response.returnUrl).origin}`),
        );
      return reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(deepLinkingReturnPage(response));
    }),
  );

  app.get('/lti/auto-submit.js', { schema: hide }, async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(AUTO_SUBMIT_SCRIPT),
  );
};

export const ltiApiRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireSignedIn();
  const ctx = (): LtiContext => ({
    publicBaseUrl: app.config.publicBaseUrl,
    keyring: app.config.secretsKeyring,
    allowLoopbackHttp: app.config.ltiAllowLoopbackHttp,
  });

  app.get(
    '/lti/deep-linking/:launchId',
    {
      onRequest,
      schema: {
        operationId: 'getLtiDeepLinkingLaunch',
        summary: 'A deep-linking launch of the caller, for the courseware picker',
        tags,
        security: BEARER,
        params: LaunchParams,
        response: { 200: LtiDeepLinkingLaunchSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getDeepLinkingLaunch(app.db, request.session, request.params.launchId),
  );

  app.post(
    '/lti/deep-linking/:launchId/response',
    {
      onRequest,
      schema: {
        operationId: 'respondToLtiDeepLinking',
        summary: 'Sign the deep-linking response for the chosen items',
        tags,
        security: BEARER,
        params: LaunchParams,
        body: LtiDeepLinkingChoiceSchema,
        response: { 200: LtiDeepLinkingReturnSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) =>
      respondToDeepLinking(app.db, ctx(), {
        session: request.session,
        launchId: request.params.launchId,
        choice: request.body,
      }),
  );
};
