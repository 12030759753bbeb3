/**
 * Sign-in endpoints (001 §2 /login; DESIGN.md "Sign-in"):
 * - GET  /auth/login            the sign-in page (query redirect, referrer)
 * - POST /auth/login            form post; 303 to `redirect` with a single-use code in `s`, or the page with an error
 * - POST /api/v1/auth/token     { code } → { accessToken, expiresAt }; 401 for an unknown, used or expired code
 * - GET  /api/v1/auth/session   the caller's identity, claims and permission flags; 401 when signed out
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { LOGIN_RATE_MAX, LOGIN_RATE_WINDOW_MS } from '@portal/shared/limits';
import {
  LoginFormSchema,
  SessionResponseSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '@portal/shared/schemas/identity';
import { renderLoginPage } from './login-page.js';
import { checkPassword, exchangeSsoCode, issueSsoCode, safeRedirect } from './identity.service.js';

const LoginQuerySchema = z.object({
  redirect: z.string().max(2048).optional(),
  referrer: z.string().max(2048).optional(),
});

const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/login',
    { schema: { querystring: LoginQuerySchema, hide: true } },
    async (request, reply) => {
      return reply.type('text/html; charset=utf-8').send(renderLoginPage(request.query));
    },
  );

  app.post(
    '/auth/login',
    {
      schema: { hide: true },
      config: {
        rateLimit: {
          max: LOGIN_RATE_MAX,
          timeWindow: LOGIN_RATE_WINDOW_MS,
          keyGenerator: (request) => `login:${request.ip}`,
        },
      },
    },
    async (request, reply) => {
      const parsed = LoginFormSchema.safeParse(request.body ?? {});
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const model = {
        email: typeof raw.email === 'string' ? raw.email.slice(0, 320) : undefined,
        redirect: typeof raw.redirect === 'string' ? raw.redirect : undefined,
        referrer: typeof raw.referrer === 'string' ? raw.referrer : undefined,
      };
      const page = (status: number, error: string) =>
        reply
          .status(status)
          .type('text/html; charset=utf-8')
          .send(renderLoginPage({ ...model, error }));
      if (!parsed.success)
        return page(400, parsed.error.issues[0]?.message ?? 'Check the form and try again.');
      let accountId: string;
      try {
        accountId = await checkPassword(app.db, parsed.data.email, parsed.data.password);
      } catch (error) {
        if (error instanceof AppError) return page(error.status, error.message);
        throw error;
      }
      const code = await issueSsoCode(app.db, accountId);
      const target = new URL(safeRedirect(parsed.data.redirect, app.config.publicBaseUrl), 'http://x');
      target.searchParams.set('s', code);
      return reply.redirect(target.pathname + target.search + target.hash, 303);
    },
  );

  app.post(
    '/api/v1/auth/token',
    {
      schema: { body: TokenRequestSchema, response: { 200: TokenResponseSchema }, tags: ['identity'] },
      config: { rateLimit: { max: LOGIN_RATE_MAX * 3, timeWindow: LOGIN_RATE_WINDOW_MS } },
    },
    async (request) => exchangeSsoCode(app.db, app.tokens, request.body.code),
  );

  app.get(
    '/api/v1/auth/session',
    { schema: { response: { 200: SessionResponseSchema }, tags: ['identity'] } },
    async (request) => {
      const { identity, claims, permissions } = request.session;
      if (!identity) throw new AppError('unauthenticated', 'Please log in to continue.');
      return { identity, claims, permissions };
    },
  );
};

export default identityRoutes;
