/**
 * The support dialog's requests against a real database and a real SMTP peer (`smtp-server`), through
 * the app (issue 12 "What must show"): a course request reaches the faculty who invited the caller to
 * the course and the support address (issue 20), an organization request the organization's admins,
 * and with no one to receive it the support address;
 * each with the right subject, recipients and plain-text body; bad inputs are named; the e-mail is asked
 * only of an identity without one.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Role } from '@portal/shared/enums';
import { rows } from '../../db/rows.js';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../testing/smtp-peer.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { BACKGROUND_WAIT } from '../../testing/wait.js';
import { bearer } from '../../testing/fixtures.js';

let peer: SmtpPeer;
const SUPPORT = 'support@range.example.edu';

beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => peer?.close());
const { ctx, accounts, tree } = useTestApp({
  tree: true,
  env: () => ({ SMTP_URL: peer.url, SUPPORT_EMAIL: SUPPORT, JOB_POLL_INTERVAL_MS: '20' }),
  setupTimeoutMs: 300_000,
});

const as = (role: Role) => bearer(ctx.app, accounts[role]);
const call = async (method: 'GET' | 'POST' | 'PUT', url: string, role: Role, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, payload, headers: await as(role) });

/** The body of a received message (after the headers), quoted-printable soft breaks joined. */
const bodyOf = (mail: ReceivedMail) =>
  mail.raw
    .slice(mail.raw.indexOf('\r\n\r\n') + 4)
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const withSubject = (subject: string, count: number) =>
  vi.waitUntil(() => {
    const found = peer.received.filter((m) => m.raw.includes(`Subject: ${subject}`));
    return found.length >= count ? found : undefined;
  }, BACKGROUND_WAIT);

