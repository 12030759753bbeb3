/**
 * Attacks on the sign-in flow (issue 20), one test per attack, named by what it tries:
 * - crafted return addresses (OWASP "Unvalidated Redirects and Forwards") through every route that
 *   takes one: the sign-in form and page, the sign-in link without a challenge, sign-up and its
 *   confirmation e-mail, the confirmation link, the forgotten-password e-mail and the reset link. Each
 *   value a page or a mail carries on is followed through a real sign-in, whose `Location` must stay on
 *   the portal or the exercise area;
 * - a sign-on code that leaks (RFC 7636 PKCE S256): without its verifier, with a wrong one, replayed,
 *   after its minute, or shown to the other audience, it buys nothing;
 * - signing someone out with a plain GET.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { SSO_CODE_TTL_S } from '@portal/shared/limits';
import { checkRedirect } from '@portal/shared/redirects';
import { outbox } from '../../db/schema/mail.js';
import { createEmailLinkToken } from '../../modules/identity/account-links.service.js';
import { insertAccount, insertClaims } from '../../modules/identity/accounts.repository.js';
import { hashPassword } from '../../modules/identity/identity.service.js';
import { PASSWORD, TEST_PKCE, newPkce } from '../fixtures.js';
import { postForm } from '../forms.js';
import { useTestApp } from '../use-test-app.js';

const BASE = 'http://portal.test';
const RANGE = 'https://range.example.edu';
const ORIGINS = { publicBaseUrl: BASE, exerciseAreaUrl: RANGE };
const SAFE_ORIGINS = [new URL(BASE).origin, new URL(RANGE).origin];
const PKCE_QUERY = new URLSearchParams(TEST_PKCE.form).toString();

/**
 * Known ways past a redirect check: protocol-relative and backslash forms, dot segments, percent and
 * doubled encodings, schemes without slashes, tab/CR/LF inside, userinfo, IDN and IPv6 hosts,
 * non-web schemes, and look-alikes of the portal's and the exercise area's hosts.
 */
const PAYLOADS = [
  '//evil.example',
  '//evil.example/x',
  '///evil.example',
  '////evil.example/x',
  '/\\evil.example',
  '\\/evil.example',
  '\\\\evil.example',
  '\\/\\/evil.example',
  '/\\/evil.example',
  '/.//evil.example',
  '/./\\evil.example',
  '/..//evil.example',
  '/x/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/%2F%2Fevil.example',
  '/%2f%2fevil.example',
  '%2F%2Fevil.example',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  '/%252F%252Fevil.example',
  '%252F%252Fevil.example',
  '/%25%32%46%25%32%46evil.example',
  'https:evil.example',
  'https:/evil.example',
  'http:evil.example',
  'http:\\\\evil.example',
  'https://evil.example',
  'HTTPS://EVIL.EXAMPLE/x',
  'https://evil.example/http://portal.test/',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r/evil.example',
  '/\r\n/evil.example',
  '\t//evil.example',
  ' //evil.example',
  '//evil.example\u0000',
  '/%09/evil.example',
  '/%0d%0aLocation:%20//evil.example',
  'https://portal.test@evil.example/',
  'https://evil.example@portal.test/',
  'https://user:pass@portal.test/courseware',
  '//evil.example@portal.test/',
  'https://portal.test:pass@evil.example/',
  'https://evil.example#@portal.test/',
  'https://evil.example?@portal.test/',
  'https://portal.test.evil.example/',
  'https://portal.testevil.example/',
  'https://xn--80ak6aa92e.example/',
  'https://аpple.example/',
  'https://evil。example/',
  '//evil%E3%80%82example',
  'http://[::1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[2001:db8::1]:3000/',
  'http://0x7f.1/',
  'http://2130706433/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.domain)',
  'java\tscript:alert(1)',
  'javascript://portal.test/%0aalert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://evil.example/',
  'blob:https://evil.example/x',
  '//range.example.edu.evil.example/',
  '//range.example.edu@evil.example/',
  'https://range.example.edu.evil.example/',
  'https://range.example.edu@evil.example/',
  'https://evil.example\\@range.example.edu/',
  'https://range.example.edu\\@evil.example/',
  'https://range.example.edu:8443/',
  'http://range.example.edu/',
  '//range.example.edu/',
  'https://user@range.example.edu/',
];

