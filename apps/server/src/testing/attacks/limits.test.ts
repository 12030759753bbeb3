/**
 * Attacks on the portal's limits, as tests (issue 20 "Public forms and mail", "Sign-in lockout that only
 * the attacker feels", "Support recipients"): each `it` is named by what it tries, against the real app
 * on a real database, with e-mail read at a real SMTP peer or in the outbox.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  LOGIN_ACCOUNT_FAILURES_MAX,
  LOGIN_SLOWDOWN_MAX_MS,
  PUBLIC_FORM_RATE_MAX,
  SIGNUP_RATE_MAX,
  UNSAFE_SITE_REPORT_RATE_MAX,
} from '@portal/shared/limits';
import { ROLE_CLAIMS } from '@portal/shared/permissions';
import { account } from '../../db/schema/identity.js';
import { outbox } from '../../db/schema/mail.js';
import { rows } from '../../db/rows.js';
import { acceptPendingInvitations } from '../../modules/identity/course-invitations.service.js';
import { insertAccount, insertClaims } from '../../modules/identity/accounts.repository.js';
import { PASSWORD, TEST_PKCE, bearer } from '../fixtures.js';
import { postForm } from '../forms.js';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../smtp-peer.js';
import { useTestApp } from '../use-test-app.js';
import { BACKGROUND_WAIT } from '../wait.js';

let peer: SmtpPeer;
const SUPPORT = 'support@range.example.edu';

beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => peer?.close());
const { ctx, tree } = useTestApp({
  tree: true,
  env: () => ({
    SMTP_URL: peer.url,
    SUPPORT_EMAIL: SUPPORT,
    JOB_POLL_INTERVAL_MS: '20',
    PUBLIC_BASE_URL: 'http://portal.test',
  }),
  setupTimeoutMs: 300_000,
});

const api = (url: string, payload: object, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress, headers });

const signUp = (email: string, remoteAddress: string, displayName = 'Nia New') =>
  postForm(
    ctx.app,
    '/auth/signup',
    { displayName, email, password: 'correct horse battery', confirmPassword: 'correct horse battery' },
    { remoteAddress },
  );

const newsletter = (email: string, remoteAddress: string) =>
  api(
    '/newsletter/subscribers',
    {
      emailAddress: email,
      firstName: 'Grace',
      lastName: 'Hopper',
      organization: 'Navy',
      jobTitle: 'Rear Admiral',
    },
    remoteAddress,
  );

const outboxTo = (to: string) => ctx.database.db.select().from(outbox).where(eq(outbox.to, to));

const count = async (query: ReturnType<typeof sql>) =>
  (await rows<{ n: number }>(ctx.database.db, query))[0]!.n;

/** Messages the SMTP peer accepted whose raw text matches, once at least `atLeast` arrived. */
const arrived = (match: (mail: ReceivedMail) => boolean, atLeast = 1) =>
  vi.waitUntil(() => {
    const found = peer.received.filter(match);
    return found.length >= atLeast ? found : undefined;
  }, BACKGROUND_WAIT);

/** The body of a received message (after the headers), quoted-printable soft breaks joined. */
const bodyOf = (mail: ReceivedMail) =>
  mail.raw
    .slice(mail.raw.indexOf('\r\n\r\n') + 4)
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A message's header section, folded lines joined. */
const headersOf = (mail: ReceivedMail) =>
  mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');

/** A new account with a role's claims (and more), as an admin would set it up. */
async function accountWith(email: string, displayName: string, claims = ROLE_CLAIMS.faculty) {
  const row = await insertAccount(ctx.database.db, {
    email,
    displayName,
    passwordHash: null,
    verified: true,
  });
  await insertClaims(ctx.database.db, row.id, claims);
  return row.id;
}

