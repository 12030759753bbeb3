/**
 * The sign-in service (001 §2 /login, /signup; §4 Session, Impersonation; DESIGN.md "Sign-in"; issue 5).
 *
 * Pages (HTML forms, no scripts):
 * - GET|POST /auth/login             sign in; 303 to `redirect` with a single-use code in `s`
 * - GET|POST /auth/signup            sign up (query `code` from the state variant, `email` from an invitation)
 * - GET|POST /auth/verify-email      confirm an address from its e-mailed link (a button press, then POST)
 * - GET|POST /auth/forgot-password   ask for a reset link
 * - GET|POST /auth/reset-password    choose a password from a reset or invitation link
 *
 * API:
 * - POST /api/v1/auth/token          { code } → token; 401 for an unknown, used or expired code
 * - POST /api/v1/auth/refresh        Bearer (not expired) → a new token; the role claim is checked again
 * - POST /api/v1/auth/sso            → { code } for the exercise area; needs CanViewExerciseArea
 * - GET  /api/v1/auth/session        identity, claims in effect, permission flags, impersonator
 * - GET  /api/v1/auth/claims         the entitlement endpoint: { claims }
 * - GET  /api/v1/auth/messages       the account menu's unread messages; POST …/messages/:id/read
 * - POST /api/v1/auth/impersonate    { accountId } → a token acting as that user; needs CanImpersonate
 * - POST /api/v1/client-errors       the browser's error tracker hook (001 §8); logged, 204
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import {
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  LOGIN_RATE_MAX,
  LOGIN_RATE_WINDOW_MS,
  RESET_TOKEN_TTL_S,
} from '@portal/shared/limits';
import { UuidSchema } from '@portal/shared/schemas/common';
import {
  AccountMessagesResponseSchema,
  ClaimsResponseSchema,
  ClientErrorReportSchema,
  EmailLinkTokenSchema,
  ForgotPasswordFormSchema,
  ImpersonateRequestSchema,
  LoginFormSchema,
  ResetPasswordFormSchema,
  ReturnAddressSchema,
  SessionResponseSchema,
  SignupCodeSchema,
  SignupFormSchema,
  SsoCodeResponseSchema,
  TokenRequestSchema,
  TokenResponseSchema,
} from '@portal/shared/schemas/identity';
import {
  checkPasswordLink,
  requestPasswordReset,
  resendVerificationLink,
  resetPassword,
  signUp,
  siteName,
  verifyEmail,
} from './account-links.service.js';
import {
  authHref,
  renderForgotPage,
  renderLoginPage,
  renderNoticePage,
  type NoticePageModel,
  renderResetPage,
  renderSignupPage,
  renderVerifyPage,
} from './auth-pages.js';
import {
  UNVERIFIED_MESSAGE,
  exchangeSsoCode,
  impersonate,
  issueExerciseAreaCode,
  issueSsoCode,
  listClaims,
  listMessages,
  readMessage,
  refreshToken,
  safeRedirect,
  signIn,
} from './identity.service.js';
import { lifetimeText } from './identity.mails.js';
import { RateLimitedError } from './rate-limit.js';

const tags = ['identity'];
const LoginQuerySchema = z.object({ redirect: ReturnAddressSchema, referrer: ReturnAddressSchema });
const SignupQuerySchema = z.object({
  redirect: ReturnAddressSchema,
  code: SignupCodeSchema.optional().catch(undefined),
  email: z.string().max(EMAIL_MAX).optional(),
});
const TokenQuerySchema = z.object({ token: z.string().max(512).optional(), redirect: ReturnAddressSchema });
const RedirectQuerySchema = z.object({ redirect: ReturnAddressSchema });

/** A form body as strings (fields that are not strings are dropped). */
function formOf(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body)) if (typeof value === 'string') out[key] = value;
  }
  return out;
}

