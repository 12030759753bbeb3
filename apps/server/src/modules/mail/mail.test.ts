/**
 * Mail as jobs on the job runner, against a real SMTP peer (`smtp-server` on 127.0.0.1, a free port) and
 * a real database: a message with an attachment arrives intact with its id as Message-ID, written in the
 * caller's transaction; temporary refusals and a peer that is down are retried with back-off, permanent
 * ones give up; a worker that died after sending causes no duplicate; without SMTP_URL messages are
 * logged; and the admin outbox listing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { outbox } from '../../db/schema/mail.js';
import { mimeParts, startSmtpPeer, type SmtpPeer } from '../../testing/smtp-peer.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { BACKGROUND_WAIT } from '../../testing/wait.js';
import { bearer } from '../../testing/fixtures.js';
import { rows, textArray } from '../../db/rows.js';
import { claimJob } from '../jobs/jobs.repository.js';
import { createJobRunner, enqueueJob, retryDelayMs } from '../jobs/jobs.service.js';
import { enqueueMail, enqueueMails, MAILS_PER_BATCH, oneLine } from './mail.service.js';
import { MAIL_JOB_KIND, MAIL_RETRY_BASE_MS, MAIL_RETRY_MAX_MS, createMailDelivery } from './mail-delivery.js';

let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => peer?.close());
const { ctx, accounts } = useTestApp({
  env: () => ({ SMTP_URL: peer.url, MAIL_FROM: 'Portal <no-reply@portal.test>', JOB_POLL_INTERVAL_MS: '20' }),
});

const silentLog = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;

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

const jobOf = async (messageId: string) => {
  const found = await rows<{ id: string; status: string; attempts: number; lastError: string | null }>(
    ctx.database.db,
    sql`SELECT id, status, attempts, last_error AS "lastError" FROM job
        WHERE kind = ${MAIL_JOB_KIND} AND payload->>'messageId' = ${messageId}`,
  );
  expect(found).toHaveLength(1);
  return found[0]!;
};

/** Makes the message's queued job due now (instead of after its back-off). */
const dueNow = (messageId: string) =>
  ctx.database.db.execute(
    sql`UPDATE job SET run_after = now() WHERE kind = ${MAIL_JOB_KIND} AND payload->>'messageId' = ${messageId}`,
  );

const waitFor = <T>(check: () => Promise<T | undefined>) => vi.waitUntil(check, BACKGROUND_WAIT);

