/**
 * The identity admin against a real database: users and claims, user import (preview, all or nothing,
 * idempotent, invitations through the outbox), impersonation (with its log) and course invitations.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { courseInvitation } from '../../db/schema/identity.js';
import { outbox } from '../../db/schema/mail.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { postForm } from '../../testing/forms.js';
import { buildLoggedApp } from '../../testing/log-capture.js';
import { TEST_PKCE, bearer } from '../../testing/fixtures.js';
import { issueSsoCode } from './identity-codes.service.js';

const { ctx, accounts, tree } = useTestApp({ tree: true, env: { PUBLIC_BASE_URL: 'http://portal.test' } });
let admin: { authorization: string };

beforeAll(async () => {
  admin = await bearer(ctx.app, accounts.admin);
});

const api = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: { authorization: string } | undefined,
  payload?: unknown,
) => ctx.app.inject({ method, url, headers, payload: payload as object | undefined });

const mailsTo = (to: string) => ctx.database.db.select().from(outbox).where(eq(outbox.to, to));

describe('users and claims admin', () => {
  it('is for organization managers only', async () => {
    expect((await api('GET', '/api/v1/admin/users', undefined)).statusCode).toBe(401);
    expect(
      (await api('GET', '/api/v1/admin/users', await bearer(ctx.app, accounts.contenteditor))).statusCode,
    ).toBe(403);
  });

  it('lists users with their roles, searching name or e-mail', async () => {
    const res = await api('GET', '/api/v1/admin/users?q=FACULTY', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({
        email: 'faculty@test.example.edu',
        roles: ['faculty'],
        isEmailVerified: true,
      }),
    ]);
    const all = await api('GET', '/api/v1/admin/users', admin);
    expect(all.json().items.map((u: { email: string }) => u.email)).toEqual([
      'admin@test.example.edu',
      'contenteditor@test.example.edu',
      'faculty@test.example.edu',
      'student@test.example.edu',
    ]);
    expect((await api('GET', '/api/v1/admin/users?pageToken=bogus', admin)).statusCode).toBe(400);
  });

  it('grants and removes roles and single claims, showing the permission flags', async () => {
    const url = `/api/v1/admin/users/${accounts.student}`;
    const before = (await api('GET', url, admin)).json();
    expect(before.roles).toEqual(['student']);
    expect(before.permissions.CanViewFiles).toBe(false);

    const granted = await api('PUT', `${url}/roles/faculty`, admin);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().roles).toEqual(['student', 'faculty']);
    expect(granted.json().permissions.CanViewFiles).toBe(true);
    // Twice is once.
    expect((await api('PUT', `${url}/roles/faculty`, admin)).json().claims).toEqual(granted.json().claims);

    const removed = await api('DELETE', `${url}/roles/faculty`, admin);
    expect(removed.json().permissions.CanViewFiles).toBe(false);

    const claim = await api('POST', `${url}/claims`, admin, { type: 'view-archived-content', value: 'true' });
    expect(claim.statusCode).toBe(200);
    const row = claim.json().claims.find((c: { type: string }) => c.type === 'view-archived-content');
    expect(row).toMatchObject({ value: 'true', grantedBy: null });
    expect(claim.json().permissions.CanViewArchivedContent).toBe(true);
    const gone = await api('DELETE', `${url}/claims/${row.id}`, admin);
    expect(gone.json().permissions.CanViewArchivedContent).toBe(false);

    expect((await api('POST', `${url}/claims`, admin, { type: 'role', value: 'admin' })).statusCode).toBe(
      400,
    );
    expect((await api('PUT', `${url}/roles/superuser`, admin)).statusCode).toBe(400);
    expect(
      (await api('PUT', `/api/v1/admin/users/${crypto.randomUUID()}/roles/faculty`, admin)).statusCode,
    ).toBe(404);
  });

  it('marks the claims that come with a role, which go only with it', async () => {
    const user = (await api('GET', `/api/v1/admin/users/${accounts.faculty}`, admin)).json();
    const product = user.claims.find((c: { type: string }) => c.type === 'product');
    expect(product.grantedBy).toBe('faculty');
    const res = await api('DELETE', `/api/v1/admin/users/${accounts.faculty}/claims/${product.id}`, admin);
    expect(res.statusCode).toBe(409);
  });

  it('does not let an admin remove their own admin role', async () => {
    const res = await api('DELETE', `/api/v1/admin/users/${accounts.admin}/roles/admin`, admin);
    expect(res.statusCode).toBe(409);
  });
});

describe('user import', () => {
  const rows = [
    { name: 'Ivy Import', email: 'ivy@school.example', role: 'Faculty' },
    { name: 'Sam Import', email: 'SAM@school.example', role: 'student' },
    { name: 'Faculty Test', email: 'faculty@test.example.edu', role: 'faculty' },
    { name: 'Stu Test', email: 'contenteditor@test.example.edu', role: 'Student' },
  ];

  it('previews every row with what would happen, writing nothing', async () => {
    const bad = [
      ...rows,
      { name: '', email: 'not-an-email', role: 'wizard' },
      { name: 'Dup', email: 'ivy@school.example', role: 'student' },
    ];
    const res = await api('POST', '/api/v1/admin/user-import/preview', admin, { rows: bad });
    expect(res.statusCode).toBe(200);
    const plan = res.json();
    expect(plan.isValid).toBe(false);
    expect(plan.rows.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [3, 'create'],
      [4, 'unchanged'],
      [5, 'addRole'],
      [6, 'invalid'],
      [7, 'invalid'],
    ]);
    expect(plan.rows[4].errors).toEqual([
      'The name is missing.',
      'The e-mail address is not valid.',
      'The role must be one of: student, faculty, contenteditor, admin.',
    ]);
    expect(plan.rows[5].errors).toEqual(['This e-mail address is already in line 2.']);

    const imported = await api('POST', '/api/v1/admin/user-import', admin, { rows: bad });
    expect(imported.statusCode).toBe(400);
    expect(imported.json().message).toContain('nothing was imported');
    expect(imported.json().details.rows).toHaveLength(2);
    const users = await api('GET', '/api/v1/admin/users?q=school.example', admin);
    expect(users.json().items).toEqual([]);
    expect(await mailsTo('ivy@school.example')).toEqual([]);
  });

  it('imports all rows, invites the new users, and changes nothing the second time', async () => {
    const first = await api('POST', '/api/v1/admin/user-import', admin, { rows });
    expect(first.statusCode).toBe(200);
    expect(first.json().counts).toEqual({ create: 2, addRole: 1, unchanged: 1, invalid: 0 });

    const [ivy] = (await api('GET', '/api/v1/admin/users?q=ivy@', admin)).json().items;
    expect(ivy).toMatchObject({ displayName: 'Ivy Import', roles: ['faculty'], hasPassword: false });
    const editor = (await api('GET', `/api/v1/admin/users/${accounts.contenteditor}`, admin)).json();
    expect(editor.roles).toEqual(['student', 'contenteditor']);

    const [invite] = await mailsTo('ivy@school.example');
    expect(invite!.subject).toBe('You are invited to Cyber Range Portal');
    expect(invite!.text).toContain('as faculty');
    const link = /http:\/\/portal\.test(\/auth\/reset-password\?token=[\w-]+)/.exec(invite!.text)![1]!;
    const page = await ctx.app.inject({ method: 'GET', url: link });
    expect(page.body).toContain('Choose your password');

    const second = await api('POST', '/api/v1/admin/user-import', admin, { rows });
    expect(second.json().counts).toEqual({ create: 0, addRole: 0, unchanged: 4, invalid: 0 });
    expect(await mailsTo('ivy@school.example')).toHaveLength(1);
    expect(await mailsTo('sam@school.example')).toHaveLength(1);
  });

  it('reads the business unit column: a known unit in any case, a new one created for a manager', async () => {
    const unit = await api('POST', '/api/v1/organizations', admin, { name: 'Lincoln High', category: 'k12' });
    expect(unit.statusCode).toBe(201);
    const unitRows = [
      { name: 'Kim Unit', email: 'kim@lincoln.example', role: 'student', businessUnit: 'LINCOLN high' },
      { name: 'Lee Unit', email: 'lee@river.example', role: 'faculty', businessUnit: 'River College' },
      { name: 'Max Unit', email: 'max@river.example', role: 'student', businessUnit: 'river college' },
      { name: 'Noa Unit', email: 'noa@none.example', role: 'student', businessUnit: '' },
      // An existing account keeps its own unit (none here).
      { name: 'Stu', email: 'student@test.example.edu', role: 'student', businessUnit: 'Lincoln High' },
    ];
    const plan = (await api('POST', '/api/v1/admin/user-import/preview', admin, { rows: unitRows })).json();
    expect(
      plan.rows.map((r: { businessUnit: string; isNewBusinessUnit: boolean; action: string }) => [
        r.businessUnit,
        r.isNewBusinessUnit,
        r.action,
      ]),
    ).toEqual([
      ['Lincoln High', false, 'create'],
      ['River College', true, 'create'],
      ['river college', true, 'create'],
      ['', false, 'create'],
      ['Lincoln High', false, 'invalid'],
    ]);
    expect(plan.rows[4].errors).toEqual([
      'This address has an account without a business unit: set it on the user screen.',
    ]);

    const res = await api('POST', '/api/v1/admin/user-import', admin, { rows: unitRows.slice(0, 4) });
    expect(res.statusCode, res.body).toBe(200);
    const unitOf = async (email: string) => {
      const [user] = (await api('GET', `/api/v1/admin/users?q=${email}`, admin)).json().items;
      return (await api('GET', `/api/v1/admin/users/${user.id}/organization`, admin)).json().organization;
    };
    expect(await unitOf('kim@lincoln.example')).toMatchObject({ id: unit.json().id, name: 'Lincoln High' });
    const river = await unitOf('lee@river.example');
    expect(river).toMatchObject({ name: 'River College', category: 'other', region: '' });
    expect((await unitOf('max@river.example')).id).toBe(river.id);
    expect(await unitOf('noa@none.example')).toBeNull();
  });

  it('needs the import permission and at least one row', async () => {
    const faculty = await bearer(ctx.app, accounts.faculty);
    expect((await api('POST', '/api/v1/admin/user-import', faculty, { rows })).statusCode).toBe(403);
    const empty = await api('POST', '/api/v1/admin/user-import', admin, { rows: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('impersonation', () => {
  it('acts as another user, says who acts, logs each request with both, and refreshes as such', async () => {
    const { app: logged, lines } = await buildLoggedApp(ctx);
    try {
      const started = await logged.inject({
        method: 'POST',
        url: '/api/v1/auth/impersonate',
        headers: admin,
        payload: { accountId: accounts.faculty },
      });
      expect(started.statusCode).toBe(200);
      const auth = { authorization: `Bearer ${started.json().accessToken}` };
      const session = await logged.inject({ method: 'GET', url: '/api/v1/auth/session', headers: auth });
      expect(session.json().identity.email).toBe('faculty@test.example.edu');
      expect(session.json().impersonator).toEqual({
        subject: accounts.admin,
        displayName: 'Test',
        email: 'test@example.edu',
      });
      expect(session.json().permissions.CanManageOrganization).toBe(false);

      const entry = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'impersonated request');
      expect(entry.impersonation).toEqual({
        admin: { id: accounts.admin, email: 'test@example.edu' },
        user: { id: accounts.faculty, email: 'faculty@test.example.edu' },
      });
      expect(entry.url).toBe('/api/v1/auth/session');

      const refreshed = await logged.inject({ method: 'POST', url: '/api/v1/auth/refresh', headers: auth });
      const again = await logged.inject({
        method: 'GET',
        url: '/api/v1/auth/session',
        headers: { authorization: `Bearer ${refreshed.json().accessToken}` },
      });
      expect(again.json().impersonator.subject).toBe(accounts.admin);

      const sso = await logged.inject({ method: 'POST', url: '/api/v1/auth/sso', headers: auth });
      expect(sso.statusCode).toBe(409);
      const nested = await logged.inject({
        method: 'POST',
        url: '/api/v1/auth/impersonate',
        headers: auth,
        payload: { accountId: accounts.student },
      });
      expect(nested.statusCode).toBe(403);
    } finally {
      await logged.close();
    }
  });

  it('is refused without the permission, as oneself and as another admin', async () => {
    const faculty = await bearer(ctx.app, accounts.faculty);
    const as = (headers: { authorization: string }, accountId: string) =>
      api('POST', '/api/v1/auth/impersonate', headers, { accountId });
    expect((await as(faculty, accounts.student)).statusCode).toBe(403);
    expect((await as(admin, accounts.admin)).statusCode).toBe(409);
    const second = (await api('GET', '/api/v1/admin/users?q=contenteditor', admin)).json().items[0].id;
    await api('PUT', `/api/v1/admin/users/${second}/roles/admin`, admin);
    expect((await as(admin, second)).statusCode).toBe(409);
    await api('DELETE', `/api/v1/admin/users/${second}/roles/admin`, admin);
    expect((await as(admin, crypto.randomUUID())).statusCode).toBe(404);
  });

  it('ends when the admin loses the right to act as others', async () => {
    const other = await createAccounts2();
    const otherAdmin = await bearer(ctx.app, other);
    const started = await api('POST', '/api/v1/auth/impersonate', otherAdmin, {
      accountId: accounts.student,
    });
    const auth = { authorization: `Bearer ${started.json().accessToken}` };
    expect((await api('GET', '/api/v1/auth/session', auth)).statusCode).toBe(200);
    await api('DELETE', `/api/v1/admin/users/${other}/roles/admin`, admin);
    expect((await api('GET', '/api/v1/auth/session', auth)).statusCode).toBe(401);
  });
});

/** A second admin, made through the import and the admin endpoints. */
async function createAccounts2(): Promise<string> {
  await api('POST', '/api/v1/admin/user-import', admin, {
    rows: [{ name: 'Second Admin', email: 'second.admin@test.example.edu', role: 'admin' }],
  });
  return (await api('GET', '/api/v1/admin/users?q=second.admin', admin)).json().items[0].id;
}

