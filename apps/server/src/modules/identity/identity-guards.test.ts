/**
 * Guards of the sign-in service and the identity admin (issue 9): login CSRF on the form posts, the
 * limits (failed sign-ins per address, a class behind one address, IPv6 by /64, code exchanges and error
 * reports counted in the shared table, the same time for a reset whether the address is known), roles
 * that cannot be climbed by import, and course invitations that check the course, are limited and say
 * the same whatever the address.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_ERROR_DETAILS_LOG_MAX,
  CLIENT_ERROR_RATE_MAX,
  INVITATION_EMAILS_MAX,
  INVITATION_RATE_MAX,
  LOGIN_ADDRESS_FAILURES_MAX,
  RESET_REQUEST_MIN_MS,
  TOKEN_EXCHANGE_RATE_MAX,
} from '@portal/shared/limits';
import { API_CLAIM } from '@portal/shared/permissions';
import { content } from '../../db/schema/courseware.js';
import { rateLimitBucket } from '../../db/schema/identity.js';
import { PASSWORD, TEST_PKCE, bearer } from '../../testing/fixtures.js';
import { postForm } from '../../testing/forms.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { detailsForLog } from '../site/client-errors.routes.js';
import { insertAccount, insertClaims } from './accounts.repository.js';
import { hashPassword } from './identity.service.js';
import { networkOf } from '../../lib/rate-limit.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });

const json = (
  method: 'GET' | 'POST',
  url: string,
  options: { headers?: Record<string, string>; payload?: object; remoteAddress?: string } = {},
) => ctx.app.inject({ method, url, ...options });

describe('login CSRF: form posts from other sites are refused', () => {
  const signInForm = {
    email: 'faculty@test.example.edu',
    password: PASSWORD,
    redirect: '/courseware',
    ...TEST_PKCE.form,
  };

  it('refuses a sign-in posted from another origin, and takes one from this site', async () => {
    const foreign = await postForm(ctx.app, '/auth/login', signInForm, {
      remoteAddress: '10.60.0.1',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.headers.location).toBeUndefined();
    expect(foreign.body).toContain('This form was sent from another site');
    expect(foreign.body).toContain('<label for="email">Email</label>');

    const own = await postForm(ctx.app, '/auth/login', signInForm, {
      remoteAddress: '10.60.0.1',
      headers: { origin: ctx.config.publicBaseUrl },
    });
    expect(own.statusCode).toBe(303);

    // What Chromium sends for a form post under `Referrer-Policy: no-referrer`: Origin null, and the
    // fetch metadata that no page can forge.
    const browser = await postForm(ctx.app, '/auth/login', signInForm, {
      remoteAddress: '10.60.0.3',
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin' },
    });
    expect(browser.statusCode).toBe(303);
    const sameSite = await postForm(ctx.app, '/auth/login', signInForm, {
      remoteAddress: '10.60.0.4',
      headers: { origin: ctx.config.publicBaseUrl, 'sec-fetch-site': 'same-site' },
    });
    expect(sameSite.statusCode).toBe(403);
  });

  it('refuses sign-up, reset and forgotten-password posts from another site', async () => {
    const cross: Record<string, string>[] = [
      { origin: 'https://evil.example.com' },
      { origin: 'null' },
      { referer: 'https://evil.example.com/page' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of cross) {
      for (const [url, form] of [
        [
          '/auth/signup',
          {
            displayName: 'X',
            email: 'x@school.example',
            password: 'p4ssword!',
            confirmPassword: 'p4ssword!',
          },
        ],
        ['/auth/forgot-password', { email: 'faculty@test.example.edu' }],
        [
          '/auth/reset-password',
          { token: 'a'.repeat(43), password: 'p4ssword!', confirmPassword: 'p4ssword!' },
        ],
        ['/auth/login', signInForm],
      ] as const) {
        const res = await postForm(ctx.app, url, form, { remoteAddress: '10.60.0.2', headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(403);
      }
    }
  });
});

describe('sign-in limits', () => {
  it('lets 40 people sign in from one address within a minute', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const ip = '10.61.0.1';
    for (let i = 0; i < 40; i++) {
      const row = await insertAccount(ctx.database.db, {
        email: `class-${i}@school.example`,
        displayName: `Student ${i}`,
        passwordHash,
        verified: true,
      });
      await insertClaims(ctx.database.db, row.id, [{ type: 'role', value: 'student' }]);
    }
    for (let i = 0; i < 40; i++) {
      const res = await postForm(
        ctx.app,
        '/auth/login',
        {
          email: `class-${i}@school.example`,
          password: PASSWORD,
          redirect: '/courseware',
          ...TEST_PKCE.form,
        },
        { remoteAddress: ip },
      );
      expect(res.statusCode, `student ${i}`).toBe(303);
      const code = new URL(res.headers.location as string, 'http://x').searchParams.get('s')!;
      const token = await json('POST', '/api/v1/auth/token', {
        payload: { code, code_verifier: TEST_PKCE.verifier },
        remoteAddress: ip,
      });
      expect(token.statusCode, `student ${i}`).toBe(200);
    }
  });

  it('counts failures per IPv6 /64, so a host cannot step through its addresses', async () => {
    expect(networkOf('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(networkOf('192.0.2.7')).toBe('192.0.2.7');
    const statuses: number[] = [];
    for (let i = 0; i <= LOGIN_ADDRESS_FAILURES_MAX; i++) {
      const res = await postForm(
        ctx.app,
        '/auth/login',
        { email: `v6-${i}@school.example`, password: 'wrong' },
        { remoteAddress: `2001:db8:1:2::${(i + 1).toString(16)}` },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LOGIN_ADDRESS_FAILURES_MAX).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another /64 is not affected.
    const other = await postForm(
      ctx.app,
      '/auth/login',
      { email: 'faculty@test.example.edu', password: PASSWORD },
      { remoteAddress: '2001:db8:1:3::1' },
    );
    expect(other.statusCode).toBe(303);
  });

  it('limits code exchanges per address in the shared table', async () => {
    const ip = '10.62.0.1';
    let last = 0;
    for (let i = 0; i <= TOKEN_EXCHANGE_RATE_MAX; i++) {
      last = (
        await json('POST', '/api/v1/auth/token', {
          payload: { code: `x${'y'.repeat(30)}${i}` },
          remoteAddress: ip,
        })
      ).statusCode;
    }
    expect(last).toBe(429);
    const [row] = await ctx.database.db
      .select()
      .from(rateLimitBucket)
      .where(eq(rateLimitBucket.key, `token:address:${ip}`));
    expect(row!.count).toBe(TOKEN_EXCHANGE_RATE_MAX + 1);
  });

  it('answers a reset request no sooner for an unknown address than for a known one', async () => {
    const time = async (email: string, ip: string) => {
      const started = performance.now();
      const res = await postForm(ctx.app, '/auth/forgot-password', { email }, { remoteAddress: ip });
      expect(res.statusCode).toBe(200);
      return performance.now() - started;
    };
    const known = await time('faculty@test.example.edu', '10.63.0.1');
    const unknown = await time('nobody-at-all@school.example', '10.63.0.2');
    expect(known).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
    expect(unknown).toBeGreaterThanOrEqual(RESET_REQUEST_MIN_MS - 5);
  });
});

describe('browser error reports', () => {
  it('are limited per address in the shared table and cut before they are logged', async () => {
    const report = { code: 'internal', message: 'x', url: 'http://localhost/' };
    let last = 0;
    for (let i = 0; i <= CLIENT_ERROR_RATE_MAX; i++)
      last = (await json('POST', '/api/v1/client-errors', { payload: report, remoteAddress: '10.64.0.1' }))
        .statusCode;
    expect(last).toBe(429);
    const logged = detailsForLog({ big: 'z'.repeat(100_000) })!;
    expect(logged.length).toBeLessThan(CLIENT_ERROR_DETAILS_LOG_MAX + 50);
    expect(logged).toMatch(/… \(\d+ characters\)$/);
  });
});

describe('roles cannot be climbed by import', () => {
  /** A faculty member who may import users but not manage the organization. */
  async function importer(): Promise<{ id: string; auth: { authorization: string } }> {
    const row = await insertAccount(ctx.database.db, {
      email: 'importer@test.example.edu',
      displayName: 'Importer',
      passwordHash: null,
      verified: true,
    });
    await insertClaims(ctx.database.db, row.id, [
      { type: 'role', value: 'faculty' },
      { type: 'api', value: API_CLAIM.importUsers },
    ]);
    return { id: row.id, auth: await bearer(ctx.app, row.id) };
  }
  let who: { id: string; auth: { authorization: string } };
  beforeAll(async () => {
    who = await importer();
  });
  const preview = (auth: { authorization: string }, rows: object[]) =>
    json('POST', '/api/v1/admin/user-import/preview', { headers: auth, payload: { rows } });
  const run = (auth: { authorization: string }, rows: object[]) =>
    json('POST', '/api/v1/admin/user-import', { headers: auth, payload: { rows } });

  it('refuses admins and editors from an importer who may not manage the organization', async () => {
    const rows = [
      { name: 'New Admin', email: 'new-admin@school.example', role: 'admin' },
      { name: 'New Editor', email: 'new-editor@school.example', role: 'Content editor' },
      { name: 'New Student', email: 'new-student@school.example', role: 'student' },
    ];
    const plan = (await preview(who.auth, rows)).json();
    expect(plan.rows.map((r: { action: string }) => r.action)).toEqual(['invalid', 'invalid', 'create']);
    expect(plan.rows[0].errors[0]).toBe('Only those who manage the organization may import an admin.');
    const res = await run(who.auth, rows);
    expect(res.statusCode).toBe(400);
    const users = await json('GET', '/api/v1/admin/users?q=new-', {
      headers: await bearer(ctx.app, accounts.admin),
    });
    expect(users.json().items).toEqual([]);
  });

  it('refuses an unknown business unit from an importer who may not create one', async () => {
    const rows = [
      {
        name: 'New Unitless',
        email: 'new-unitless@school.example',
        role: 'student',
        businessUnit: 'Nowhere U',
      },
    ];
    const plan = (await preview(who.auth, rows)).json();
    expect(plan.rows[0].action).toBe('invalid');
    expect(plan.rows[0].errors).toEqual([
      'The business unit "Nowhere U" does not exist: correct its name, or ask someone who manages the organization to create it.',
    ]);
    expect((await run(who.auth, rows)).statusCode).toBe(400);
    const units = await json('GET', '/api/v1/organizations', {
      headers: await bearer(ctx.app, accounts.admin),
    });
    expect(units.json().items.map((u: { name: string }) => u.name)).not.toContain('Nowhere U');
  });

  it('never changes the roles of an existing account for such an importer', async () => {
    const res = await run(who.auth, [{ name: 'S', email: 'student@test.example.edu', role: 'faculty' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details.rows[0].errors[0]).toContain('only those who manage the organization');
    const student = await json('GET', `/api/v1/admin/users/${accounts.student}`, {
      headers: await bearer(ctx.app, accounts.admin),
    });
    expect(student.json().roles).toEqual(['student']);
  });

  it('refuses importing one’s own address with a higher role, even for an admin', async () => {
    const own = await run(who.auth, [
      { name: 'Me', email: 'importer@test.example.edu', role: 'contenteditor' },
    ]);
    expect(own.statusCode).toBe(400);
    expect(own.json().details.rows[0].errors).toContain('You cannot change your own roles by import.');
    const adminAuth = await bearer(ctx.app, accounts.admin);
    const adminOwn = await run(adminAuth, [{ name: 'Me', email: 'admin@test.example.edu', role: 'faculty' }]);
    expect(adminOwn.statusCode).toBe(400);
    expect(adminOwn.json().details.rows[0].errors).toEqual(['You cannot change your own roles by import.']);
  });

  it('lets an organization manager import editors and add roles', async () => {
    const adminAuth = await bearer(ctx.app, accounts.admin);
    const res = await run(adminAuth, [
      { name: 'Ed', email: 'ed@school.example', role: 'contenteditor' },
      { name: 'S', email: 'student@test.example.edu', role: 'faculty' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().counts).toMatchObject({ create: 1, addRole: 1 });
  });
});

describe('course invitations', () => {
  const invite = async (courseId: string, emails: string[], as: string = accounts.faculty) =>
    json('POST', `/api/v1/courses/${courseId}/invitations`, {
      headers: await bearer(ctx.app, as),
      payload: { emails },
    });

  it('answer the same whether the address has an account', async () => {
    const res = await invite(tree.course, ['contenteditor@test.example.edu', 'no-account@school.example']);
    expect(res.statusCode).toBe(200);
    const [known, unknown] = res.json().items as Record<string, unknown>[];
    const shape = (item: Record<string, unknown>) => ({ ...item, id: 'id', email: 'email', createdAt: 'at' });
    expect(shape(known!)).toEqual(shape(unknown!));
    expect(known!.acceptedAt).toBeNull();
  });

  it('check the course’s status: hidden courses are not found, editors are told to publish', async () => {
    await ctx.database.db.update(content).set({ status: 'unpublished' }).where(eq(content.id, tree.course));
    try {
      expect((await invite(tree.course, ['a@school.example'])).statusCode).toBe(404);
      expect((await invite(tree.course, ['a@school.example'], accounts.contenteditor)).statusCode).toBe(409);
      await ctx.database.db.update(content).set({ status: 'archived' }).where(eq(content.id, tree.course));
      expect((await invite(tree.course, ['a@school.example'])).statusCode).toBe(404);
    } finally {
      await ctx.database.db.update(content).set({ status: 'published' }).where(eq(content.id, tree.course));
    }
  });

  it('are limited per inviter, counting addresses', async () => {
    const batch = (n: number) =>
      Array.from({ length: INVITATION_EMAILS_MAX }, (_, i) => `batch-${n}-${i}@school.example`);
    const statuses: number[] = [];
    for (let n = 0; n * INVITATION_EMAILS_MAX <= INVITATION_RATE_MAX; n++)
      statuses.push((await invite(tree.course, batch(n), accounts.admin)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
  });
});