describe('support requests', () => {
  it('a course request goes to the faculty who invited the caller and to the support address', async () => {
    // Faculty teach the course by inviting the student; the student is then on it too, and an admin
    // lets the student ask for course support.
    const invited = await call('POST', `/courses/${tree.course}/invitations`, 'faculty', {
      emails: ['student@test.example.edu'],
    });
    expect(invited.statusCode, invited.body).toBeLessThan(300);
    await ctx.database.db.execute(
      sql`INSERT INTO account_claim (account_id, type, value, scopes)
          VALUES (${accounts.student}, 'api', 'courses:list', ARRAY[${tree.course}]::text[]),
                 (${accounts.student}, 'api', 'course-support:post', ARRAY[]::text[])`,
    );
    const studentCourses = await call('GET', '/support/courses', 'student');
    expect(studentCourses.json().items).toEqual([{ id: tree.course, name: 'Network Security Course' }]);

    const options = await call('GET', '/support/options', 'faculty');
    expect(options.statusCode).toBe(200);
    expect(options.json().topics.map((t: { id: string }) => t.id)).toEqual(['course', 'portal']);
    expect(options.json().isEmailRequired).toBe(false);
    const courses = await call('GET', '/support/courses', 'faculty');
    expect(courses.json()).toEqual({
      items: [{ id: tree.course, name: 'Network Security Course' }],
      nextPageToken: null,
    });

    const res = await call('POST', '/support', 'student', {
      topicId: 'course',
      targetId: tree.course,
      subject: 'Lab 2 will not start',
      message: 'The range says <b>busy</b> & nothing happens.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      recipients: [
        { name: 'Test faculty', role: 'instructor' },
        { name: SUPPORT, role: '' },
      ],
      isSentToSupport: false,
    });
    const mails = await withSubject('Support request: Lab 2 will not start', 2);
    expect(mails.map((m) => m.to).sort()).toEqual([['faculty@test.example.edu'], [SUPPORT]]);
    const [mail] = mails;
    expect(mail!.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail!.raw).not.toMatch(/text\/html/);
    const body = bodyOf(mail!);
    expect(body).toContain('Course: Network Security Course');
    expect(body).toContain('From: Test <test@example.edu>');
    expect(body).toContain('The range says <b>busy</b> & nothing happens.');
    const [stored] = await rows<{ topic_id: string; target_id: string }>(
      ctx.database.db,
      sql`SELECT topic_id, target_id FROM support_request`,
    );
    expect(stored).toEqual({ topic_id: 'course', target_id: tree.course });

    // The faculty member teaches the course and was invited to it by no one: the support address.
    const own = await call('POST', '/support', 'faculty', {
      topicId: 'course',
      targetId: tree.course,
      subject: 'More seats for my class',
      message: 'We need ten more.',
    });
    expect(own.json()).toEqual({ recipients: [{ name: SUPPORT, role: '' }], isSentToSupport: true });
    const [toSupport] = await withSubject('Support request: More seats for my class', 1);
    expect(toSupport!.to).toEqual([SUPPORT]);
  });

  it("an organization request goes to the organization's admins, else to the support address", async () => {
    const unit = await call('POST', '/organizations', 'admin', { name: 'Valley College', category: 'other' });
    const organizationId = unit.json().id as string;
    const send = () =>
      call('POST', '/support', 'admin', {
        topicId: 'organization',
        targetId: organizationId,
        subject: 'Seats for our college',
        message: 'We need twenty more seats.',
      });
    // The admin is not in it yet: not theirs.
    expect((await send()).statusCode).toBe(404);
    const joined = await call('PUT', `/admin/users/${accounts.admin}/organization`, 'admin', {
      organizationId,
    });
    expect(joined.statusCode).toBe(200);
    const options = await call('GET', '/support/options', 'admin');
    expect(options.json().organizations).toEqual([{ id: organizationId, name: 'Valley College' }]);
    const res = await send();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      recipients: [{ name: 'Test admin', role: 'organizationadmin' }],
      isSentToSupport: false,
    });
    const [mail] = await withSubject('Support request: Seats for our college', 1);
    expect(mail!.to).toEqual(['admin@test.example.edu']);
    expect(bodyOf(mail!)).toContain('Organization: Valley College');

    const portal = await call('POST', '/support', 'student', {
      topicId: 'portal',
      subject: 'Password question',
      message: 'How do I change it?',
    });
    expect(portal.json()).toEqual({ recipients: [{ name: SUPPORT, role: '' }], isSentToSupport: true });
    const [toSupport] = await withSubject('Support request: Password question', 1);
    expect(toSupport!.to).toEqual([SUPPORT]);
  });

  it('names bad inputs and refuses topics, courses and organizations that are not the caller’s', async () => {
    const bad = await call('POST', '/support', 'faculty', {
      topicId: 'course',
      subject: 's'.repeat(201),
      message: '',
      email: 'not-an-address',
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().details.issues as { field: string }[]).map((i) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining(['body.targetId', 'body.subject', 'body.message', 'body.email']),
    );
    const unknownTopic = await call('POST', '/support', 'faculty', {
      topicId: 'billing',
      subject: 'x',
      message: 'y',
    });
    expect(unknownTopic.statusCode).toBe(400);
    const long = await call('POST', '/support', 'faculty', {
      topicId: 'portal',
      subject: 'x',
      message: 'm'.repeat(10_001),
    });
    expect(long.statusCode).toBe(400);
    // Editors are on no course; students may not ask about an organization.
    const notMine = await call('POST', '/support', 'contenteditor', {
      topicId: 'course',
      targetId: tree.course,
      subject: 'x',
      message: 'y',
    });
    expect(notMine.statusCode).toBe(404);
    const forbidden = await call('POST', '/support', 'student', {
      topicId: 'organization',
      targetId: tree.course,
      subject: 'x',
      message: 'y',
    });
    expect(forbidden.statusCode).toBe(403);
    const signedOut = await ctx.app.inject({ method: 'POST', url: '/api/v1/support', payload: {} });
    expect(signedOut.statusCode).toBe(401);
  });

  it('asks for an e-mail only when the identity has none, and sends it from that address', async () => {
    const { token } = await ctx.app.tokens.sign({
      subject: accounts.contenteditor,
      displayName: 'No Mail',
      email: '',
      picture: null,
    });
    const headers = { authorization: `Bearer ${token}` };
    const options = await ctx.app.inject({ method: 'GET', url: '/api/v1/support/options', headers });
    expect(options.json().isEmailRequired).toBe(true);
    const request = { topicId: 'portal', subject: 'Where is my mail', message: 'I have no e-mail here.' };
    const without = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/support',
      headers,
      payload: request,
    });
    expect(without.statusCode).toBe(400);
    expect(without.json().details.issues[0].field).toBe('body.email');
    const withEmail = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/support',
      headers,
      payload: { ...request, email: 'nomail@example.org' },
    });
    expect(withEmail.statusCode, withEmail.body).toBe(200);
    const [mail] = await withSubject('Support request: Where is my mail', 1);
    expect(bodyOf(mail!)).toContain('From: No Mail <nomail@example.org>');
  });
});
