/**
 * The sign-in service's own pages under /auth (DESIGN.md: the sign-in form has fields labelled Email
 * and Password and a Sign in button): sign-in, sign-up, e-mail confirmation, forgotten password and
 * choosing a password. Server-rendered HTML without scripts, written in the auto-escaping `html`
 * template (lib/html.ts): every value is escaped unless it is markup the template made itself.
 */
import type { CodeChallengeParams } from '@portal/shared/schemas/sign-in';
import { html, raw, type SafeHtml } from '../../lib/html.js';
import { authHref } from './site-links.js';

const STYLE = raw(`
  body { margin: 0; font-family: Roboto, "Helvetica Neue", Arial, sans-serif; background: #f4f6f8; color: #1c2025; }
  main { max-width: 420px; margin: 8vh auto; background: #fff; padding: 32px; border-radius: 8px;
         box-shadow: 0 1px 3px rgba(0,0,0,.12), 0 1px 2px rgba(0,0,0,.08); }
  h1 { font-size: 1.5rem; margin: 0 0 8px; } p { margin: 0 0 16px; color: #374151; line-height: 1.5; }
  label { display: block; font-weight: 500; margin: 16px 0 6px; }
  input[type=email], input[type=password], input[type=text] { width: 100%; box-sizing: border-box; padding: 10px 12px;
         font-size: 1rem; border: 1px solid #6b7280; border-radius: 4px; }
  input:focus { outline: 2px solid #1565c0; outline-offset: 1px; }
  button { margin-top: 24px; width: 100%; padding: 12px; font-size: 1rem; font-weight: 600; color: #fff;
           background: #1565c0; border: 0; border-radius: 4px; cursor: pointer; }
  button:hover { background: #0d47a1; }
  .error { background: #fdecea; color: #8a1c13; padding: 10px 12px; border-radius: 4px; margin-bottom: 8px; }
  .notice { background: #e8f4fd; color: #0b3d62; padding: 10px 12px; border-radius: 4px; margin-bottom: 8px; }
  .field-error { color: #b3261e; font-size: .875rem; margin: 4px 0 0; }
  .links { display: flex; flex-wrap: wrap; gap: 8px 20px; margin-top: 20px; }
  a { color: #1565c0; }
`);

