/**
 * Contact and newsletter against a real database and a real SMTP peer (`smtp-server`), through the app
 * (issue 12 "What must show"): the messages arrive with the right subject, recipient and body, as plain
 * text; the trap field stores and sends nothing and counts toward the per-address limit; a second
 * sign-up of a confirmed address stays confirmed and answers the same; the unsubscribe link works once
 * without signing in; admins list and export subscribers.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { PUBLIC_FORM_RATE_MAX } from '@portal/shared/limits';
import { NEWSLETTER_CSV_COLUMNS, NEWSLETTER_LINK_INVALID } from '@portal/shared/schemas/forms';
import { rows } from '../../db/rows.js';
import { startSmtpPeer, type ReceivedMail, type SmtpPeer } from '../../testing/smtp-peer.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { BACKGROUND_WAIT } from '../../testing/wait.js';
import { bearer } from '../../testing/fixtures.js';

let peer: SmtpPeer;
const CONTACT = 'hello@range.example.edu';
let addressCount = 0;
/** A client address of its own, so each test starts with a fresh per-address limit. */
const nextAddress = () => `10.1.0.${++addressCount}`;

beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => peer?.close());
const { ctx, accounts } = useTestApp({
  env: () => ({
    SMTP_URL: peer.url,
    CONTACT_EMAIL: CONTACT,
    JOB_POLL_INTERVAL_MS: '20',
    PUBLIC_BASE_URL: 'https://portal.test',
  }),
});

const post = (url: string, payload: object, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });

/** The body of a received message (after the headers), quoted-printable soft breaks joined. */
const bodyOf = (mail: ReceivedMail) =>
  mail.raw
    .slice(mail.raw.indexOf('\r\n\r\n') + 4)
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const arrived = (to: string, count = 1) =>
  vi.waitUntil(() => {
    const found = peer.received.filter((m) => m.to.includes(to));
    return found.length >= count ? found : undefined;
  }, BACKGROUND_WAIT);

