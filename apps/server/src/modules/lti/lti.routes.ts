/**
 * The LTI 1.3 tool's endpoints (issue 26). Public by design: a platform and a browser without a portal
 * session call them, and each proves itself otherwise (a registered issuer and client id, a single-use
 * state, an id token signed by the platform's key, a single-use hand-off secret).
 * - GET  /.well-known/jwks.json        the tool's public keys (JWK Set)
 * - GET  /lti/login, POST /lti/login    OIDC login initiation → 302 to the platform's authorization endpoint
 * - POST /lti/launch                   form_post `id_token` + `state` → 303 to /lti/start, /lti/link or an
 *                                      item; or the page asking to continue (a launch without its cookie)
 * - GET  /lti/link, POST /lti/link      ?launch → the page proving the account a launch names; password →
 *                                      303 to /lti/start (issue 33)
 * - POST /lti/link/email               launch → e-mails a one-time link; the page saying so
 * - GET  /lti/link/confirm, POST …     ?t → the e-mailed link's page; its button links the account
 * - GET  /lti/sign-on                  ?launch&code_challenge → 303 to the picker or item with `?s=`
 * - GET  /lti/return                   ?t → the page posting the deep-linking response `JWT` to the platform
 * - GET  /lti/auto-submit.js           the return page's static script
 * Under /api/v1, signed in (the launching user's own launch):
 * - GET  /lti/deep-linking/:launchId            the picker's launch
 * - POST /lti/deep-linking/:launchId/response   { contentIds } → { returnPath }
 * - GET  /lti/identities                        the caller's LMS links (issue 33)
 * - DELETE /lti/identities/:identityId          unlinks one: its next launch proves the account again
 * A refused launch is an HTML page with the reason (status 400, 401 or 403).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  LTI_LINK_TTL_S,
  LTI_LOGIN_STATE_TTL_S,
  LTI_STATE_COOKIE_PREFIX,
  LtiIdentitiesSchema,
  LtiDeepLinkingChoiceSchema,
  LtiDeepLinkingLaunchSchema,
  LtiDeepLinkingReturnSchema,
} from '@portal/shared/schemas/lti';
import { BEARER, errorResponses } from '../../lib/openapi.js';
import { toolJwks } from './lti-keys.service.js';
import { lifetimeText } from '../identity/index.js';
import { sha256 } from '../identity/identity.service.js';
import {
  confirmMailedLink,
  getMailedLink,
  getPendingLink,
  listLinkedIdentities,
  proveByPassword,
  sendLinkMail,
  unlinkIdentity,
} from './lti-link.service.js';
import {
  AUTO_SUBMIT_SCRIPT,
  confirmLinkPage,
  deepLinkingReturnPage,
  launchErrorPage,
  linkMailSentPage,
  linkedPage,
  proveAccountPage,
} from './lti-pages.js';
import {
  getDeepLinkingLaunch,
  respondToDeepLinking,
  takeDeepLinkingResponse,
} from './lti-deep-linking.service.js';
import {
  LtiLaunchError,
  initiateLogin,
  launch,
  platformOrigins,
  signOnLaunch,
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
const LinkQuerySchema = z.object({ launch: text });
const LinkFormSchema = z.object({ launch: text, password: text });
const LinkConfirmSchema = z.object({ t: text });
const LaunchParams = z.object({ launchId: UuidSchema });
const IdentityParams = z.object({ identityId: UuidSchema });
/** Hidden from the API document: pages and redirects of the LTI protocol, not JSON endpoints. */
const hide = { hide: true, tags };

/** The cookie binding a login's state to the browser that started it (LTI_STATE_COOKIE_PREFIX). */
const stateCookieName = (state: string) => `${LTI_STATE_COOKIE_PREFIX}${sha256(state).slice(0, 16)}`;

/**
 * `SameSite=None; Secure; Partitioned` (CHIPS): the launch is a cross-site form post, often framed, so
 * only such a cookie can come back; browsers that keep none fall back to continueLaunchPage.
 */