describe('public forms and mail', () => {
  it('11 sign-ups from one IPv6 /64: the 11th is refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SIGNUP_RATE_MAX; i++)
      statuses.push(
        (await signUp(`v6-${i}@school.example`, `2001:db8:20:1::${(i + 1).toString(16)}`)).statusCode,
      );
    expect(statuses.slice(0, SIGNUP_RATE_MAX)).toEqual(Array(SIGNUP_RATE_MAX).fill(200));
    expect(statuses.at(-1)).toBe(429);
    // Another /64 is not affected.
    expect((await signUp('v6-other@school.example', '2001:db8:20:2::1')).statusCode).toBe(200);
  });

  it('11 newsletter sign-ups from one IPv6 /64: the 11th is refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PUBLIC_FORM_RATE_MAX; i++)
      statuses.push(
        (await newsletter(`reader-${i}@example.org`, `2001:db8:21:1:${(i + 1).toString(16)}::7`)).statusCode,
      );
    expect(statuses.slice(0, PUBLIC_FORM_RATE_MAX)).toEqual(Array(PUBLIC_FORM_RATE_MAX).fill(202));
    expect(statuses.at(-1)).toBe(429);
    expect((await newsletter('reader-other@example.org', '2001:db8:21:2::7')).statusCode).toBe(202);
  });

  it('12 unsafe-site reports in a row from one address: the 11th and 12th are refused and not stored', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < UNSAFE_SITE_REPORT_RATE_MAX + 2; i++)
      statuses.push(
        (await api('/site/unsafe-site-incidents', { address: `http://flood.test/${i}` }, '203.0.113.50'))
          .statusCode,
      );
    expect(statuses).toEqual([...Array(UNSAFE_SITE_REPORT_RATE_MAX).fill(204), 429, 429]);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM unsafe_site_incident WHERE address LIKE 'http://flood.test/%'`,
      ),
    ).toBe(UNSAFE_SITE_REPORT_RATE_MAX);
  });

  it('the same (address, page) unsafe-site report twice in an hour stores one', async () => {
    const page = { address: 'http://repeat.test/page' };
    const first = await api('/site/unsafe-site-incidents', page, '203.0.113.60');
    const again = await api('/site/unsafe-site-incidents', page, '203.0.113.60');
    expect([first.statusCode, again.statusCode]).toEqual([204, 204]);
    const stored = sql`SELECT count(*)::int AS n FROM unsafe_site_incident WHERE address = ${page.address}`;
    expect(await count(stored)).toBe(1);
    // The same page from another network is another report.
    expect((await api('/site/unsafe-site-incidents', page, '203.0.113.61')).statusCode).toBe(204);
    expect(await count(stored)).toBe(2);
  });

  it('11 confirmation mails requested for one address in an hour send one', async () => {
    // Sign-up: the first makes the account and its confirmation; the rest would each mail its owner.
    const victim = 'victim@school.example';
    const pages = new Set<string>();
    for (let i = 0; i < 11; i++) {
      const res = await signUp(victim, `10.30.0.${i + 1}`);
      expect(res.statusCode).toBe(200);
      pages.add(res.body);
    }
    expect(pages.size).toBe(1);
    expect(await outboxTo(victim)).toHaveLength(1);

    // Reset links: the same answer each time (until the per-account limit), one link sent.
    for (let i = 0; i < 5; i++) {
      const res = await postForm(
        ctx.app,
        '/auth/forgot-password',
        { email: victim },
        { remoteAddress: `10.31.0.${i + 1}` },
      );
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await outboxTo(victim)).filter((m) => m.subject.startsWith('Choose a new password')),
    ).toHaveLength(1);

    // Newsletter confirmation: one mail, and the link it carries still works.
    const reader = 'reader.victim@example.org';
    for (let i = 0; i < 11; i++) expect((await newsletter(reader, `10.32.0.${i + 1}`)).statusCode).toBe(202);
    const mails = await arrived((m) => m.to.includes(reader));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(peer.received.filter((m) => m.to.includes(reader))).toHaveLength(1);
    const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(bodyOf(mails[0]!))![1]!;
    const confirmed = await api('/newsletter/confirm', { token }, '10.32.1.1');
    expect(confirmed.statusCode).toBe(200);
  });

  it('a display name with CRLF + Bcc: in a sign-up does not add a header', async () => {
    const name = 'Eve\r\nBcc: attacker@evil.example\u2028To: other@evil.example';
    expect((await signUp('eve@school.example', '10.40.0.1', name)).statusCode).toBe(200);
    const [eve] = await ctx.database.db.select().from(account).where(eq(account.email, 'eve@school.example'));
    // The name reaches a subject once its owner invites someone (an admin made her faculty).
    await insertClaims(ctx.database.db, eve!.id, ROLE_CLAIMS.faculty);
    const invited = await api(
      `/courses/${tree.course}/invitations`,
      { emails: ['invited@school.example'] },
      '10.40.0.1',
      await bearer(ctx.app, eve!.id),
    );
    expect(invited.statusCode, invited.body).toBeLessThan(300);

    const [mail] = await arrived((m) => m.to.includes('invited@school.example'));
    const subject = 'Eve Bcc: attacker@evil.example To: other@evil.example invited you to the course';
    expect(headersOf(mail!)).toContain(`Subject: ${subject} Network Security Course`);
    expect(headersOf(mail!)).not.toMatch(/^(bcc|to):.*evil\.example/im);
    expect(mail!.to).toEqual(['invited@school.example']);
    const [stored] = await outboxTo('invited@school.example');
    expect(stored!.subject).not.toMatch(/[\r\n\u2028]/);
    expect(stored!.text).toContain(`${subject} "Network Security Course"`);
    await arrived((m) => m.to.includes('eve@school.example'));
    expect(peer.received.filter((m) => m.to.some((t) => t.endsWith('@evil.example')))).toEqual([]);
  });
});

describe('sign-in lockout that only the attacker feels', () => {
  it('50 wrong guesses from one /64, then the owner signs in from elsewhere at once', async () => {
    const statuses: number[] = [];
    const waits: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await postForm(
        ctx.app,
        '/auth/login',
        { email: 'faculty@test.example.edu', password: `guess-${i}` },
        { remoteAddress: `2001:db8:50:1::${(i + 1).toString(16)}` },
      );
      statuses.push(res.statusCode);
      if (res.statusCode === 429) waits.push(Number(res.headers['retry-after']));
    }
    expect(statuses.slice(0, LOGIN_ACCOUNT_FAILURES_MAX)).toEqual(
      Array(LOGIN_ACCOUNT_FAILURES_MAX).fill(401),
    );
    expect(statuses.slice(LOGIN_ACCOUNT_FAILURES_MAX).every((s) => s === 429)).toBe(true);
    // The guesser's wait grows with each try, up to the cap.
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1]!);
    expect(waits.at(-1)).toBeGreaterThan(waits[0]!);
    expect(waits.at(-1)).toBe(LOGIN_SLOWDOWN_MAX_MS / 1000);

    const owner = await postForm(
      ctx.app,
      '/auth/login',
      { email: 'faculty@test.example.edu', password: PASSWORD, redirect: '/courseware', ...TEST_PKCE.form },
      { remoteAddress: '2001:db8:50:2::1' },
    );
    expect(owner.statusCode).toBe(303);
    expect(owner.headers.location).toMatch(/^\/courseware\?s=/);
  });
});

describe('support recipients', () => {
  it("a faculty member who invited someone else to the course does not receive this student's support request", async () => {
    const facultyA = await accountWith('fay.a@school.example', 'Fay A');
    const facultyB = await accountWith('finn.b@school.example', 'Finn B');
    // Students an admin let ask for course support.
    const supportClaim = [...ROLE_CLAIMS.student, { type: 'api', value: 'course-support:post' }];
    const studentS = await accountWith('sam.s@school.example', 'Sam S', supportClaim);
    const studentT = await accountWith('tia.t@school.example', 'Tia T', supportClaim);
    const invite = async (by: string, email: string) => {
      const res = await api(
        `/courses/${tree.course}/invitations`,
        { emails: [email] },
        '10.50.0.1',
        await bearer(ctx.app, by),
      );
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    await invite(facultyA, 'sam.s@school.example');
    await invite(facultyB, 'tia.t@school.example');
    // Taken up as at their next sign-in.
    await acceptPendingInvitations(ctx.database.db, studentS);
    await acceptPendingInvitations(ctx.database.db, studentT);

    const ask = async (student: string, subject: string) => {
      const res = await api(
        '/support',
        { topicId: 'course', targetId: tree.course, subject, message: 'The lab will not start.' },
        '10.50.0.2',
        await bearer(ctx.app, student),
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await ask(studentS, 'Help for Sam')).toEqual({
      recipients: [
        { name: 'Fay A', role: 'instructor' },
        { name: SUPPORT, role: '' },
      ],
      isSentToSupport: false,
    });
    expect(await ask(studentT, 'Help for Tia')).toEqual({
      recipients: [
        { name: 'Finn B', role: 'instructor' },
        { name: SUPPORT, role: '' },
      ],
      isSentToSupport: false,
    });
    /** Every envelope recipient of a request's messages, once they arrived (and a moment for more). */
    const envelopes = async (subject: string) => {
      const isIt = (m: ReceivedMail) => headersOf(m).includes(`Subject: Support request: ${subject}`);
      await arrived(isIt, 2);
      await new Promise((resolve) => setTimeout(resolve, 300));
      return peer.received
        .filter(isIt)
        .flatMap((m) => m.to)
        .sort();
    };
    expect(await envelopes('Help for Sam')).toEqual(['fay.a@school.example', SUPPORT]);
    expect(await envelopes('Help for Tia')).toEqual(['finn.b@school.example', SUPPORT]);
  });
});