/** The first message per field of a failed form parse. */
function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    out[key] ??= issue.message;
  }
  return out;
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = () => ({ publicBaseUrl: app.config.publicBaseUrl, brand: app.config.brand });
  const name = () => siteName(site());
  /** A checked return address: this site's paths, or the exercise area. */
  const safe = (target: string | undefined) =>
    safeRedirect(target, app.config.publicBaseUrl, [app.config.rangeUiUrl]);
  /** A checked return address kept only when it is this site's own (for links on our pages). */
  const own = (target: string | undefined) => safeRedirect(target, app.config.publicBaseUrl);
  const keepRedirect = (target: string | undefined) => (target ? safe(target) : undefined);
  const rateLimited = (reply: FastifyReply, error: RateLimitedError) =>
    reply.header('retry-after', String(error.retryAfterS));
  /**
   * Runs a form's action. When a rate limit refuses it, answers 429 with Retry-After and the form
   * again (`formPage` renders it with the message) and returns false; other errors propagate.
   */
  const runLimited = async (
    reply: FastifyReply,
    action: () => Promise<unknown>,
    formPage: (error: string) => string,
  ): Promise<boolean> => {
    try {
      await action();
      return true;
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      await html(rateLimited(reply, error), 429, formPage(error.message));
      return false;
    }
  };
  /** A 200 notice page (a step done, what comes next). */
  const noticePage = (reply: FastifyReply, notice: NoticePageModel) =>
    html(reply, 200, renderNoticePage(notice));

  // Sign in

  app.get(
    '/auth/login',
    { schema: { querystring: LoginQuerySchema, hide: true } },
    async (request, reply) => {
      const { redirect, referrer } = request.query;
      return html(
        reply,
        200,
        renderLoginPage({
          siteName: name(),
          redirect: keepRedirect(redirect),
          referrer: referrer ? own(referrer) : undefined,
          backHref: own(referrer),
        }),
      );
    },
  );

  app.post('/auth/login', { schema: { hide: true } }, async (request, reply) => {
    const raw = formOf(request.body);
    const model = {
      siteName: name(),
      email: raw.email?.slice(0, EMAIL_MAX),
      redirect: keepRedirect(raw.redirect),
      referrer: raw.referrer ? own(raw.referrer) : undefined,
      backHref: own(raw.referrer),
    };
    const page = (status: number, error: string) => html(reply, status, renderLoginPage({ ...model, error }));
    const parsed = LoginFormSchema.safeParse(raw);
    if (!parsed.success) return page(400, parsed.error.issues[0]?.message ?? 'Check the form and try again.');
    let result: { accountId: string; isVerified: boolean };
    try {
      result = await signIn(app.db, {
        email: parsed.data.email,
        password: parsed.data.password,
        ip: request.ip,
      });
    } catch (error) {
      if (error instanceof RateLimitedError) rateLimited(reply, error);
      if (error instanceof AppError) return page(error.status, error.message);
      throw error;
    }
    if (!result.isVerified) {
      await resendVerificationLink(app.db, site(), result.accountId, model.redirect);
      return page(403, UNVERIFIED_MESSAGE);
    }
    const code = await issueSsoCode(app.db, result.accountId);
    const target = safe(parsed.data.redirect);
    const url = new URL(target, app.config.publicBaseUrl);
    url.searchParams.set('s', code);
    const isOwn = target.startsWith('/');
    return reply.redirect(isOwn ? url.pathname + url.search + url.hash : url.toString(), 303);
  });

  // Sign up and confirm the address

  app.get(
    '/auth/signup',
    { schema: { querystring: SignupQuerySchema, hide: true } },
    async (request, reply) => {
      const { redirect, code, email } = request.query;
      return html(
        reply,
        200,
        renderSignupPage({
          siteName: siteName(site(), code),
          redirect: keepRedirect(redirect),
          code,
          email: email && z.email().safeParse(email).success ? email : undefined,
        }),
      );
    },
  );

  app.post('/auth/signup', { schema: { hide: true } }, async (request, reply) => {
    const raw = formOf(request.body);
    const code = SignupCodeSchema.safeParse(raw.code).data;
    const model = {
      siteName: siteName(site(), code),
      displayName: raw.displayName?.slice(0, DISPLAY_NAME_MAX),
      email: raw.email?.slice(0, EMAIL_MAX),
      redirect: keepRedirect(raw.redirect),
      code,
    };
    const parsed = SignupFormSchema.safeParse(raw);
    if (!parsed.success) {
      return html(reply, 400, renderSignupPage({ ...model, fieldErrors: fieldErrorsOf(parsed.error) }));
    }
    const isDone = await runLimited(
      reply,
      () => signUp(app.db, site(), { ...parsed.data, redirect: model.redirect, code }, request.ip),
      (error) => renderSignupPage({ ...model, error }),
    );
    if (!isDone) return reply;
    return noticePage(reply, {
      siteName: model.siteName,
      title: 'Check your e-mail',
      paragraphs: [
        `We sent a message to ${parsed.data.email}. Follow the link in it to confirm your address and finish signing up.`,
        'If it does not arrive within a few minutes, check your spam folder.',
      ],
      link: { href: authHref('/auth/login', { redirect: model.redirect }), label: 'Go to sign in' },
    });
  });

  const expiredLinkPage = (reply: FastifyReply, link: { href: string; label: string }) =>
    html(
      reply,
      400,
      renderNoticePage({
        siteName: name(),
        title: 'This link cannot be used',
        paragraphs: ['This link has expired or was already used.'],
        link,
        isError: true,
      }),
    );

  app.get(
    '/auth/verify-email',
    { schema: { querystring: TokenQuerySchema, hide: true } },
    async (request, reply) => {
      const token = EmailLinkTokenSchema.safeParse(request.query.token);
      const signInLink = {
        href: authHref('/auth/login', { redirect: keepRedirect(request.query.redirect) }),
        label: 'Go to sign in',
      };
      if (!token.success) return expiredLinkPage(reply, signInLink);
      return html(
        reply,
        200,
        renderVerifyPage({
          siteName: name(),
          token: token.data,
          redirect: keepRedirect(request.query.redirect),
        }),
      );
    },
  );

  app.post('/auth/verify-email', { schema: { hide: true } }, async (request, reply) => {
    const raw = formOf(request.body);
    const redirect = keepRedirect(raw.redirect);
    const signInLink = { href: authHref('/auth/login', { redirect }), label: 'Sign in' };
    const token = EmailLinkTokenSchema.safeParse(raw.token);
    if (!token.success) return expiredLinkPage(reply, signInLink);
    try {
      await verifyEmail(app.db, token.data);
    } catch (error) {
      if (error instanceof AppError && error.code === 'invalid_input')
        return expiredLinkPage(reply, signInLink);
      throw error;
    }
    return noticePage(reply, {
      siteName: name(),
      title: 'Your e-mail address is confirmed',
      paragraphs: ['Thank you. You can sign in now.'],
      link: signInLink,
    });
  });

  // Forgotten password and choosing a password

  app.get(
    '/auth/forgot-password',
    { schema: { querystring: RedirectQuerySchema, hide: true } },
    async (request, reply) =>
      html(
        reply,
        200,
        renderForgotPage({ siteName: name(), redirect: keepRedirect(request.query.redirect) }),
      ),
  );

  app.post('/auth/forgot-password', { schema: { hide: true } }, async (request, reply) => {
    const raw = formOf(request.body);
    const model = {
      siteName: name(),
      email: raw.email?.slice(0, EMAIL_MAX),
      redirect: keepRedirect(raw.redirect),
    };
    const parsed = ForgotPasswordFormSchema.safeParse(raw);
    if (!parsed.success)
      return html(reply, 400, renderForgotPage({ ...model, error: parsed.error.issues[0]?.message }));
    const isDone = await runLimited(
      reply,
      () =>
        requestPasswordReset(app.db, site(), {
          email: parsed.data.email,
          ip: request.ip,
          redirect: model.redirect,
        }),
      (error) => renderForgotPage({ ...model, error }),
    );
    if (!isDone) return reply;
    return noticePage(reply, {
      siteName: model.siteName,
      title: 'Check your e-mail',
      paragraphs: [
        `If an account exists for ${parsed.data.email}, we sent it a link to choose a new password. The link works for ${lifetimeText(RESET_TOKEN_TTL_S)}.`,
      ],
      link: { href: authHref('/auth/login', { redirect: model.redirect }), label: 'Back to sign in' },
    });
  });

  app.get(
    '/auth/reset-password',
    { schema: { querystring: TokenQuerySchema, hide: true } },
    async (request, reply) => {
      const redirect = keepRedirect(request.query.redirect);
      const again = { href: authHref('/auth/forgot-password', { redirect }), label: 'Ask for a new link' };
      const token = EmailLinkTokenSchema.safeParse(request.query.token);
      const link = token.success ? await checkPasswordLink(app.db, token.data) : undefined;
      if (!token.success || !link) return expiredLinkPage(reply, again);
      return html(
        reply,
        200,
        renderResetPage({
          siteName: name(),
          token: token.data,
          redirect,
          isInvitation: link.purpose === 'invite',
        }),
      );
    },
  );

  app.post('/auth/reset-password', { schema: { hide: true } }, async (request, reply) => {
    const raw = formOf(request.body);
    const redirect = keepRedirect(raw.redirect);
    const again = { href: authHref('/auth/forgot-password', { redirect }), label: 'Ask for a new link' };
    const token = EmailLinkTokenSchema.safeParse(raw.token);
    const link = token.success ? await checkPasswordLink(app.db, token.data) : undefined;
    if (!token.success || !link) return expiredLinkPage(reply, again);
    const parsed = ResetPasswordFormSchema.safeParse(raw);
    if (!parsed.success) {
      return html(
        reply,
        400,
        renderResetPage({
          siteName: name(),
          token: token.data,
          redirect,
          isInvitation: link.purpose === 'invite',
          fieldErrors: fieldErrorsOf(parsed.error),
        }),
      );
    }
    try {
      await resetPassword(app.db, { token: token.data, password: parsed.data.password });
    } catch (error) {
      if (error instanceof AppError && error.code === 'invalid_input') return expiredLinkPage(reply, again);
      throw error;
    }
    return noticePage(reply, {
      siteName: name(),
      title: 'Your password is saved',
      paragraphs: ['You can sign in with it now.'],
      link: { href: authHref('/auth/login', { redirect }), label: 'Sign in' },
    });
  });

  // API

  app.post(
    '/api/v1/auth/token',
    {
      schema: { body: TokenRequestSchema, response: { 200: TokenResponseSchema }, tags },
      config: { rateLimit: { max: LOGIN_RATE_MAX * 3, timeWindow: LOGIN_RATE_WINDOW_MS } },
    },
    async (request) => exchangeSsoCode(app.db, app.tokens, request.body.code),
  );

  app.post(
    '/api/v1/auth/refresh',
    {
      schema: { response: { 200: TokenResponseSchema }, tags },
      preHandler: app.requirePermission('IsLogin'),
    },
    async (request) => refreshToken(app.db, app.tokens, request.session),
  );

  app.post(
    '/api/v1/auth/sso',
    {
      schema: { response: { 200: SsoCodeResponseSchema }, tags },
      preHandler: app.requirePermission('CanViewExerciseArea'),
    },
    async (request) => issueExerciseAreaCode(app.db, request.session),
  );

  app.get(
    '/api/v1/auth/session',
    { schema: { response: { 200: SessionResponseSchema }, tags } },
    async (request) => {
      const { identity, claims, permissions, actor } = request.session;
      if (!identity) throw new AppError('unauthenticated', 'Please log in to continue.');
      return { identity, claims, permissions, impersonator: actor };
    },
  );

  app.get(
    '/api/v1/auth/claims',
    { schema: { response: { 200: ClaimsResponseSchema }, tags } },
    async (request) => listClaims(request.session),
  );

  app.get(
    '/api/v1/auth/messages',
    {
      schema: { response: { 200: AccountMessagesResponseSchema }, tags },
      preHandler: app.requirePermission('IsLogin'),
    },
    async (request) => ({ items: await listMessages(app.db, request.session.accountId!) }),
  );

  app.post(
    '/api/v1/auth/messages/:id/read',
    {
      schema: { params: z.object({ id: UuidSchema }), tags },
      preHandler: app.requirePermission('IsLogin'),
    },
    async (request, reply) => {
      await readMessage(app.db, request.session.accountId!, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/auth/impersonate',
    {
      schema: { body: ImpersonateRequestSchema, response: { 200: TokenResponseSchema }, tags },
      preHandler: app.requirePermission('CanImpersonate'),
    },
    async (request) => {
      const token = await impersonate(app.db, app.tokens, request.session, request.body.accountId);
      request.log.info(
        { impersonation: { admin: request.session.accountId, user: request.body.accountId } },
        'impersonation started',
      );
      return token;
    },
  );

  app.post(
    '/api/v1/client-errors',
    {
      schema: { body: ClientErrorReportSchema, tags: ['site'] },
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const { identity, actor } = request.session;
      request.log.warn(
        {
          clientError: request.body,
          user: identity ? { id: identity.subject, email: identity.email } : null,
          impersonatedBy: actor?.subject ?? null,
          userAgent: request.headers['user-agent'],
        },
        'client error',
      );
      return reply.status(204).send();
    },
  );
};

export default identityRoutes;