function page(siteName: string, title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · ${siteName}</title>
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html>`.value;
}

const hidden = (name: string, value?: string) =>
  value ? html`<input type="hidden" name="${name}" value="${value}" />` : null;

const banner = (model: { error?: string; notice?: string }) =>
  html`${model.error && html`<div class="error" role="alert">${model.error}</div>`}${
    model.notice && html`<div class="notice" role="status">${model.notice}</div>`
  }`;

/** A labelled input with its error under it (role alert, 001 §5) and aria-describedby pointing at it. */
function field(options: {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  value?: string;
  autocomplete: string;
  error?: string;
  autofocus?: boolean;
}): SafeHtml {
  const errorId = `${options.name}-error`;
  return html`<label for="${options.name}">${options.label}</label>
    <input
      id="${options.name}"
      name="${options.name}"
      type="${options.type}"
      autocomplete="${options.autocomplete}"
      required${
        options.value && html` value="${options.value}"`
      }${options.error && html` aria-invalid="true" aria-describedby="${errorId}"`}${options.autofocus && raw(' autofocus')}
    />
    ${options.error && html`<p class="field-error" id="${errorId}" role="alert">${options.error}</p>`}`;
}

export interface LoginPageModel {
  siteName: string;
  email?: string;
  redirect?: string;
  referrer?: string;
  /** Where "Back to the portal" goes: a checked address (never another site). */
  backHref?: string;
  /** The app's PKCE challenge, carried to the form post (the code is minted for it). */
  codeChallenge?: CodeChallengeParams;
  error?: string;
  notice?: string;
}

/** The sign-in form. */
export function renderLoginPage(model: LoginPageModel): string {
  const carry = { redirect: model.redirect, referrer: model.referrer };
  return page(
    model.siteName,
    'Sign in',
    html`<h1>Sign in</h1>
      <p>Use your ${model.siteName} account.</p>
      ${banner(model)}
      <form method="post" action="/auth/login" novalidate>
        ${field({ name: 'email', label: 'Email', type: 'email', value: model.email, autocomplete: 'username', autofocus: !model.email })}
        ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', autofocus: Boolean(model.email) })}
        ${hidden('redirect', model.redirect)}${hidden('referrer', model.referrer)}
        ${hidden('code_challenge', model.codeChallenge?.code_challenge)}${hidden('code_challenge_method', model.codeChallenge?.code_challenge_method)}
        <button type="submit">Sign in</button>
      </form>
      <div class="links">
        <a href="${authHref('/auth/forgot-password', { redirect: model.redirect })}">Forgot your password?</a>
        <a href="${authHref('/auth/signup', carry)}">Create an account</a>
        <a href="${model.backHref ?? '/'}">Back to the portal</a>
      </div>`,
  );
}

export interface SignupPageModel {
  siteName: string;
  displayName?: string;
  email?: string;
  redirect?: string;
  code?: string;
  error?: string;
  fieldErrors?: Partial<Record<'displayName' | 'email' | 'password' | 'confirmPassword', string>>;
}

/** The sign-up form (issue 5; /signup in the app leaves for it, 001 §2). */
export function renderSignupPage(model: SignupPageModel): string {
  const errors = model.fieldErrors ?? {};
  return page(
    model.siteName,
    'Sign up',
    html`<h1>Sign up</h1>
      <p>Create your ${model.siteName} account. We will send you an e-mail to confirm your address.</p>
      ${banner(model)}
      <form method="post" action="/auth/signup" novalidate>
        ${field({ name: 'displayName', label: 'Name', type: 'text', value: model.displayName, autocomplete: 'name', error: errors.displayName, autofocus: true })}
        ${field({ name: 'email', label: 'Email', type: 'email', value: model.email, autocomplete: 'email', error: errors.email })}
        ${field({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: errors.password })}
        ${field({ name: 'confirmPassword', label: 'Confirm password', type: 'password', autocomplete: 'new-password', error: errors.confirmPassword })}
        ${hidden('redirect', model.redirect)}${hidden('code', model.code)}
        <button type="submit">Sign up</button>
      </form>
      <div class="links">
        <a href="${authHref('/auth/login', { redirect: model.redirect })}">I have an account: sign in</a>
      </div>`,
  );
}

export interface NoticePageModel {
  siteName: string;
  title: string;
  paragraphs: string[];
  link?: { href: string; label: string };
  isError?: boolean;
}

/** A page that only tells something (check your e-mail, confirmed, link expired…). */
export function renderNoticePage(model: NoticePageModel): string {
  return page(
    model.siteName,
    model.title,
    html`<h1>${model.title}</h1>
      <div role="${model.isError ? 'alert' : 'status'}">
        ${model.paragraphs.map((p) => html`<p>${p}</p>`)}
      </div>
      ${model.link && html`<div class="links"><a href="${model.link.href}">${model.link.label}</a></div>`}`,
  );
}

/**
 * Confirming an e-mail address takes a button press (a POST), so that mail scanners that open links
 * do not use the single-use link up.
 */
export function renderVerifyPage(model: { siteName: string; token: string; redirect?: string }): string {
  return page(
    model.siteName,
    'Confirm your e-mail address',
    html`<h1>Confirm your e-mail address</h1>
      <p>Press the button to confirm the address of your ${model.siteName} account.</p>
      <form method="post" action="/auth/verify-email">
        ${hidden('token', model.token)}${hidden('redirect', model.redirect)}
        <button type="submit">Confirm my e-mail address</button>
      </form>`,
  );
}

export interface ForgotPageModel {
  siteName: string;
  email?: string;
  redirect?: string;
  error?: string;
}

export function renderForgotPage(model: ForgotPageModel): string {
  return page(
    model.siteName,
    'Forgot your password?',
    html`<h1>Forgot your password?</h1>
      <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      ${banner(model)}
      <form method="post" action="/auth/forgot-password" novalidate>
        ${field({ name: 'email', label: 'Email', type: 'email', value: model.email, autocomplete: 'email', autofocus: true })}
        ${hidden('redirect', model.redirect)}
        <button type="submit">Send the link</button>
      </form>
      <div class="links">
        <a href="${authHref('/auth/login', { redirect: model.redirect })}">Back to sign in</a>
      </div>`,
  );
}

export interface ResetPageModel {
  siteName: string;
  token: string;
  isInvitation: boolean;
  redirect?: string;
  error?: string;
  fieldErrors?: Partial<Record<'password' | 'confirmPassword', string>>;
}

export function renderResetPage(model: ResetPageModel): string {
  const title = model.isInvitation ? 'Choose your password' : 'Choose a new password';
  const errors = model.fieldErrors ?? {};
  return page(
    model.siteName,
    title,
    html`<h1>${title}</h1>
      ${banner(model)}
      <form method="post" action="/auth/reset-password" novalidate>
        ${field({ name: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', error: errors.password, autofocus: true })}
        ${field({ name: 'confirmPassword', label: 'Confirm password', type: 'password', autocomplete: 'new-password', error: errors.confirmPassword })}
        ${hidden('token', model.token)}${hidden('redirect', model.redirect)}
        <button type="submit">Save my password</button>
      </form>`,
  );
}