const { ctx, accounts } = useTestApp({ env: { PUBLIC_BASE_URL: BASE, RANGE_UI_URL: RANGE } });
let verifyToken: string;
let resetToken: string;
let passwordHash: string;

beforeAll(async () => {
  verifyToken = await createEmailLinkToken(ctx.database.db, {
    accountId: accounts.student,
    purpose: 'verify',
  });
  resetToken = await createEmailLinkToken(ctx.database.db, { accountId: accounts.student, purpose: 'reset' });
  passwordHash = await hashPassword(PASSWORD);
});
afterEach(() => vi.useRealTimers());

let ipCounter = 0;
/** A fresh client address for each request, so no per-address limit mixes the attacks up. */
const nextIp = () => `10.120.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

const get = (url: string) => ctx.app.inject({ method: 'GET', url, remoteAddress: nextIp() });
const post = (url: string, form: Record<string, string | undefined>) =>
  postForm(
    ctx.app,
    url,
    Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => !!entry[1])),
    { remoteAddress: nextIp() },
  );
const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * The faculty member signs in for real with `redirect` and the app's PKCE fields; the answer's
 * Location, or null when the form was refused as a whole (a control character other than tab and line
 * breaks is a 400 before anything is read), which sends the browser nowhere.
 */
async function signInTo(redirect: string | undefined): Promise<string | null> {
  const res = await post('/auth/login', {
    email: 'faculty@test.example.edu',
    password: PASSWORD,
    redirect,
    ...TEST_PKCE.form,
  });
  const what = `sign-in with redirect ${JSON.stringify(redirect)}`;
  if (res.statusCode === 400) {
    expect(res.headers.location, what).toBeUndefined();
    return null;
  }
  expect(res.statusCode, what).toBe(303);
  return String(res.headers.location);
}

const signInMemo = new Map<string | undefined, Promise<string | null>>();
/** signInTo, once per distinct value (most payloads are dropped, so they come back as one value). */
const signInOnce = (redirect: string | undefined) => {
  if (!signInMemo.has(redirect)) signInMemo.set(redirect, signInTo(redirect));
  return signInMemo.get(redirect)!;
};

/** A Location, resolved as a browser resolves it, is on the portal or the exercise area. */
function expectOnSite(location: string | null, what: string) {
  if (location === null) return;
  expect(SAFE_ORIGINS, `${what} → ${location}`).toContain(new URL(location, BASE).origin);
}

/**
 * A page answered to a crafted address: the page itself (200), or a refusal of the request as a whole
 * (400: a control character in the query); either way nothing it carries or links to leaves the site.
 */
async function expectAnswerSafe(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  what: string,
  status = 200,
) {
  expect([status, 400], what).toContain(res.statusCode);
  expect(res.headers.location, what).toBeUndefined();
  if (String(res.headers['content-type']).startsWith('text/html')) await expectPageSafe(res.body, what);
}

type Node = DefaultTreeAdapterMap['node'];
/** Every element of a parsed page. */
function* elements(node: Node): Generator<DefaultTreeAdapterMap['element']> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* elements(child);
}
const attr = (element: DefaultTreeAdapterMap['element'], name: string) =>
  element.attrs.find((a) => a.name === name)?.value;

/**
 * The return addresses a page carries on, read with a real HTML parser: hidden `redirect` and
 * `referrer` fields and the `redirect` of its links; and every link's own target.
 */
function carriedBy(page: string): { returnAddresses: string[]; links: string[] } {
  const returnAddresses: string[] = [];
  const links: string[] = [];
  for (const element of elements(parse(page))) {
    const name = attr(element, 'name');
    if (element.tagName === 'input' && (name === 'redirect' || name === 'referrer'))
      returnAddresses.push(attr(element, 'value') ?? '');
    const href = element.tagName === 'a' ? attr(element, 'href') : undefined;
    if (href !== undefined) {
      links.push(href);
      const carried = new URL(href, BASE).searchParams.get('redirect');
      if (carried !== null) returnAddresses.push(carried);
    }
  }
  return { returnAddresses, links };
}

/** A carried address is one the check accepts as it stands, and a sign-in to it stays on the site. */
async function expectCarriedSafely(values: string[], what: string) {
  for (const value of values) {
    expect(checkRedirect(value, ORIGINS)?.href, `${what} carries ${JSON.stringify(value)}`).toBe(value);
    expectOnSite(await signInOnce(value), `${what} carries ${JSON.stringify(value)}`);
  }
}

/** Checks a page: what it carries is checked, its links stay on the site. */
async function expectPageSafe(page: string, what: string) {
  const { returnAddresses, links } = carriedBy(page);
  for (const link of links) expectOnSite(link, `${what} links`);
  await expectCarriedSafely(returnAddresses, what);
}

/** The newest mail to an address, and the portal links in its text. */
async function linksMailedTo(to: string): Promise<string[]> {
  const [mail] = await ctx.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  expect(mail, `a mail to ${to}`).toBeDefined();
  return mail!.text.split(/\s+/).filter((word) => word.startsWith('http'));
}

/** The return addresses carried by mailed links (their `redirect`), each link on the portal. */
function returnAddressesOf(links: string[], what: string): string[] {
  return links.flatMap((link) => {
    expect(new URL(link).origin, `${what}: ${link}`).toBe(new URL(BASE).origin);
    const carried = new URL(link).searchParams.get('redirect');
    return carried === null ? [] : [carried];
  });
}

describe('crafted return addresses', () => {
  it('the table holds at least 40 known redirect payloads; what the check lets through stays on the site', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(40);
    for (const payload of PAYLOADS) {
      const checked = checkRedirect(payload, ORIGINS);
      if (checked) expect(SAFE_ORIGINS, payload).toContain(new URL(checked.href, BASE).origin);
      if (checked?.destination === 'portal') expect(checked.href, payload).toMatch(/^\/(?![/\\])/);
    }
  });

  it('a crafted redirect posted with the sign-in form never leaves the portal', async () => {
    for (const payload of PAYLOADS) {
      const location = await signInTo(payload);
      expectOnSite(location, `POST /auth/login redirect=${JSON.stringify(payload)}`);
      if (location !== null) expect(new URL(location, BASE).searchParams.get('s')).toBeTruthy();
    }
  });

  it('a crafted redirect or referrer on the sign-in page never reaches its form or links', async () => {
    for (const payload of PAYLOADS) {
      const res = await get(`/auth/login?${query({ redirect: payload, referrer: payload })}&${PKCE_QUERY}`);
      await expectAnswerSafe(res, `GET /auth/login redirect=${JSON.stringify(payload)}`);
    }
  });

  it('a crafted redirect on a sign-in link without a challenge never leaves the portal', async () => {
    for (const payload of PAYLOADS) {
      const res = await get(`/auth/login?${query({ redirect: payload, referrer: payload })}`);
      if (res.statusCode !== 303) {
        // Only a checked exercise-area address is answered with the form itself.
        await expectAnswerSafe(res, `GET /auth/login (no challenge) ${JSON.stringify(payload)}`);
        continue;
      }
      expect(res.statusCode, payload).toBe(303);
      const location = String(res.headers.location);
      expect(new URL(location, BASE).origin, payload).toBe(new URL(BASE).origin);
      expect(new URL(location, BASE).pathname).toBe('/login');
      const carried = [...new URL(location, BASE).searchParams.values()];
      await expectCarriedSafely(carried, `GET /auth/login (no challenge) ${JSON.stringify(payload)}`);
    }
  });

  it('a crafted redirect through sign-up and its confirmation e-mail never leaves the portal', async () => {
    for (const [i, payload] of PAYLOADS.entries()) {
      const page = await get(`/auth/signup?${query({ redirect: payload })}`);
      await expectAnswerSafe(page, `GET /auth/signup ${JSON.stringify(payload)}`);

      const email = `attack-${i}@signup.example`;
      const done = await post('/auth/signup', {
        displayName: 'Attacker',
        email,
        password: 'long enough password',
        confirmPassword: 'long enough password',
        redirect: payload,
      });
      await expectAnswerSafe(done, `POST /auth/signup ${JSON.stringify(payload)}`);
      if (done.statusCode !== 200) continue;
      const mailed = returnAddressesOf(await linksMailedTo(email), `sign-up mail ${JSON.stringify(payload)}`);
      await expectCarriedSafely(mailed, `sign-up mail ${JSON.stringify(payload)}`);
    }
  });

  it('a crafted redirect on the confirmation link never leaves the portal', async () => {
    for (const payload of PAYLOADS) {
      const page = await get(`/auth/verify-email?${query({ token: verifyToken, redirect: payload })}`);
      await expectAnswerSafe(page, `GET /auth/verify-email ${JSON.stringify(payload)}`);
      const used = await post('/auth/verify-email', { token: 'x'.repeat(43), redirect: payload });
      await expectAnswerSafe(used, `POST /auth/verify-email ${JSON.stringify(payload)}`, 400);
    }
  });

  it('a crafted redirect through the forgotten-password e-mail never leaves the portal', async () => {
    const targets = await Promise.all(
      PAYLOADS.map(async (payload, i) => {
        const email = `reset-${i}@reset.example`;
        const row = await insertAccount(ctx.database.db, {
          email,
          displayName: 'Reset',
          passwordHash,
          verified: true,
        });
        await insertClaims(ctx.database.db, row.id, [{ type: 'role', value: 'faculty' }]);
        const page = await get(`/auth/forgot-password?${query({ redirect: payload })}`);
        const asked = await post('/auth/forgot-password', { email, redirect: payload });
        return { payload, email, page, asked };
      }),
    );
    for (const { payload, email, page, asked } of targets) {
      await expectAnswerSafe(page, `GET /auth/forgot-password ${JSON.stringify(payload)}`);
      await expectAnswerSafe(asked, `POST /auth/forgot-password ${JSON.stringify(payload)}`);
      if (asked.statusCode !== 200) continue;
      const mailed = returnAddressesOf(await linksMailedTo(email), `reset mail ${JSON.stringify(payload)}`);
      await expectCarriedSafely(mailed, `reset mail ${JSON.stringify(payload)}`);
    }
  });

  it('a crafted redirect on the reset link never leaves the portal', async () => {
    for (const payload of PAYLOADS) {
      const page = await get(`/auth/reset-password?${query({ token: resetToken, redirect: payload })}`);
      await expectAnswerSafe(page, `GET /auth/reset-password ${JSON.stringify(payload)}`);
      const expired = await post('/auth/reset-password', {
        token: 'x'.repeat(43),
        password: 'long enough password',
        confirmPassword: 'long enough password',
        redirect: payload,
      });
      await expectAnswerSafe(expired, `POST /auth/reset-password ${JSON.stringify(payload)}`, 400);
    }
  });
});

/** Signs in to `redirect` with the test PKCE pair; the code in `s`. */
async function codeFor(redirect = '/courseware'): Promise<string> {
  const code = new URL((await signInTo(redirect)) ?? '', BASE).searchParams.get('s');
  expect(code).toBeTruthy();
  return code!;
}

const exchange = (body: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/auth/token', payload: body, remoteAddress: nextIp() });

describe('a leaked sign-on code is worthless', () => {
  it('a code stolen from the address bar buys no token without its verifier, and is used up', async () => {
    const code = await codeFor();
    expect((await exchange({ code })).statusCode).toBe(401);
    expect((await exchange({ code, code_verifier: TEST_PKCE.verifier })).statusCode).toBe(401);
  });

  it('a stolen code with a verifier of the thief’s own buys nothing, and is used up', async () => {
    const code = await codeFor();
    expect((await exchange({ code, code_verifier: newPkce().verifier })).statusCode).toBe(401);
    expect((await exchange({ code, code_verifier: TEST_PKCE.verifier })).statusCode).toBe(401);
  });

  it('a code with its challenge sent as the verifier buys nothing', async () => {
    const code = await codeFor();
    expect((await exchange({ code, code_verifier: TEST_PKCE.challenge })).statusCode).toBe(401);
  });

  it('a replayed code buys nothing the second time', async () => {
    const code = await codeFor();
    const first = await exchange({ code, code_verifier: TEST_PKCE.verifier });
    expect(first.statusCode).toBe(200);
    expect((await exchange({ code, code_verifier: TEST_PKCE.verifier })).statusCode).toBe(401);
  });

  it(`a code older than ${SSO_CODE_TTL_S} seconds buys nothing`, async () => {
    const code = await codeFor();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SSO_CODE_TTL_S + 1) * 1000);
    expect((await exchange({ code, code_verifier: TEST_PKCE.verifier })).statusCode).toBe(401);
  });

  it('a portal code shown to the exercise area buys nothing', async () => {
    const code = await codeFor('/courseware');
    const res = await exchange({ code, audience: 'exercise-area', code_verifier: TEST_PKCE.verifier });
    expect(res.statusCode).toBe(401);
    expect((await exchange({ code, code_verifier: TEST_PKCE.verifier })).statusCode).toBe(401);
  });

  it('a sign-in for the exercise area mints an exercise-area code that buys no portal token', async () => {
    const location = (await signInTo(`${RANGE}/start`))!;
    expect(new URL(location).origin).toBe(RANGE);
    const code = new URL(location).searchParams.get('s')!;
    expect((await exchange({ code, code_verifier: TEST_PKCE.verifier })).statusCode).toBe(401);
    const again = (await signInTo(`${RANGE}/start`))!;
    const rangeCode = new URL(again).searchParams.get('s')!;
    const token = await exchange({ code: rangeCode, audience: 'exercise-area' });
    expect(token.statusCode).toBe(200);
    const claims = JSON.parse(
      Buffer.from(String(token.json().accessToken).split('.')[1]!, 'base64url').toString(),
    );
    expect(claims.aud).toBe('exercise-area');
  });

  it('a sign-in form posted without the app’s challenge gets no code at all', async () => {
    const res = await post('/auth/login', {
      email: 'faculty@test.example.edu',
      password: PASSWORD,
      redirect: '/courseware',
    });
    expect(res.statusCode).toBe(303);
    const location = new URL(String(res.headers.location), BASE);
    expect(location.origin).toBe(new URL(BASE).origin);
    expect(location.pathname).toBe('/login');
    expect(location.searchParams.get('redirect')).toBe('/courseware');
    expect(location.searchParams.has('s')).toBe(false);
  });

  it('a sign-in page opened with a malformed challenge is refused, not looped', async () => {
    const res = await get('/auth/login?code_challenge=short&code_challenge_method=S256');
    expect(res.statusCode).toBe(400);
    const plain = await get(`/auth/login?code_challenge=${TEST_PKCE.challenge}&code_challenge_method=plain`);
    expect(plain.statusCode).toBe(400);
  });
});

describe('signing someone out', () => {
  it('a GET on the logout API (a link or an image) signs nobody out', async () => {
    const code = await codeFor();
    const token = (await exchange({ code, code_verifier: TEST_PKCE.verifier })).json().accessToken;
    const auth = { authorization: `Bearer ${token}` };
    const viaApi = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/logout', headers: auth });
    expect(viaApi.statusCode).toBeGreaterThanOrEqual(400);
    const viaPage = await ctx.app.inject({ method: 'GET', url: '/logout', headers: auth });
    expect(viaPage.statusCode).toBeLessThan(500);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers: auth });
    expect(session.statusCode).toBe(200);
  });
});