const count = async (table: string) =>
  (
    await rows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`)
  )[0]!.n;

const contact = {
  name: 'Ada Lovelace',
  email: 'ada@college.example.edu',
  organization: 'Example College',
  topic: 'Request a Demo',
  subject: 'A demo for our class',
  message: 'Could we see the range?\n<b>Not bold</b> & <script>alert(1)</script>',
};

describe('POST /api/v1/contact', () => {
  it("e-mails 'Contact Us Request' to the contact address as plain text and stores the request", async () => {
    const res = await post('/contact', contact);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ isAccepted: true });
    const [mail] = await arrived(CONTACT);
    expect(mail!.raw).toMatch(/^Subject: Contact Us Request$/m);
    expect(mail!.raw).toMatch(/^Content-Type: text\/plain/m);
    expect(mail!.raw).not.toMatch(/text\/html/);
    const body = bodyOf(mail!);
    expect(body).toContain('Name: Ada Lovelace');
    expect(body).toContain('Email: ada@college.example.edu');
    expect(body).toContain('Organization: Example College');
    expect(body).toContain('Topic: Request a Demo');
    expect(body).toContain('<b>Not bold</b> & <script>alert(1)</script>');
    expect(await count('contact_request')).toBe(1);
  });

  it('names each bad field: required, too long, not an e-mail, topic not offered', async () => {
    const res = await post('/contact', { ...contact, name: '', email: 'nope', subject: 'x'.repeat(101) });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().details.issues as { field: string }[]).map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['body.name', 'body.email', 'body.subject']));
    const noTopic = await post('/contact', { ...contact, topic: undefined });
    expect(noTopic.statusCode).toBe(400);
    expect(noTopic.json().details.issues[0].field).toBe('body.topic');
    const wrongTopic = await post('/contact', { ...contact, topic: 'Free money' });
    expect(wrongTopic.statusCode).toBe(400);
    const long = await post('/contact', { ...contact, message: 'm'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect(
      (await post('/contact', { ...contact, subject: 's'.repeat(100), message: 'm'.repeat(10_000) }))
        .statusCode,
    ).toBe(202);
  });

  it('a filled trap field answers the same, stores and sends nothing, and counts toward the limit', async () => {
    const before = { stored: await count('contact_request'), mail: await count('outbox') };
    const address = nextAddress();
    for (let i = 0; i < PUBLIC_FORM_RATE_MAX; i++) {
      const res = await post('/contact', { ...contact, website: 'http://spam.example' }, address);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ isAccepted: true });
    }
    expect(await count('contact_request')).toBe(before.stored);
    expect(await count('outbox')).toBe(before.mail);
    // The trap hits used up the address's allowance: a real message from it now waits.
    const limited = await post('/contact', contact, address);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count('contact_request')).toBe(before.stored);
  });
});

const signup = (email: string, extra: object = {}) => ({
  emailAddress: email,
  firstName: 'Grace',
  lastName: 'Hopper',
  organization: 'Navy',
  jobTitle: 'Rear Admiral',
  ...extra,
});
const tokenIn = (mail: ReceivedMail, path: string) =>
  new RegExp(`https://portal\\.test${path}\\?token=([A-Za-z0-9_-]+)`).exec(bodyOf(mail))![1]!;
const statusOf = async (email: string) =>
  (
    await rows<{ status: string }>(
      ctx.database.db,
      sql`SELECT status FROM newsletter_subscriber WHERE lower(email) = lower(${email})`,
    )
  ).map((r) => r.status);

describe('newsletter', () => {
  it('double opt-in: the confirmation e-mail confirms; a second sign-up stays confirmed and answers the same', async () => {
    const first = await post('/newsletter/subscribers', signup('grace@navy.example.mil'));
    expect(first.statusCode, first.body).toBe(202);
    expect(await statusOf('grace@navy.example.mil')).toEqual(['unconfirmed']);
    const [mail] = await arrived('grace@navy.example.mil');
    expect(mail!.raw.replace(/\r\n[ \t]+/g, ' ')).toMatch(
      /^Subject: Please confirm your subscription to the Cyber Range Portal newsletter$/m,
    );
    const confirmToken = tokenIn(mail!, '/newsletter/confirm');
    expect(tokenIn(mail!, '/newsletter/unsubscribe')).toBeTruthy();

    const confirmed = await post('/newsletter/confirm', { token: confirmToken });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'confirmed' });
    expect(await statusOf('grace@navy.example.mil')).toEqual(['confirmed']);
    expect((await post('/newsletter/confirm', { token: confirmToken })).statusCode).toBe(404);

    // Someone signs the address up again, in another case: same answer, still confirmed, one row, no mail.
    const again = await post('/newsletter/subscribers', signup('GRACE@navy.example.mil', { firstName: 'X' }));
    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    expect(await statusOf('grace@navy.example.mil')).toEqual(['confirmed']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      peer.received.filter((m) => m.to.some((t) => t.toLowerCase() === 'grace@navy.example.mil')),
    ).toHaveLength(1);
  });

  it('the unsubscribe link works once and needs no sign-in', async () => {
    await post('/newsletter/subscribers', signup('linus@example.org', { emailFormat: 'TEXT' }));
    const [mail] = await arrived('linus@example.org');
    const token = tokenIn(mail!, '/newsletter/unsubscribe');
    await post('/newsletter/confirm', { token: tokenIn(mail!, '/newsletter/confirm') });
    const res = await post('/newsletter/unsubscribe', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'unsubscribed' });
    expect(await statusOf('linus@example.org')).toEqual(['unsubscribed']);
    const twice = await post('/newsletter/unsubscribe', { token });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(NEWSLETTER_LINK_INVALID);
  });

  it('checks every field (256 at most, a valid e-mail, HTML or TEXT) and the trap field stores nothing', async () => {
    const bad = await post('/newsletter/subscribers', {
      ...signup('not-an-address'),
      jobTitle: 'j'.repeat(257),
      emailFormat: 'PDF',
      lastName: '',
    });
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().details.issues as { field: string }[]).map((i) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining(['body.emailAddress', 'body.jobTitle', 'body.emailFormat', 'body.lastName']),
    );
    const trapped = await post('/newsletter/subscribers', { ...signup('bot@spam.example'), website: 'x' });
    expect(trapped.statusCode).toBe(202);
    expect(await statusOf('bot@spam.example')).toEqual([]);
  });

  it('admins list subscribers and export them as CSV; others may not', async () => {
    const admin = await bearer(ctx.app, accounts.admin);
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/newsletter/subscribers',
      headers: admin,
    });
    expect(list.statusCode).toBe(200);
    const emails = (list.json().items as { emailAddress: string; status: string }[]).map(
      (s) => s.emailAddress,
    );
    expect(emails).toEqual(expect.arrayContaining(['grace@navy.example.mil', 'linus@example.org']));

    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/newsletter/subscribers/export',
      headers: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const parsed = Papa.parse<string[]>(csv.body.trim());
    expect(parsed.data[0]).toEqual([...NEWSLETTER_CSV_COLUMNS]);
    const grace = parsed.data.find((r) => r[0] === 'grace@navy.example.mil')!;
    expect(grace.slice(1, 8)).toEqual([
      'Grace',
      'Hopper',
      'Navy',
      'Rear Admiral',
      'HTML',
      'Cyber Range News',
      'confirmed',
    ]);

    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/newsletter/subscribers' })).statusCode,
    ).toBe(401);
    const editor = await bearer(ctx.app, accounts.contenteditor);
    for (const url of ['/api/v1/admin/newsletter/subscribers', '/api/v1/admin/newsletter/subscribers/export'])
      expect((await ctx.app.inject({ method: 'GET', url, headers: editor })).statusCode).toBe(403);
  });
});
