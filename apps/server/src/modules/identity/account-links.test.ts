/**
 * Sign-up, e-mail confirmation and password reset against a real database: the e-mails are read from
 * the outbox as the delivery worker would send them.
 */
import { describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { MESSAGES } from '@portal/shared/errors';
import { account } from '../../db/schema/identity.js';
import { outbox } from '../../db/schema/mail.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { postForm } from '../../testing/forms.js';
import { PASSWORD, TEST_PKCE } from '../../testing/fixtures.js';

const { ctx } = useTestApp({ env: { PUBLIC_BASE_URL: 'http://portal.test' } });

let ipCounter = 0;
const post = (url: string, form: Record<string, string>, ip = `10.9.0.${++ipCounter}`) =>
  postForm(ctx.app, url, form, { remoteAddress: ip });

async function mailsTo(to: string) {
  return ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));
}

/** The first link of the portal in a mail's text, as a path with query. */
function linkIn(text: string): string {
  const match = /http:\/\/portal\.test(\/auth\/[^\s]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

const tokenOf = (path: string) => new URL(path, 'http://x').searchParams.get('token')!;

describe('sign-up', () => {
  it('shows the form, with the state variant name for its code', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/auth/signup?code=state&redirect=%2Fcourseware',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('State Cyber Range');
    expect(res.body).toContain('<label for="email">Email</label>');
    expect(res.body).toContain('name="code" value="state"');
    const plain = await ctx.app.inject({ method: 'GET', url: '/auth/signup?code=bogus' });
    expect(plain.body).toContain('Cyber Range Portal');
    expect(plain.body).not.toContain('name="code"');
  });

  it('says what is wrong with each field', async () => {
    const res = await post('/auth/signup', {
      displayName: '',
      email: 'not-an-address',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Enter your name.');
    expect(res.body).toContain('Enter a valid e-mail address.');
    expect(res.body).toContain('Use at least 8 characters.');
    expect(res.body).toContain('role="alert"');
  });

  it('creates an unconfirmed student, mails a link, and signs in only after the link', async () => {
    const res = await post('/auth/signup', {
      displayName: 'Nia New',
      email: 'Nia.New@Example.org',
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      redirect: '/courseware/abc',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Check your e-mail');

    const [created] = await ctx.database.db
      .select()
      .from(account)
      .where(eq(account.email, 'nia.new@example.org'));
    expect(created!.emailVerifiedAt).toBeNull();

    const early = await post('/auth/login', {
      ...TEST_PKCE.form,
      email: 'nia.new@example.org',
      password: 'correct horse battery',
    });
    expect(early.statusCode).toBe(403);
    expect(early.body).toContain('Please confirm your e-mail address first');

    const [mail] = await mailsTo('nia.new@example.org');
    expect(mail!.subject).toBe('Confirm your e-mail address for Cyber Range Portal');
    const link = linkIn(mail!.text);
    expect(link).toContain('redirect=%2Fcourseware%2Fabc');

    const page = await ctx.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirm my e-mail address');
    const confirmed = await post('/auth/verify-email', { token: tokenOf(link), redirect: '/courseware/abc' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Your e-mail address is confirmed');

    const again = await post('/auth/verify-email', { token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This link has expired or was already used.');

    const signedIn = await post('/auth/login', {
      ...TEST_PKCE.form,
      email: 'nia.new@example.org',
      password: 'correct horse battery',
      redirect: '/courseware/abc',
    });
    expect(signedIn.statusCode).toBe(303);
    const code = new URL(signedIn.headers.location as string, 'http://x').searchParams.get('s')!;
    const token = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { code, code_verifier: TEST_PKCE.verifier },
    });
    const session = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { authorization: `Bearer ${token.json().accessToken}` },
    });
    expect(session.json().claims).toEqual([{ type: 'role', value: 'student' }]);
    expect(session.json().permissions.CanViewExerciseArea).toBe(false);
  });

  it('answers the same for an address that has an account, and mails its owner instead', async () => {
    const form = { displayName: 'X', password: 'another long one', confirmPassword: 'another long one' };
    const fresh = await post('/auth/signup', { ...form, email: 'brand.new@example.org' });
    const taken = await post('/auth/signup', { ...form, email: 'faculty@test.example.edu' });
    expect(taken.statusCode).toBe(fresh.statusCode);
    const strip = (body: string) => body.replace(/(?<![\w.])[\w.]+@[\w.]+/g, '');
    expect(strip(taken.body)).toBe(strip(fresh.body));
    const [mail] = await mailsTo('faculty@test.example.edu');
    expect(mail!.subject).toContain('tried to sign up');
    // The existing password is untouched.
    const signIn = await post('/auth/login', {
      ...TEST_PKCE.form,
      email: 'faculty@test.example.edu',
      password: PASSWORD,
    });
    expect(signIn.statusCode).toBe(303);
  });

  it('keeps a foreign redirect out of the confirmation link', async () => {
    await post('/auth/signup', {
      displayName: 'Eve',
      email: 'eve@example.org',
      password: 'long enough pass',
      confirmPassword: 'long enough pass',
      redirect: 'https://evil.example.com/',
    });
    const [mail] = await mailsTo('eve@example.org');
    expect(mail!.text).not.toContain('evil');
  });
});

describe('password reset', () => {
  it('answers the same for an unknown address and mails a link to a known one', async () => {
    const unknown = await post('/auth/forgot-password', { email: 'nobody@example.org' });
    const known = await post('/auth/forgot-password', { email: 'student@test.example.edu' });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    const strip = (body: string) => body.replace(/(?<![\w.])[\w.]+@[\w.]+/g, '');
    expect(strip(unknown.body)).toBe(strip(known.body));
    expect(await mailsTo('nobody@example.org')).toEqual([]);

    const [mail] = await mailsTo('student@test.example.edu');
    const link = linkIn(mail!.text);
    const form = await ctx.app.inject({ method: 'GET', url: link });
    expect(form.body).toContain('Choose a new password');

    const mismatch = await post('/auth/reset-password', {
      token: tokenOf(link),
      password: 'brand new password',
      confirmPassword: 'not the same',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('The two passwords are not the same.');

    const done = await post('/auth/reset-password', {
      token: tokenOf(link),
      password: 'brand new password',
      confirmPassword: 'brand new password',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password is saved');

    const old = await post('/auth/login', {
      ...TEST_PKCE.form,
      email: 'student@test.example.edu',
      password: PASSWORD,
    });
    expect(old.statusCode).toBe(401);
    expect(old.body).toContain(MESSAGES.invalidCredentials);
    const fresh = await post('/auth/login', {
      ...TEST_PKCE.form,
      email: 'student@test.example.edu',
      password: 'brand new password',
    });
    expect(fresh.statusCode).toBe(303);

    const reused = await ctx.app.inject({ method: 'GET', url: link });
    expect(reused.statusCode).toBe(400);
  });

  it('is rate-limited per account, whoever asks', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await post('/auth/forgot-password', { email: 'admin@test.example.edu' })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    // An unknown address is limited the same way, so the limit tells nothing either.
    const unknown: number[] = [];
    for (let i = 0; i < 7; i++)
      unknown.push((await post('/auth/forgot-password', { email: 'ghost@example.org' })).statusCode);
    expect(unknown.at(-1)).toBe(429);
    // The refusal says when to try again and gives the form back with the address kept.
    const refused = await post('/auth/forgot-password', { email: 'ghost@example.org' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('value="ghost@example.org"');
  });

  it('refuses a made-up token', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/auth/reset-password?token=abcdefghijklmnopqrstuvwxyz',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('This link has expired or was already used.');
  });
});