describe('course invitations', () => {
  it('gives an existing student the course at their next sign-in, with a message and an e-mail', async () => {
    const faculty = await bearer(ctx.app, accounts.faculty);
    const res = await api('POST', `/api/v1/courses/${tree.course}/invitations`, faculty, {
      emails: ['Student@Test.Example.edu'],
    });
    expect(res.statusCode).toBe(200);
    // The answer does not tell that the address has an account.
    expect(res.json().items[0]).toMatchObject({ email: 'student@test.example.edu', acceptedAt: null });

    const code = await issueSsoCode(ctx.database.db, {
      accountId: accounts.student,
      audience: 'portal',
      codeChallenge: TEST_PKCE.challenge,
    });
    const signedIn = await api('POST', '/api/v1/auth/token', undefined, {
      code,
      code_verifier: TEST_PKCE.verifier,
    });
    expect(signedIn.statusCode).toBe(200);
    const student = { authorization: `Bearer ${signedIn.json().accessToken}` };
    const session = (await api('GET', '/api/v1/auth/session', student)).json();
    expect(session.claims).toContainEqual({ type: 'api', value: 'courses:list', scopes: [tree.course] });
    expect(session.permissions.CanViewExerciseArea).toBe(true);
    expect(session.permissions.CanInviteStudents).toBe(false);
    const messages = (await api('GET', '/api/v1/auth/messages', student)).json().items;
    expect(messages[0]).toMatchObject({
      message: 'You were invited to the course Network Security Course.',
      link: '/courseware/network-security-course',
    });
    expect((await api('POST', '/api/v1/auth/sso', student)).statusCode).toBe(200);
    const mails = await mailsTo('student@test.example.edu');
    expect(mails.map((m) => m.subject)).toContain(
      'Test faculty invited you to the course Network Security Course',
    );

    // Again: nothing new.
    await api('POST', `/api/v1/courses/${tree.course}/invitations`, faculty, {
      emails: ['student@test.example.edu'],
    });
    expect(await mailsTo('student@test.example.edu')).toHaveLength(mails.length);
  });

  it('invites a new address to sign up, and gives the course when it is confirmed', async () => {
    const faculty = await bearer(ctx.app, accounts.faculty);
    await api('POST', `/api/v1/courses/${tree.course}/invitations`, faculty, {
      emails: ['newbie@school.example'],
    });
    const [mail] = await mailsTo('newbie@school.example');
    expect(mail!.text).toContain('/auth/signup?email=newbie%40school.example');

    const signUp = await postForm(ctx.app, '/auth/signup', {
      displayName: 'Newbie',
      email: 'newbie@school.example',
      password: 'a long password',
      confirmPassword: 'a long password',
    });
    expect(signUp.statusCode).toBe(200);
    const verify = (await mailsTo('newbie@school.example')).find((m) => m.subject.startsWith('Confirm'))!;
    const token = /token=([\w-]+)/.exec(verify.text)![1]!;
    await postForm(ctx.app, '/auth/verify-email', { token });
    const [row] = await ctx.database.db
      .select()
      .from(courseInvitation)
      .where(eq(courseInvitation.email, 'newbie@school.example'));
    expect(row!.acceptedAt).not.toBeNull();
    const id = (await api('GET', '/api/v1/admin/users?q=newbie', admin)).json().items[0].id;
    const user = (await api('GET', `/api/v1/admin/users/${id}`, admin)).json();
    expect(user.permissions.CanViewExerciseArea).toBe(true);
  });

  it('lists a faculty member their own invitations, and refuses students and unknown courses', async () => {
    const faculty = await bearer(ctx.app, accounts.faculty);
    const list = await api('GET', `/api/v1/courses/${tree.course}/invitations`, faculty);
    expect(
      list
        .json()
        .items.map((i: { email: string }) => i.email)
        .sort(),
    ).toEqual(['newbie@school.example', 'student@test.example.edu']);
    const editor = await bearer(ctx.app, accounts.contenteditor);
    expect((await api('GET', `/api/v1/courses/${tree.course}/invitations`, editor)).json().items).toEqual([]);
    const student = await bearer(ctx.app, accounts.student);
    expect(
      (await api('POST', `/api/v1/courses/${tree.course}/invitations`, student, { emails: ['a@b.co'] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api('POST', `/api/v1/courses/${tree.lab}/invitations`, faculty, { emails: ['a@b.co'] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api('POST', `/api/v1/courses/${tree.course}/invitations`, faculty, { emails: ['nope'] }))
        .statusCode,
    ).toBe(400);
  });
});
