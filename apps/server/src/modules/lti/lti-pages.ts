/**
 * The tool's own pages (issue 26): a refused launch, and the page that hands the signed deep-linking
 * response back to the platform. Server-rendered in the auto-escaping `html` template, without inline
 * script: the return page's form is submitted by the static `/lti/auto-submit.js` (CSP script-src
 * 'self'), and its button does the same where scripts are off.
 */
import { html, raw, type SafeHtml } from '../../lib/html.js';

const STYLE = raw(`
  body { margin: 0; font-family: Roboto, "Helvetica Neue", Arial, sans-serif; background: #f4f6f8; color: #1c2025; }
  main { max-width: 520px; margin: 8vh auto; background: #fff; padding: 32px; border-radius: 8px;
         box-shadow: 0 1px 3px rgba(0,0,0,.12), 0 1px 2px rgba(0,0,0,.08); }
  h1 { font-size: 1.5rem; margin: 0 0 12px; } p { margin: 0 0 16px; color: #374151; line-height: 1.5; }
  .error { background: #fdecea; color: #8a1c13; padding: 10px 12px; border-radius: 4px; }
  button { margin-top: 8px; padding: 12px 20px; font-size: 1rem; font-weight: 600; color: #fff;
           background: #1565c0; border: 0; border-radius: 4px; cursor: pointer; }
  button:hover, a.button:hover { background: #0d47a1; }
  a.button { display: inline-block; padding: 12px 20px; font-weight: 600; color: #fff; background: #1565c0;
             border-radius: 4px; text-decoration: none; }
  button.secondary { background: #fff; color: #1565c0; border: 1px solid #1565c0; }
  button.secondary:hover { background: #e3f2fd; }
  form { margin: 0 0 20px; } label { display: block; font-weight: 600; margin: 0 0 6px; }
  input[type=password] { box-sizing: border-box; width: 100%; padding: 10px; font-size: 1rem;
                         border: 1px solid #6b7280; border-radius: 4px; }
  :focus-visible { outline: 3px solid #1565c0; outline-offset: 2px; }
`);

/** The static script of the return page: submits its form at once. */
export const AUTO_SUBMIT_SCRIPT = "document.getElementById('lti-return').submit();\n";

function page(title: string, body: SafeHtml, script?: string): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="no-referrer" />
        <title>${title}</title>
        <style>
          ${STYLE}
        </style>
      </head>
      <body>
        <main>${body}</main>
        ${script ? html`<script src="${script}" defer></script>` : null}
      </body>
    </html>`.value;
}

/** A refused launch: what went wrong, in words the person can act on. */
export function launchErrorPage(message: string): string {
  return page(
    'The courseware tool could not open',
    html`<h1>The courseware tool could not open</h1>
      <p class="error" role="alert">${message}</p>
      <p>If this keeps happening, tell your LMS administrator what the message says.</p>`,
  );
}

/** Posts `JWT` to the platform's return address; submitted by /lti/auto-submit.js or the button. */
export function deepLinkingReturnPage(args: {
  returnUrl: string;
  jwt: string;
  platformName: string;
}): string {
  return page(
    `Returning to ${args.platformName}`,
    html`<h1>Returning to ${args.platformName}</h1>
      <p>Your choice is being sent back to ${args.platformName}.</p>
      <form id="lti-return" method="post" action="${args.returnUrl}">
        <input type="hidden" name="JWT" value="${args.jwt}" />
        <button type="submit">Return to ${args.platformName}</button>
      </form>`,
    '/lti/auto-submit.js',
  );
}

/** The address shown on the proving pages: enough to recognise, not the whole of it. */
function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  return `${email[0]}${'•'.repeat(Math.min(at - 1, 6))}${email.slice(at)}`;
}

/**
 * Asks the person a launch names to prove their portal account once (issue 33): its password, or a
 * one-time link e-mailed to its address. `handoff` is the launch's single-use secret (it also guards the
 * forms: only the browser the launch came to knows it).
 */
export function proveAccountPage(args: {
  platformName: string;
  email: string;
  handoff: string;
  error?: string;
}): string {
  return page(
    'Link your portal account',
    html`<h1>Link your portal account</h1>
      <p>
        ${args.platformName} opened the portal for ${maskedEmail(args.email)}, which has a portal account.
        Show once that the account is yours; from then on ${args.platformName} signs you in directly.
      </p>
      ${args.error ? html`<p class="error" role="alert">${args.error}</p>` : null}
      <form method="post" action="/lti/link">
        <input type="hidden" name="launch" value="${args.handoff}" />
        <label for="password">Your portal password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <button type="submit">Link and continue</button>
      </form>
      <form method="post" action="/lti/link/email">
        <input type="hidden" name="launch" value="${args.handoff}" />
        <p>
          No password (your account came from an LMS or an invitation)? We can e-mail you a one-time link.
        </p>
        <button type="submit" class="secondary">E-mail me a link</button>
      </form>
      <p>Not you? Close this page: nothing is linked.</p>`,
  );
}

/** The e-mailed link was sent (or, for an address mailed within the hour, not sent again). */
export function linkMailSentPage(args: { email: string; ttlText: string }): string {
  return page(
    'Check your e-mail',
    html`<h1>Check your e-mail</h1>
      <p>
        We sent a link to ${maskedEmail(args.email)}. Open it within ${args.ttlText} and press "Link my
        account", then open the tool again from your course.
      </p>
      <p>No e-mail after a few minutes? Look in your spam folder; one link is sent an hour.</p>`,
  );
}

/**
 * The e-mailed link's page: a button, since opening a link (as mail scanners do) must not link anything.
 */
export function confirmLinkPage(args: { platformName: string; email: string; token: string }): string {
  return page(
    `Link ${args.platformName} to your account`,
    html`<h1>Link ${args.platformName} to your account</h1>
      <p>
        ${args.platformName} will sign you in to the portal as ${maskedEmail(args.email)} whenever you open
        the tool from your course. Only continue if you just opened the portal from ${args.platformName}
        yourself.
      </p>
      <form method="post" action="/lti/link/confirm">
        <input type="hidden" name="t" value="${args.token}" />
        <button type="submit">Link my account</button>
      </form>`,
  );
}

/** After the e-mailed link was used. */
export function linkedPage(args: { platformName: string }): string {
  return page(
    'Your account is linked',
    html`<h1>Your account is linked</h1>
      <p>Open the tool again from your course at ${args.platformName}: it signs you in directly now.</p>
      <p>You can unlink it at any time under "LMS links" in your account.</p>`,
  );
}

/**
 * A launch whose login state reached this browser without its cookie (third-party cookies blocked):
 * the documented fallback asks before signing in, so a launch another site forced into this browser
 * (login CSRF) cannot sign it in unnoticed.
 */
export function continueLaunchPage(args: {
  platformName: string;
  displayName: string;
  next: string;
}): string {
  return page(
    'Continue to the portal',
    html`<h1>Continue to the portal</h1>
      <p>${args.platformName} is signing you in to the portal as ${args.displayName}.</p>
      <p><a class="button" href="${args.next}">Continue as ${args.displayName}</a></p>
      <p>If you did not just open the portal from your course, close this page.</p>`,
  );
}
