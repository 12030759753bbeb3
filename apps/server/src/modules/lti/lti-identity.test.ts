/**
 * Who an LTI launch signs in (issue 33), end to end against the mock platform: identities bound to the
 * platform's user and proved once, editors and admins never, e-mail domains, approval of new accounts,
 * unlinking; and the protocol's edges (token age, deep-linking `data`, the state cookie, the sweep, keys
 * fetched only from public addresses).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { desc, eq } from 'drizzle-orm';
import { LtiIdentitiesSchema, LtiPlatformSchema, type LtiPlatform } from '@portal/shared/schemas/lti';
import { account } from '../../db/schema/identity.js';
import { ltiLaunch, ltiLoginState } from '../../db/schema/lti.js';
import { outbox } from '../../db/schema/mail.js';
import { FACULTY_EMAIL, formOf, ltiLauncher, registerPlatforms } from '../../testing/lti-launch.js';
import { CANVAS, MOODLE, ROLE, startMockPlatform, type MockPlatform } from '../../testing/lti-platform.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { updatePlatform } from './lti-platforms.repository.js';
import { LTI_CLAIM, sweepExpiredLaunches } from './lti.service.js';

let platform: MockPlatform;
beforeAll(async () => {
  platform = await startMockPlatform();
});
afterAll(async () => platform.close());

const { ctx, as, accounts, tree } = useTestApp({ tree: true, env: { LTI_ALLOW_LOOPBACK_HTTP: 'true' } });
const lti = ltiLauncher(ctx, () => platform);
const platforms = registerPlatforms(ctx, as, () => platform, [CANVAS, MOODLE]);

/** Changes a registered platform as an admin does. */
async function changePlatform(style: typeof CANVAS, change: Partial<LtiPlatform>) {
  const { id, createdAt: _c, updatedAt: _u, ...current } = platforms[style.name]!;
  const changed = await ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/lti/platforms/${id}`,
    headers: await as('admin'),
    payload: { ...current, ...change },
  });
  expect(changed.statusCode, changed.body).toBe(200);
  platforms[style.name] = LtiPlatformSchema.parse(changed.json());
}

const mailsTo = (to: string) =>
  ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));

describe('a launch naming an existing account', () => {
  it('signs nobody in until the person proves the account, then links it for later launches', async () => {
    const first = await lti.launch(MOODLE, 'deepLinking');
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toMatch(/^\/lti\/link\?launch=/);
    const handoff = new URL(first.headers.location as string, lti.base()).searchParams.get('launch')!;

    // The hand-off cannot be traded for a session before the proof.
    const early = await ctx.app.inject({
      method: 'GET',
      url: `/lti/sign-on?launch=${handoff}&code_challenge=x&code_challenge_method=S256`,
    });
    expect(early.statusCode).toBe(400);

    const page = await ctx.app.inject({ method: 'GET', url: first.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Link your portal account');
    expect(page.body).toContain('f••••••@test.example.edu');
    expect(page.body).not.toContain(FACULTY_EMAIL);

    const wrong = await lti.proveWithPassword(first.headers.location as string, 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('role="alert"');

    const proved = await lti.proveWithPassword(first.headers.location as string);
    expect(proved.statusCode, proved.body).toBe(303);
    expect(proved.headers.location).toBe(`/lti/start?launch=${handoff}`);
    const { subject, headers } = await lti.signOn(proved.headers.location as string);
    expect(subject).toBe(accounts.faculty);

    const links = LtiIdentitiesSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/lti/identities', headers })).json(),
    );
    expect(links.items).toEqual([
      expect.objectContaining({ platformName: MOODLE.name, subject: `lms-user-${FACULTY_EMAIL}` }),
    ]);

    const later = await lti.launch(MOODLE, 'deepLinking');
    expect(later.headers.location).toMatch(/^\/lti\/start\?launch=/);
    expect((await lti.signOn(later.headers.location as string)).subject).toBe(accounts.faculty);
  });

  it('does not sign in another platform user naming the same e-mail', async () => {
    const other = await lti.launch(MOODLE, 'resourceLink', { sub: 'someone-else' });
    expect(other.headers.location).toMatch(/^\/lti\/link\?launch=/);
  });

  it('links by a one-time link e-mailed to the address, pressed on its page, not opened', async () => {
    const first = await lti.launch(CANVAS, 'resourceLink', { email: 'student@test.example.edu' });
    expect(first.headers.location).toMatch(/^\/lti\/link\?launch=/);
    const handoff = new URL(first.headers.location as string, lti.base()).searchParams.get('launch')!;
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/lti/link/email',
      ...formOf({ launch: handoff }),
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Check your e-mail');
    const [mail] = await mailsTo('student@test.example.edu');
    expect(mail?.subject).toBe(`Link your ${CANVAS.name} account to Cyber Range Portal?`);
    expect(mail?.text).toContain('If it was not you, do not open the link');
    const link = new URL(/https?:\/\/\S+\/lti\/link\/confirm\?t=\S+/.exec(mail!.text)![0]);

    const opened = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Link my account');
    // Opening the link (as a mail scanner does) linked nothing: a new launch still asks.
    const meanwhile = await lti.launch(CANVAS, 'resourceLink', { email: 'student@test.example.edu' });
    expect(meanwhile.headers.location).toMatch(/^\/lti\/link\?launch=/);

    const pressed = await ctx.app.inject({
      method: 'POST',
      url: '/lti/link/confirm',
      ...formOf({ t: link.searchParams.get('t')! }),
    });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.body).toContain('Your account is linked');
    const twice = await ctx.app.inject({
      method: 'POST',
      url: '/lti/link/confirm',
      ...formOf({ t: link.searchParams.get('t')! }),
    });
    expect(twice.statusCode).toBe(400);

    const after = await lti.launch(CANVAS, 'resourceLink', { email: 'student@test.example.edu' });
    expect(after.headers.location).toMatch(/^\/lti\/start\?launch=/);
    expect((await lti.signOn(after.headers.location as string)).subject).toBe(accounts.student);
  });

  it('unlinks from the account and from the admin, after which the platform must ask again', async () => {
    const { headers } = await lti.linkFaculty(CANVAS);
    const mine = LtiIdentitiesSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/lti/identities', headers })).json(),
    );
    const canvasLink = mine.items.find((i) => i.platformName === CANVAS.name)!;
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/lti/identities/${canvasLink.id}`,
      headers: await as('student'),
    });
    expect(foreign.statusCode).toBe(404);
    const unlinked = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/lti/identities/${canvasLink.id}`,
      headers,
    });
    expect(unlinked.statusCode).toBe(204);
    expect((await lti.launch(CANVAS, 'resourceLink')).headers.location).toMatch(/^\/lti\/link\?/);

    const byAdmin = LtiIdentitiesSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/admin/lti/users/${accounts.faculty}/identities`,
          headers: await as('admin'),
        })
      ).json(),
    );
    const moodleLink = byAdmin.items.find((i) => i.platformName === MOODLE.name)!;
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/lti/users/${accounts.faculty}/identities/${moodleLink.id}`,
      headers: await as('admin'),
    });
    expect(removed.statusCode).toBe(204);
    expect((await lti.launch(MOODLE, 'resourceLink')).headers.location).toMatch(/^\/lti\/link\?/);
  });
});

describe('accounts a platform never signs in', () => {
  it.each([['contenteditor'], ['admin']] as const)(
    'refuses the %s, even after the password is proved',
    async (role) => {
      const launched = await lti.launch(CANVAS, 'resourceLink', { email: `${role}@test.example.edu` });
      expect(launched.statusCode).toBe(403);
      expect(launched.body).toContain('never signed in from an LMS');
    },
  );

  it('refuses a linked account once it gained an editor right', async () => {
    const made = await lti.launch(MOODLE, 'resourceLink', { email: 'promoted@college.example.edu' });
    expect(made.headers.location).toMatch(/^\/lti\/start\?/);
    const [row] = await ctx.database.db
      .select({ id: account.id })
      .from(account)
      .where(eq(account.email, 'promoted@college.example.edu'));
    const granted = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/users/${row!.id}/roles/contenteditor`,
      headers: await as('admin'),
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const again = await lti.launch(MOODLE, 'resourceLink', { email: 'promoted@college.example.edu' });
    expect(again.statusCode).toBe(403);
  });
});