describe('mail jobs', () => {
  it('delivers a message with its attachment intact and its id as Message-ID, as a job', async () => {
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
    const row = await waitFor(async () => {
      const r = await rowOf(id);
      return r.status === 'sent' ? r : undefined;
    });
    expect(row.attempts).toBe(1);
    expect(row.sentAt).not.toBeNull();
    expect(
      (await waitFor(async () => ((await jobOf(id)).status === 'done' ? true : undefined))) ?? false,
    ).toBe(true);

    const message = peer.received.find((m) => m.to.includes('curator@example.edu'))!;
    expect(message.from).toBe('no-reply@portal.test');
    expect(message.raw).toMatch(/^From: Portal <no-reply@portal\.test>/m);
    expect(headerOf(message.raw, 'Message-ID')).toBe(`<${id}@portal.test>`);
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

  it('keeps the subject on one line whatever line breaks it was given (issue 20)', async () => {
    const breaks = ['\r\n', '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029'];
    expect(oneLine(`a${breaks.join('b')}c`)).toBe('a b b b b b b b c');
    expect(oneLine('two\r\n\r\nbreaks')).toBe('two breaks');
    const id = await enqueueMail(ctx.database.db, {
      to: 'one-line@example.edu',
      subject: `Hello${breaks.join('Bcc: x@evil.example')}`,
      text: 'Body.',
    });
    await waitFor(async () => ((await rowOf(id)).status === 'sent' ? true : undefined));
    const message = peer.received.find((m) => m.to.includes('one-line@example.edu'))!;
    expect(message.to).toEqual(['one-line@example.edu']);
    expect(headerOf(message.raw, 'Subject')).toBe(`Hello${' Bcc: x@evil.example'.repeat(7)}`);
    expect(message.raw).not.toMatch(/^Bcc:/im);
  });

  it("is written in the caller's transaction: a rolled-back write leaves no message and no job", async () => {
    const marker = `rolled-back-${Date.now()}@example.edu`;
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await enqueueMail(tx, { to: marker, subject: 'R', text: 'r' });
        throw new Error('the caller fails');
      }),
    ).rejects.toThrow('the caller fails');
    const left = await rows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM outbox WHERE "to" = ${marker}`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('queues more messages than one statement holds, each with its delivery job, ids in the order given', async () => {
    const count = MAILS_PER_BATCH + 1;
    const marker = `batch-${Date.now()}`;
    const addresses = Array.from({ length: count }, (_, k) => `${marker}-${k}@example.edu`);
    class RolledBack extends Error {}
    // Counted inside a transaction that is then rolled back: nothing is delivered.
    await expect(
      ctx.database.db.transaction(async (tx) => {
        const ids = await enqueueMails(
          tx,
          addresses.map((to, k) => ({ to, subject: `Batch ${k}`, text: 'b' })),
        );
        const stored = await rows<{ id: string; to: string }>(
          tx,
          sql`SELECT id, "to" FROM outbox WHERE "to" LIKE ${`${marker}-%`}`,
        );
        const addressOf = new Map(stored.map((row) => [row.id, row.to]));
        expect(ids.map((id) => addressOf.get(id))).toEqual(addresses);
        const jobs = await rows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM job
              WHERE kind = ${MAIL_JOB_KIND} AND payload->>'messageId' = ANY(${textArray(ids)})`,
        );
        expect(jobs[0]!.n).toBe(count);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
  });

  it('retries a temporary refusal later with back-off, and gives up at once on a permanent one', async () => {
    peer.refusals.set('busy@example.edu', { code: 451, message: 'Try again later' });
    peer.refusals.set('gone@example.edu', { code: 550, message: 'No such user' });
    const busy = await enqueueMail(ctx.database.db, { to: 'busy@example.edu', subject: 'A', text: 'a' });
    const gone = await enqueueMail(ctx.database.db, { to: 'gone@example.edu', subject: 'B', text: 'b' });

    const failed = await waitFor(async () => {
      const r = await rowOf(gone);
      return r.status === 'failed' ? r : undefined;
    });
    expect(failed.lastError).toContain('No such user');
    expect(failed.attempts).toBe(1);
    expect((await jobOf(gone)).status).toBe('failed');

    const waiting = await waitFor(async () => {
      const j = await jobOf(busy);
      return j.status === 'queued' && j.lastError ? j : undefined;
    });
    expect(waiting.attempts).toBe(1);
    const [due] = await rows<{ ms: number }>(
      ctx.database.db,
      sql`SELECT extract(epoch FROM run_after - now()) * 1000 AS ms FROM job WHERE id = ${waiting.id}::uuid`,
    );
    expect(Number(due!.ms)).toBeGreaterThan(MAIL_RETRY_BASE_MS - 5000);
    expect((await rowOf(busy)).status).toBe('pending');
    expect((await rowOf(busy)).lastError).toContain('Try again later');

    peer.refusals.delete('busy@example.edu');
    await dueNow(busy);
    const sent = await waitFor(async () => {
      const r = await rowOf(busy);
      return r.status === 'sent' ? r : undefined;
    });
    expect(sent.attempts).toBe(2);
    expect(sent.lastError).toBeNull();
  });

  it('with the peer down, retries, and the message arrives once the peer is back', async () => {
    const port = Number(new URL(peer.url).port);
    await peer.close();
    const id = await enqueueMail(ctx.database.db, { to: 'later@example.edu', subject: 'Later', text: 'l' });
    const waiting = await waitFor(async () => {
      const j = await jobOf(id);
      return j.status === 'queued' && j.lastError ? j : undefined;
    });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect((await rowOf(id)).status).toBe('pending');

    peer = await startSmtpPeer(port);
    await dueNow(id);
    await waitFor(async () => ((await rowOf(id)).status === 'sent' ? true : undefined));
    expect(peer.received.filter((m) => m.to.includes('later@example.edu'))).toHaveLength(1);
  });

  it('gives up after the last attempt and records the failure', async () => {
    peer.refusals.set('flaky@example.edu', { code: 421, message: 'Service not available' });
    // The message and its job in one transaction, with a single attempt allowed.
    const id = await ctx.database.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(outbox)
        .values({ to: 'flaky@example.edu', subject: 'C', text: 'c' })
        .returning({ id: outbox.id });
      await enqueueJob(tx, { kind: MAIL_JOB_KIND, payload: { messageId: inserted!.id }, maxAttempts: 1 });
      return inserted!.id;
    });
    const row = await waitFor(async () => {
      const r = await rowOf(id);
      return r.status === 'failed' ? r : undefined;
    });
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('Service not available');
  });

  it('a worker killed after sending, before its job was done: the job is retaken and sends no duplicate', async () => {
    // The app's own worker stands aside while a "dying" worker takes the job.
    await ctx.app.jobs.stop();
    let id: string;
    try {
      id = await enqueueMail(ctx.database.db, { to: 'once@example.edu', subject: 'Once', text: 'o' });
      const job = await claimJob(ctx.database.db, {
        workerId: 'dying',
        kinds: [MAIL_JOB_KIND],
        leaseMs: 300,
      });
      expect(job?.payload).toEqual({ messageId: id });
      const delivery = createMailDelivery({ smtpUrl: peer.url, from: 'Portal <no-reply@portal.test>' });
      await delivery.handler.run(
        { messageId: id },
        { job: job!, db: ctx.database.db, log: silentLog, signal: new AbortController().signal },
      );
      delivery.close();
      // ...and the worker dies here: the job stays running under a lease that runs out.
      expect((await jobOf(id)).status).toBe('running');
    } finally {
      ctx.app.jobs.start();
    }
    await waitFor(async () => ((await jobOf(id)).status === 'done' ? true : undefined));
    const copies = peer.received.filter((m) => m.to.includes('once@example.edu'));
    expect(copies).toHaveLength(1);
    expect(headerOf(copies[0]!.raw, 'Message-ID')).toBe(`<${id}@portal.test>`);
    expect((await jobOf(id)).attempts).toBe(2);
  });

  it('grows the delay between attempts from 30 s up to an hour', () => {
    const delay = (n: number) => retryDelayMs(n, MAIL_RETRY_BASE_MS, MAIL_RETRY_MAX_MS);
    expect([1, 2, 3, 4].map(delay)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(delay(20)).toBe(3_600_000);
  });
});

describe('without SMTP_URL', () => {
  it('logs messages and marks them logged', async () => {
    const logged: unknown[] = [];
    const log = { info: (entry: unknown) => logged.push(entry) } as unknown as FastifyBaseLogger;
    await ctx.app.jobs.stop();
    try {
      const id = await enqueueMail(ctx.database.db, { to: 'x@example.edu', subject: 'Hi', text: 'hello' });
      const runner = createJobRunner({ db: ctx.database.db, log, pollIntervalMs: 1000, leaseMs: 30_000 });
      runner.register(createMailDelivery({ smtpUrl: undefined, from: 'x' }).handler);
      expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
      expect((await rowOf(id)).status).toBe('logged');
      expect(JSON.stringify(logged)).toContain('x@example.edu');
    } finally {
      ctx.app.jobs.start();
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
