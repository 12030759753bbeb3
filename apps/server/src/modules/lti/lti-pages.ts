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
  button:hover { background: #0d47a1; }
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