describe('accounts a launch makes', () => {
  it('are faculty, linked, and not marked confirmed', async () => {
    const made = await lti.launch(CANVAS, 'deepLinking', { email: 'new.prof@college.example.edu' });
    expect(made.headers.location).toMatch(/^\/lti\/start\?/);
    const [row] = await ctx.database.db
      .select()
      .from(account)
      .where(eq(account.email, 'new.prof@college.example.edu'));
    expect(row!.emailVerifiedAt).toBeNull();
    const { headers } = await lti.signOn(made.headers.location as string);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers });
    expect(JSON.stringify(session.json())).toContain('"CanViewFiles":true');
  });

  it('wait for approval before they may download, when the platform asks for it', async () => {
    await changePlatform(MOODLE, { newAccountsNeedApproval: true });
    const made = await lti.launch(MOODLE, 'deepLinking', { email: 'waiting@college.example.edu' });
    const { headers } = await lti.signOn(made.headers.location as string);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers });
    expect(JSON.stringify(session.json())).toContain('"CanViewFiles":false');
    const messages = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/messages', headers });
    expect(messages.body).toContain('waits for the portal');
    await changePlatform(MOODLE, { newAccountsNeedApproval: false });
  });

  it('are never made for a learner', async () => {
    const launched = await lti.launch(CANVAS, 'resourceLink', {
      email: 'pupil@college.example.edu',
      [LTI_CLAIM.roles]: [ROLE.learner],
    });
    expect(launched.headers.location).toBe('/courseware/network-security-course/packet-analysis');
    const rows = await ctx.database.db
      .select()
      .from(account)
      .where(eq(account.email, 'pupil@college.example.edu'));
    expect(rows).toHaveLength(0);
  });
});

