/**
 * The outbox worker against a real SMTP peer (`smtp-server` on 127.0.0.1, a free port) and a real
 * database: a message with an attachment arrives intact, temporary refusals are retried with a delay,
 * permanent ones give up, without SMTP_URL messages are logged; and the admin outbox listing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@portal/shared/enums';
import { outbox } from '../../db/schema/files.js';
import { mimeParts, startSmtpPeer, type SmtpPeer } from '../../testing/smtp-peer.js';
import { createTestContext, type TestContext } from '../../testing/test-app.js';
import { BACKGROUND_WAIT } from '../../testing/wait.js';
import { bearer, createAccounts } from '../../testing/fixtures.js';
import { enqueueMail } from './mail.service.js';
import { MAX_ATTEMPTS, createOutboxWorker, retryDelayMs } from './outbox-worker.js';

let peer: SmtpPeer;
let ctx: TestContext;
let accounts: Record<Role, string>;

beforeAll(async () => {
  peer = await startSmtpPeer();
  ctx = await createTestContext({
    SMTP_URL: peer.url,
    MAIL_FROM: 'Portal <no-reply@portal.test>',
    OUTBOX_POLL_INTERVAL_MS: '20',
  });
  accounts = await createAccounts(ctx.database.db);
});

afterAll(async () => {
  await ctx?.close();
  await peer?.close();
});

async function rowOf(id: string) {
  const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
}

/** A header of a message, unfolded, with its RFC 2047 encoded words (Q or B, UTF-8) decoded. */
function headerOf(raw: string, name: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`))!;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

describe('outbox worker', () => {
  it('delivers a message with its attachment intact, on its own after the app is ready', async () => {
    const bytes = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 250, 251, 252, 253, 254, 255,
    ]);
    const id = await enqueueMail(ctx.database.db, {
      to: 'curator@example.edu',
      subject: 'Feedback on Buffer Overflow Lab — ünïcode',
      text: 'The second step fails.\nLine two.',
      html: '<p>The second step fails.</p>',
      attachments: [
        { filename: 'screenshot.png', contentType: 'image/png', base64: bytes.toString('base64') },
      ],
    });
    const row = await vi.waitUntil(async () => {
      const r = await rowOf(id);
      return r.status === 'sent' ? r : undefined;
    }, BACKGROUND_WAIT);
    expect(row.attempts).toBe(1);
    expect(row.sentAt).not.toBeNull();

    const message = peer.received.find((m) => m.to.includes('curator@example.edu'))!;
    expect(message.from).toBe('no-reply@portal.test');
    expect(message.raw).toMatch(/^From: Portal <no-reply@portal\.test>/m);
    expect(headerOf(message.raw, 'Subject')).toBe('Feedback on Buffer Overflow Lab — ünïcode');
    const parts = mimeParts(message.raw);
    const attachment = parts.find((p) => p.headers.includes('filename=screenshot.png'))!;
    expect(attachment.headers).toContain('content-type: image/png');
    expect(attachment.body.equals(bytes)).toBe(true);
    const text = parts.find((p) => p.headers.includes('content-type: text/plain'))!;
    expect(text.body.toString('utf8')).toContain('The second step fails.');
    const html = parts.find((p) => p.headers.includes('content-type: text/html'))!;
    expect(html.body.toString('utf8')).toContain('<p>The second step fails.</p>');
  });

  it('retries a temporary refusal later, and gives up on a permanent one', async () => {
    peer.refusals.set('busy@example.edu', { code: 451, message: 'Try again later' });
    peer.refusals.set('gone@example.edu', { code: 550, message: 'No such user' });
    const busy = await enqueueMail(ctx.database.db, { to: 'busy@example.edu', subject: 'A', text: 'a' });
    const gone = await enqueueMail(ctx.database.db, { to: 'gone@example.edu', subject: 'B', text: 'b' });

    const failed = await vi.waitUntil(async () => {
      const r = await rowOf(gone);
      return r.status === 'failed' ? r : undefined;
    }, BACKGROUND_WAIT);
    expect(failed.lastError).toContain('No such user');

    const waiting = await vi.waitUntil(async () => {
      const r = await rowOf(busy);
      return r.lastError ? r : undefined;
    }, BACKGROUND_WAIT);
    expect(waiting.status).toBe('pending');
    expect(waiting.attempts).toBe(1);
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + retryDelayMs(1) - 5000);

    // Once it is due again and the peer accepts, it goes.
    peer.refusals.delete('busy@example.edu');
    await ctx.database.db.update(outbox).set({ nextAttemptAt: new Date() }).where(eq(outbox.id, busy));
    const sent = await vi.waitUntil(async () => {
      const r = await rowOf(busy);
      return r.status === 'sent' ? r : undefined;
    }, BACKGROUND_WAIT);
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
  });

  it('gives up after the last attempt', async () => {
    peer.refusals.set('flaky@example.edu', { code: 421, message: 'Service not available' });
    // Written with its attempts in one statement: the running worker must not claim it in between.
    const [inserted] = await ctx.database.db
      .insert(outbox)
      .values({ to: 'flaky@example.edu', subject: 'C', text: 'c', attempts: MAX_ATTEMPTS - 1 })
      .returning({ id: outbox.id });
    const id = inserted!.id;
    const row = await vi.waitUntil(async () => {
      const r = await rowOf(id);
      return r.status === 'failed' ? r : undefined;
    }, BACKGROUND_WAIT);
    expect(row.attempts).toBe(MAX_ATTEMPTS);
  });

  it('grows the delay between attempts up to an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});

describe('without SMTP_URL', () => {
  it('logs messages and marks them logged', async () => {
    const logged: unknown[] = [];
    const log = { info: (entry: unknown) => logged.push(entry) } as unknown as FastifyBaseLogger;
    const worker = createOutboxWorker({
      db: ctx.database.db,
      smtpUrl: undefined,
      from: 'x',
      pollIntervalMs: 1000,
      log,
    });
    // Stop the app's own worker from taking the message first.
    await ctx.app.outboxWorker.stop();
    try {
      const id = await enqueueMail(ctx.database.db, { to: 'x@example.edu', subject: 'Hi', text: 'hello' });
      // The row is due from the database's clock (microseconds), the worker asks with this process's
      // (milliseconds): within the same millisecond it would not be due yet, so ask a second later.
      expect(await worker.runOnce(new Date(Date.now() + 1000))).toBe(1);
      expect((await rowOf(id)).status).toBe('logged');
      expect(JSON.stringify(logged)).toContain('x@example.edu');
    } finally {
      ctx.app.outboxWorker.start();
    }
  });
});

describe('GET /api/v1/admin/outbox', () => {
  it('lists messages newest first for admins, filtered by recipient, paged', async () => {
    for (let i = 0; i < 3; i++)
      await enqueueMail(ctx.database.db, { to: 'Pager@Example.edu', subject: `Page ${i}`, text: 'x' });
    const auth = await bearer(ctx.app, accounts.admin);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/outbox?to=pager@example.edu',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { subject: string; attachments: unknown[] }[];
    expect(items.map((m) => m.subject)).toEqual(['Page 2', 'Page 1', 'Page 0']);

    const withFile = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/outbox?to=curator@example.edu',
      headers: auth,
    });
    expect(withFile.json().items[0].attachments).toEqual([
      { filename: 'screenshot.png', contentType: 'image/png', size: 17 },
    ]);
    expect(JSON.stringify(withFile.json())).not.toContain('base64');
  });

  it('pages with a keyset token', async () => {
    for (let i = 0; i < 55; i++)
      await enqueueMail(ctx.database.db, { to: 'many@example.edu', subject: `M${i}`, text: 'x' });
    const auth = await bearer(ctx.app, accounts.admin);
    const first = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/outbox?to=many@example.edu', headers: auth })
    ).json();
    expect(first.items).toHaveLength(50);
    const second = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/admin/outbox?to=many@example.edu&pageToken=${first.nextPageToken}`,
        headers: auth,
      })
    ).json();
    expect(second.items).toHaveLength(5);
    expect(second.nextPageToken).toBeNull();
    const subjects = new Set([...first.items, ...second.items].map((m: { subject: string }) => m.subject));
    expect(subjects.size).toBe(55);
  });

  it('is refused to everyone else', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/outbox' })).statusCode).toBe(401);
    const editor = await bearer(ctx.app, accounts.contenteditor);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/v1/admin/outbox', headers: editor })).statusCode,
    ).toBe(403);
  });
});