function stateCookie(state: string, maxAge: number): string {
  return serializeCookie(stateCookieName(state), maxAge > 0 ? state : '', {
    path: '/lti/',
    maxAge,
    httpOnly: true,
    secure: true,
    sameSite: 'none',
    partitioned: true,
  });
}

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

  const startLogin = async (reply: FastifyReply, query: z.infer<typeof LoginSchema>) => {
    const started = await initiateLogin(app.db, ctx(), query);
    return reply
      .header('set-cookie', stateCookie(started.state, LTI_LOGIN_STATE_TTL_S))
      .redirect(started.url, 302);
  };
  app.get('/lti/login', { schema: { ...hide, querystring: LoginSchema } }, async (request, reply) =>
    orErrorPage(reply, () => startLogin(reply, request.query)),
  );
  app.post('/lti/login', { schema: { ...hide, body: LoginSchema } }, async (request, reply) =>
    orErrorPage(reply, () => startLogin(reply, request.body)),
  );

  app.post('/lti/launch', { schema: { ...hide, body: LaunchFormSchema } }, async (request, reply) =>
    orErrorPage(reply, async () => {
      const state = request.body.state;
      const cookies = parseCookies(request.headers.cookie ?? '');
      const bound = state ? cookies[stateCookieName(state)] : undefined;
      const outcome = await launch(app.db, ctx(), request.body, bound);
      if (state) reply.header('set-cookie', stateCookie(state, 0));
      reply.header('cache-control', 'no-store');
      if ('page' in outcome) return reply.type('text/html; charset=utf-8').send(outcome.page);
      return reply.redirect(outcome.redirect, 303);
    }),
  );

  const html = (reply: FastifyReply, page: string) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page);

  app.get('/lti/link', { schema: { ...hide, querystring: LinkQuerySchema } }, async (request, reply) =>
    orErrorPage(reply, async () => {
      const pending = await getPendingLink(app.db, request.query.launch);
      return html(reply, proveAccountPage({ ...pending, handoff: request.query.launch! }));
    }),
  );

  app.post('/lti/link', { schema: { ...hide, body: LinkFormSchema } }, async (request, reply) =>
    orErrorPage(reply, async () => {
      const { launch: handoff, password } = request.body;
      try {
        await proveByPassword(app.db, { handoff, password: password ?? '', ip: request.ip });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const pending = await getPendingLink(app.db, handoff);
        const status = error.code === 'rate_limited' ? 429 : 401;
        return html(
          reply.status(status),
          proveAccountPage({ ...pending, handoff: handoff!, error: error.message }),
        );
      }
      return reply.redirect(`/lti/start?launch=${encodeURIComponent(handoff!)}`, 303);
    }),
  );

  app.post('/lti/link/email', { schema: { ...hide, body: LinkQuerySchema } }, async (request, reply) =>
    orErrorPage(reply, async () => {
      const site = { publicBaseUrl: app.config.publicBaseUrl, brand: app.config.brand };
      const sent = await sendLinkMail(app.db, { handoff: request.body.launch, site });
      return html(reply, linkMailSentPage({ email: sent.email, ttlText: lifetimeText(LTI_LINK_TTL_S) }));
    }),
  );

  app.get(
    '/lti/link/confirm',
    { schema: { ...hide, querystring: LinkConfirmSchema } },
    async (request, reply) =>
      orErrorPage(reply, async () => {
        const pending = await getMailedLink(app.db, request.query.t);
        return html(reply, confirmLinkPage({ ...pending, token: request.query.t! }));
      }),
  );

  app.post('/lti/link/confirm', { schema: { ...hide, body: LinkConfirmSchema } }, async (request, reply) =>
    orErrorPage(reply, async () => html(reply, linkedPage(await confirmMailedLink(app.db, request.body.t)))),
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

  app.get(
    '/lti/identities',
    {
      onRequest,
      schema: {
        operationId: 'listMyLtiIdentities',
        summary: "The caller's LMS users linked to their account",
        tags,
        security: BEARER,
        response: { 200: LtiIdentitiesSchema, ...errorResponses(401) },
      },
    },
    async (request) => listLinkedIdentities(app.db, request.session.accountId!),
  );

  app.delete(
    '/lti/identities/:identityId',
    {
      onRequest,
      schema: {
        operationId: 'unlinkMyLtiIdentity',
        summary: "Unlink one of the caller's LMS users: its next launch must prove the account again",
        tags,
        security: BEARER,
        params: IdentityParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await unlinkIdentity(app.db, { accountId: request.session.accountId!, id: request.params.identityId });
      return reply.status(204).send(null);
    },
  );
};