describe("a platform's e-mail domains", () => {
  it('refuses a launch outside them with a page that names them', async () => {
    await changePlatform(CANVAS, { allowedEmailDomains: ['college.example.edu'] });
    try {
      const outside = await lti.launch(CANVAS, 'resourceLink', { email: 'someone@elsewhere.example.org' });
      expect(outside.statusCode).toBe(403);
      expect(outside.body).toContain('only for addresses at college.example.edu');
      const inside = await lti.launch(CANVAS, 'resourceLink', { email: 'new.prof@college.example.edu' });
      expect(inside.statusCode).toBe(303);
    } finally {
      await changePlatform(CANVAS, { allowedEmailDomains: [] });
    }
  });
});

describe('protocol edges', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('refuses an id token issued more than a minute in the future, or older than its allowed age', async () => {
    const future = await lti.launch(CANVAS, 'deepLinking', {}, { issuedAtS: now() + 600, expiresInS: 900 });
    expect(future.statusCode).toBe(401);
    expect(future.body).toContain('dated in the future');
    const old = await lti.launch(CANVAS, 'deepLinking', {}, { issuedAtS: now() - 1200, expiresInS: 3600 });
    expect(old.statusCode).toBe(401);
    expect(old.body).toContain('has expired');
    const skewed = await lti.launch(CANVAS, 'deepLinking', {}, { issuedAtS: now() + 30, expiresInS: 300 });
    expect(skewed.statusCode).toBe(303);
  });

  it.each([
    ['an object', { course: 5, nested: { ids: [1, 2] } }],
    ['a number', 42],
    ['null', null],
  ])('echoes deep-linking data that is %s unchanged', async (_kind, data) => {
    await lti.linkFaculty(CANVAS);
    const { state, nonce, cookie } = await lti.login(CANVAS);
    const claims = lti.claims(CANVAS, nonce, 'deepLinking');
    const settings = claims[LTI_CLAIM.deepLinkingSettings] as Record<string, unknown>;
    const launched = await lti.postLaunch(
      await platform.sign({ ...claims, [LTI_CLAIM.deepLinkingSettings]: { ...settings, data } }),
      state,
      cookie,
    );
    const { landing, headers } = await lti.signOn(launched.headers.location as string);
    const chosen = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1${landing.pathname}/response`,
      headers,
      payload: { contentIds: [tree.lab] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const page = await ctx.app.inject({
      method: 'GET',
      url: (chosen.json() as { returnPath: string }).returnPath,
    });
    const jwt = /name="JWT" value="([^"]+)"/.exec(page.body)![1]!;
    const jwks = (await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks));
    expect(payload[LTI_CLAIM.data]).toEqual(data);
  });

  it('binds the login state to the browser: another cookie is refused, none asks before signing in', async () => {
    await lti.linkFaculty(CANVAS);
    const started = await lti.login(CANVAS);
    expect(started.setCookie).toMatch(/^lti_state_[0-9a-f]{16}=/);
    expect(started.setCookie).toContain('SameSite=None');
    expect(started.setCookie).toContain('Secure');
    expect(started.setCookie).toContain('Partitioned');
    expect(started.setCookie).toContain('HttpOnly');
    const token = await platform.sign(lti.claims(CANVAS, started.nonce, 'resourceLink'));
    const foreignCookie = `${started.cookie.split('=')[0]}=someone-elses-state`;
    const refused = await lti.postLaunch(token, started.state, foreignCookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('started in another browser');

    const again = await lti.login(CANVAS);
    const unbound = await lti.postLaunch(
      await platform.sign(lti.claims(CANVAS, again.nonce, 'resourceLink')),
      again.state,
    );
    expect(unbound.statusCode).toBe(200);
    expect(unbound.body).toContain('Continue as Test Faculty');
    const next = /href="(\/lti\/start\?launch=[^"]+)"/.exec(unbound.body)![1]!;
    expect((await lti.signOn(next)).subject).toBe(accounts.faculty);
  });

  it('deletes expired login states and launches on its sweep', async () => {
    await lti.login(CANVAS);
    const later = new Date(Date.now() + 2 * 3600 * 1000);
    const swept = await sweepExpiredLaunches(ctx.app.db, later);
    expect(swept.states).toBeGreaterThan(0);
    expect(swept.launches).toBeGreaterThan(0);
    expect(await ctx.database.db.select().from(ltiLoginState)).toHaveLength(0);
    expect(await ctx.database.db.select().from(ltiLaunch)).toHaveLength(0);
  });

  it.each([
    ['cloud metadata', 'https://169.254.169.254/latest/jwks'],
    ['a private address', 'https://10.1.2.3/jwks'],
    ['an IPv6 unique-local address', 'https://[fd00::1]/jwks'],
  ])('refuses a keys address at %s when it is registered', async (_kind, jwksUrl) => {
    const made = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/lti/platforms',
      headers: await as('admin'),
      payload: { ...platform.registration(CANVAS), clientId: `internal-${jwksUrl.length}`, jwksUrl },
    });
    expect(made.statusCode).toBe(422);
    expect(made.json()).toMatchObject({ details: { field: 'jwksUrl' } });
  });

  it('refuses to fetch keys from an internal address, or an answer over the size limit', async () => {
    const { id } = platforms[MOODLE.name]!;
    try {
      await updatePlatform(ctx.app.db, id, {
        ...platform.registration(MOODLE),
        jwksUrl: 'https://169.254.169.254/latest/jwks',
      });
      const internal = await lti.launch(MOODLE, 'resourceLink');
      expect(internal.statusCode).toBe(401);
      expect(internal.body).toContain('private or internal network address');

      const huge = http.createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ keys: [], padding: 'x'.repeat(200_000) }));
      });
      await new Promise<void>((resolve) => huge.listen(0, '127.0.0.1', resolve));
      try {
        const port = (huge.address() as AddressInfo).port;
        await updatePlatform(ctx.app.db, id, {
          ...platform.registration(MOODLE),
          jwksUrl: `http://127.0.0.1:${port}/jwks`,
        });
        const oversized = await lti.launch(MOODLE, 'resourceLink');
        expect(oversized.statusCode).toBe(401);
        expect(oversized.body).toContain('larger than');
      } finally {
        huge.close();
      }
    } finally {
      await updatePlatform(ctx.app.db, id, platform.registration(MOODLE));
    }
  });
});
