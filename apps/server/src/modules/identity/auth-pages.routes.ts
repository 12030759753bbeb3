/**
 * The sign-in service's pages (001 §2 /login, /signup; DESIGN.md "Sign-in"; issues 5 and 9): HTML
 * forms without scripts, in their own encapsulated plugin with their own error handler.
 *
 * - GET|POST /auth/login             sign in; 303 to `redirect` with a single-use code in `s`, bound to the
 *                                    PKCE `code_challenge` the app sent (S256); a GET without one for a
 *                                    portal return address answers 303 to the app's /login, which makes
 *                                    a verifier and comes back (so bookmarks and e-mail links still work)
 * - GET|POST /auth/signup            sign up (query `code` from the state variant, `email` from an invitation)
 * - GET|POST /auth/verify-email      confirm an address from its e-mailed link (a button press, then POST)
 * - GET|POST /auth/forgot-password   ask for a reset link
 * - GET|POST /auth/reset-password    choose a password from a reset or invitation link
 *
 * Every return address (`redirect`, `referrer`, in a query, a form or a link) goes through
 * `checkRedirect` (packages/shared/src/redirects.ts): only the checked, normalised address is used,
 * rendered or carried on; anything else is dropped (issue 20).
 *
 * Every form post must come from this site (login CSRF, issue 9): an `Origin` (or, without one, a
 * `Referer`) of another site, or `Sec-Fetch-Site: cross-site`, is refused with 403 before the form is
 * read. A client that sends neither (not a browser) is let through (auth-pages.guards.ts).
 *
 * Errors: a handler throws (an AppError from a service, a rate limit, a refused origin); the error
 * handler of this plugin re-renders the route's page (`config.errorPage`) with the message, the
 * error's status and, for a rate limit, Retry-After. Anything unexpected is logged and answered
 * with a plain 500 page, never a stack trace. The form reading and the one way a form route is
 * registered live in auth-form-post.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { DISPLAY_NAME_MAX, EMAIL_MAX, RESET_TOKEN_TTL_S } from '@portal/shared/limits';
import { checkRedirect, withQuery, type RedirectOrigins } from '@portal/shared/redirects';
import {
  EmailLinkTokenSchema,
  ForgotPasswordFormSchema,
  ResetPasswordFormSchema,
  ReturnAddressSchema,
  SignupCodeSchema,
  SignupFormSchema,
} from '@portal/shared/schemas/identity';
import { CodeChallengeParamsSchema, LoginFormSchema } from '@portal/shared/schemas/sign-in';
import {
  checkPasswordLink,
  requestPasswordReset,
  resendVerificationLink,
  resetPassword,
  signUp,
  verifyEmail,
} from './account-links.service.js';
import {
  renderForgotPage,
  renderLoginPage,
  renderNoticePage,
  renderResetPage,
  renderSignupPage,
  renderVerifyPage,
  type NoticePageModel,
} from './auth-pages.js';
import { lifetimeText } from './identity.mails.js';
import { UNVERIFIED_MESSAGE, signIn } from './identity.service.js';
import { issueSsoCode } from './identity-codes.service.js';
import {
  ExpiredLinkError,
  fieldErrorsOf,
  formOf,
  invalidForm,
  registerFormPost,
  sendHtml,
} from './auth-form-post.js';
import { guardAuthPages } from './auth-pages.guards.js';
import { appLoginPath, authHref, siteName } from './site-links.js';

const LoginQuerySchema = z.object({
  redirect: ReturnAddressSchema,
  referrer: ReturnAddressSchema,
  code_challenge: z.string().max(256).optional(),
  code_challenge_method: z.string().max(16).optional(),
});
const SignupQuerySchema = z.object({
  redirect: ReturnAddressSchema,
  code: SignupCodeSchema.optional().catch(undefined),
  email: z.string().max(EMAIL_MAX).optional(),
});
const TokenQuerySchema = z.object({ token: z.string().max(512).optional(), redirect: ReturnAddressSchema });
const RedirectQuerySchema = z.object({ redirect: ReturnAddressSchema });

const authPagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const site = () => ({
    publicBaseUrl: app.config.publicBaseUrl,
    brand: app.config.brand,
    exerciseAreaUrl: app.config.rangeUiUrl,
  });
  const name = () => siteName(site());
  /** Where sign-in may return: this portal, or the configured exercise area (001 §2 /login). */
  const returnOrigins = (): RedirectOrigins => site();
  /** A checked return address after sign-in, normalised; undefined when refused. */
  const keepRedirect = (target: string | undefined) => checkRedirect(target, returnOrigins())?.href;
  /** A checked address of this portal only (the referrer and "Back to the portal"), else undefined. */
  const own = (target: string | undefined) =>
    checkRedirect(target, { publicBaseUrl: app.config.publicBaseUrl })?.href;
  const noticePage = (reply: FastifyReply, notice: Omit<NoticePageModel, 'siteName'>) =>
    sendHtml(reply, 200, renderNoticePage({ siteName: name(), ...notice }));

  guardAuthPages(app, name);

  // Sign in

  /** What a form with an e-mail field shows again: the address typed and the return address. */
  const emailFormModel = (request: FastifyRequest) => {
    const raw = formOf(request.body);
    return {
      raw,
      siteName: name(),
      email: raw.email?.slice(0, EMAIL_MAX),
      redirect: keepRedirect(raw.redirect),
    };
  };

  const loginModel = (request: FastifyRequest) => {
    const model = emailFormModel(request);
    return {
      ...model,
      referrer: own(model.raw.referrer),
      backHref: own(model.raw.referrer),
      codeChallenge: CodeChallengeParamsSchema.safeParse(model.raw).data,
    };
  };

  app.get(
    '/auth/login',
    { schema: { querystring: LoginQuerySchema, hide: true } },
    async (request, reply) => {
      const { redirect, referrer } = request.query;
      const target = checkRedirect(redirect, returnOrigins());
      const hasChallenge = request.query.code_challenge !== undefined;
      const codeChallenge = CodeChallengeParamsSchema.safeParse(request.query);
      if (hasChallenge && !codeChallenge.success)
        throw new AppError('invalid_input', 'This sign-in link is not valid. Please start again.');
      // A portal code needs the app's PKCE challenge: the app's /login makes one and comes back.
      if (!codeChallenge.success && target?.destination !== 'exercise-area')
        return reply.redirect(appLoginPath(site(), { redirect: target?.href, from: referrer }), 303);
      return sendHtml(
        reply,
        200,
        renderLoginPage({
          siteName: name(),
          redirect: target?.href,
          referrer: own(referrer),
          backHref: own(referrer),
          codeChallenge: codeChallenge.data,
        }),
      );
    },
  );

  registerFormPost(app, '/auth/login', {
    model: loginModel,
    schema: LoginFormSchema,
    page: (model, error) => renderLoginPage({ ...model, error: error.message }),
    handle: async (request, reply, form, model) => {
      const origins = returnOrigins();
      const target = checkRedirect(form.redirect, origins) ?? { destination: 'portal', href: '/' };
      const result = await signIn(app.db, { email: form.email, password: form.password, ip: request.ip });
      if (!result.isVerified) {
        await resendVerificationLink(app.db, {
          site: site(),
          accountId: result.accountId,
          redirect: model.redirect,
        });
        throw new AppError('forbidden', UNVERIFIED_MESSAGE);
      }
      const codeChallenge = target.destination === 'portal' ? model.codeChallenge?.code_challenge : null;
      // No challenge, no portal code (a form not opened from the app): start again from the app's
      // /login, which makes a verifier.
      if (codeChallenge === undefined)
        return reply.redirect(appLoginPath(site(), { redirect: target.href, from: model.referrer }), 303);
      const code = await issueSsoCode(app.db, {
        accountId: result.accountId,
        audience: target.destination,
        codeChallenge,
      });
      return reply.redirect(withQuery(target, { s: code }, origins).href, 303);
    },
  });

  // Sign up and confirm the address

  const signupModel = (request: FastifyRequest) => {
    const raw = formOf(request.body);
    const code = SignupCodeSchema.safeParse(raw.code).data;
    return {
      raw,
      siteName: siteName(site(), code),
      displayName: raw.displayName?.slice(0, DISPLAY_NAME_MAX),
      email: raw.email?.slice(0, EMAIL_MAX),
      redirect: keepRedirect(raw.redirect),
      code,
    };
  };

  app.get(
    '/auth/signup',
    { schema: { querystring: SignupQuerySchema, hide: true } },
    async (request, reply) => {
      const { redirect, code, email } = request.query;
      return sendHtml(
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

  registerFormPost(app, '/auth/signup', {
    model: signupModel,
    schema: SignupFormSchema,
    page: (model, error) =>
      renderSignupPage({
        ...model,
        ...(error.code === 'invalid_input'
          ? { fieldErrors: fieldErrorsOf(error) }
          : { error: error.message }),
      }),
    handle: async (request, reply, form, model) => {
      await signUp(app.db, {
        site: site(),
        form: { ...form, redirect: model.redirect, code: model.code },
        ip: request.ip,
      });
      return noticePage(reply, {
        title: 'Check your e-mail',
        paragraphs: [
          `We sent a message to ${form.email}. Follow the link in it to confirm your address and finish signing up.`,
          'If it does not arrive within a few minutes, check your spam folder.',
        ],
        link: { href: authHref('/auth/login', { redirect: model.redirect }), label: 'Go to sign in' },
      });
    },
  });

  app.get(
    '/auth/verify-email',
    { schema: { querystring: TokenQuerySchema, hide: true } },
    async (request, reply) => {
      const redirect = keepRedirect(request.query.redirect);
      const token = EmailLinkTokenSchema.safeParse(request.query.token);
      if (!token.success)
        throw new ExpiredLinkError({ href: authHref('/auth/login', { redirect }), label: 'Go to sign in' });
      return sendHtml(reply, 200, renderVerifyPage({ siteName: name(), token: token.data, redirect }));
    },
  );

  app.post('/auth/verify-email', { schema: { hide: true } }, async (request, reply) => {
    const raw = formOf(request.body);
    const signInLink = {
      href: authHref('/auth/login', { redirect: keepRedirect(raw.redirect) }),
      label: 'Sign in',
    };
    const token = EmailLinkTokenSchema.safeParse(raw.token);
    if (!token.success || !(await verifyEmail(app.db, token.data))) throw new ExpiredLinkError(signInLink);
    return noticePage(reply, {
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
      sendHtml(
        reply,
        200,
        renderForgotPage({ siteName: name(), redirect: keepRedirect(request.query.redirect) }),
      ),
  );

  registerFormPost(app, '/auth/forgot-password', {
    model: emailFormModel,
    schema: ForgotPasswordFormSchema,
    page: (model, error) => renderForgotPage({ ...model, error: error.message }),
    handle: async (request, reply, form, model) => {
      await requestPasswordReset(app.db, {
        site: site(),
        request: {
          email: form.email,
          ip: request.ip,
          redirect: model.redirect,
        },
      });
      return noticePage(reply, {
        title: 'Check your e-mail',
        paragraphs: [
          `If an account exists for ${form.email}, we sent it a link to choose a new password. The link works for ${lifetimeText(RESET_TOKEN_TTL_S)}.`,
        ],
        link: { href: authHref('/auth/login', { redirect: model.redirect }), label: 'Back to sign in' },
      });
    },
  });

  /** The reset or invitation link of a request, checked; ExpiredLinkError when it cannot be used. */
  const passwordLinkOf = async (token: string | undefined, redirect: string | undefined) => {
    const again = { href: authHref('/auth/forgot-password', { redirect }), label: 'Ask for a new link' };
    const parsed = EmailLinkTokenSchema.safeParse(token);
    const link = parsed.success ? await checkPasswordLink(app.db, parsed.data) : undefined;
    if (!parsed.success || !link) throw new ExpiredLinkError(again);
    return { token: parsed.data, isInvitation: link.purpose === 'invite', again };
  };

  app.get(
    '/auth/reset-password',
    { schema: { querystring: TokenQuerySchema, hide: true } },
    async (request, reply) => {
      const redirect = keepRedirect(request.query.redirect);
      const { token, isInvitation } = await passwordLinkOf(request.query.token, redirect);
      return sendHtml(reply, 200, renderResetPage({ siteName: name(), token, redirect, isInvitation }));
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: { hide: true },
      config: {
        errorPage: (request, error) => {
          const raw = formOf(request.body);
          return renderResetPage({
            siteName: name(),
            token: raw.token ?? '',
            redirect: keepRedirect(raw.redirect),
            isInvitation: false,
            fieldErrors: fieldErrorsOf(error),
            error: error.code === 'invalid_input' ? undefined : error.message,
          });
        },
      },
    },
    async (request, reply) => {
      const raw = formOf(request.body);
      const redirect = keepRedirect(raw.redirect);
      const link = await passwordLinkOf(raw.token, redirect);
      const parsed = ResetPasswordFormSchema.safeParse(raw);
      if (!parsed.success) {
        const error = invalidForm(parsed.error);
        return sendHtml(
          reply,
          400,
          renderResetPage({
            siteName: name(),
            token: link.token,
            redirect,
            isInvitation: link.isInvitation,
            fieldErrors: fieldErrorsOf(error),
          }),
        );
      }
      if (!(await resetPassword(app.db, { token: link.token, password: parsed.data.password })))
        throw new ExpiredLinkError(link.again);
      return noticePage(reply, {
        title: 'Your password is saved',
        paragraphs: ['You can sign in with it now.'],
        link: { href: authHref('/auth/login', { redirect }), label: 'Sign in' },
      });
    },
  );
};

export default authPagesRoutes;
