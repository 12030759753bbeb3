/**
 * Content feedback against a real database (000 §2, §5, §7): who may send it, the limits of 000 §5 at
 * their boundaries, the outbox message, and its delivery by the outbox worker to a real SMTP peer
 * (`smtp-server` on 127.0.0.1, a free port) with the screenshot attached byte for byte.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Role } from '@portal/shared/enums';
import { MESSAGES } from '@portal/shared/errors';
import { FEEDBACK_MESSAGE_MAX, FEEDBACK_RATE_MAX, SCREENSHOT_MAX_BYTES } from '@portal/shared/limits';
import { SCREENSHOT_TYPE_MESSAGE } from '@portal/shared/schemas/feedback';
import { mimeParts, startSmtpPeer, type SmtpPeer } from '../../testing/smtp-peer.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { BACKGROUND_WAIT } from '../../testing/wait.js';
import { bearer } from '../../testing/fixtures.js';
import { outbox } from '../../db/schema/mail.js';
import { TOO_MUCH_FEEDBACK } from './feedback.service.js';

/** A real 1×1 PNG. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** A PNG of exactly `size` bytes (image data, then padding after its end, as some tools write). */
const pngOfSize = (size: number) => Buffer.concat([PNG_1X1, Buffer.alloc(size - PNG_1X1.length, 7)]);

let peer: SmtpPeer;
const SUPPORT = 'helpdesk@range.example.edu';
/** The job runner polls this often in these tests, in milliseconds. */
const POLL_MS = 20;

beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => peer?.close());
const { ctx, accounts, tree } = useTestApp({
  tree: true,
  env: () => ({ SUPPORT_EMAIL: SUPPORT, SMTP_URL: peer.url, JOB_POLL_INTERVAL_MS: String(POLL_MS) }),
});

const send = async (body: unknown, role: Role | null = 'faculty', id = tree.lab) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/content/${id}/feedback`,
    headers: role ? await bearer(ctx.app, accounts[role]) : {},
    payload: body as object,
  });

const mailOf = async (id: string) => {
  const [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, id));
  return row!;
};

describe('POST /api/v1/content/:id/feedback', () => {
  it('queues an e-mail to the support address with the item, the sender and the message', async () => {
    const res = await send({ message: 'The lab set-up link is broken.' });
    expect(res.statusCode, res.body).toBe(202);
    const mail = await mailOf(res.json().id);
    expect(mail).toMatchObject({ to: SUPPORT, subject: 'Courseware feedback: Cross-Site Scripting Lab' });
    expect(mail.text).toContain('The lab set-up link is broken.');
    expect(mail.text).toContain(
      '/courseware/network-security-course/packet-analysis/cross-site-scripting-lab',
    );
    expect(mail.text).toContain('From: Test');
    expect(mail.attachments).toEqual([]);
  });

  it('attaches the screenshot with its bytes intact; exactly 1,000,000 bytes is accepted', async () => {
    const bytes = pngOfSize(SCREENSHOT_MAX_BYTES);
    const res = await send({
      message: 'See the picture.',
      screenshot: { name: 'broken-link.PNG', base64: bytes.toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(202);
    const [attachment] = (await mailOf(res.json().id)).attachments!;
    expect(attachment).toMatchObject({ filename: 'broken-link.PNG', contentType: 'image/png' });
    expect(Buffer.from(attachment!.base64, 'base64').equals(bytes)).toBe(true);
  });

  it('refuses a screenshot one byte over the limit with 413, and far over it too', async () => {
    const over = await send({
      message: 'Too big.',
      screenshot: { name: 'big.png', base64: pngOfSize(SCREENSHOT_MAX_BYTES + 1).toString('base64') },
    });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'too_large', message: MESSAGES.uploadTooLarge });
    const far = await send({
      message: 'Far too big.',
      screenshot: { name: 'big.png', base64: pngOfSize(2 * SCREENSHOT_MAX_BYTES).toString('base64') },
    });
    expect(far.statusCode).toBe(413);
  });

  it('accepts .jpg, .jpeg, .png and .gif names only, and checks the bytes are such an image', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64');
    for (const name of ['a.jpg', 'a.jpeg', 'a.png', 'a.gif']) {
      // The name decides what is accepted; the bytes must be one of the image types.
      expect((await send({ message: 'ok', screenshot: { name, base64: gif } })).statusCode, name).toBe(202);
    }
    for (const name of ['a.svg', 'a.bmp', 'a.png.exe', 'png', 'a.webp']) {
      const res = await send({ message: 'no', screenshot: { name, base64: gif } });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toContain(SCREENSHOT_TYPE_MESSAGE);
    }
    const text = await send({
      message: 'fake',
      screenshot: { name: 'fake.png', base64: Buffer.from('<svg onload=alert(1)>').toString('base64') },
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(SCREENSHOT_TYPE_MESSAGE);
    expect((await send({ message: 'x', screenshot: { name: 'a.png', base64: '***' } })).statusCode).toBe(400);
  });

  it('message: required, at most 1000 characters', async () => {
    expect((await send({ message: 'm'.repeat(FEEDBACK_MESSAGE_MAX) })).statusCode).toBe(202);
    expect((await send({ message: 'm'.repeat(FEEDBACK_MESSAGE_MAX + 1) })).statusCode).toBe(400);
    for (const message of ['', '   ']) expect((await send({ message })).statusCode).toBe(400);
    expect((await send({})).statusCode).toBe(400);
  });

  it('needs the feedback permission and an item the sender may see', async () => {
    expect((await send({ message: 'hi' }, null)).statusCode).toBe(401);
    expect((await send({ message: 'hi' }, 'student')).statusCode).toBe(403);
    expect((await send({ message: 'hi' }, 'faculty', tree.hidden)).statusCode).toBe(404);
    expect((await send({ message: 'hi' }, 'contenteditor', tree.hidden)).statusCode).toBe(202);
    expect(
      (await send({ message: 'hi' }, 'faculty', '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await send({ message: 'hi' }, 'faculty', 'not-a-uuid')).statusCode).toBe(400);
  });

  it('accepts FEEDBACK_RATE_MAX messages per account in a window, then 429 with Retry-After and nothing queued', async () => {
    const queued = async () => (await ctx.database.db.select({ id: outbox.id }).from(outbox)).length;
    const before = await queued();
    for (let i = 0; i < FEEDBACK_RATE_MAX; i++) {
      expect((await send({ message: `Note ${i}` }, 'admin')).statusCode).toBe(202);
    }
    const refused = await send({ message: 'One more' }, 'admin');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', message: TOO_MUCH_FEEDBACK });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await queued()).toBe(before + FEEDBACK_RATE_MAX);
    // The limit is the sender's own: another account still gets through.
    expect((await send({ message: 'From someone else' }, 'contenteditor')).statusCode).toBe(202);
  });
});

describe('delivery', () => {
  it('reaches the SMTP peer with the screenshot attached, its bytes intact', async () => {
    // A screenshot of realistic size with random bytes after the image, so any re-encoding would show.
    const bytes = Buffer.concat([PNG_1X1, crypto.randomBytes(300_000)]);
    const res = await send({
      message: 'Step 3 of the lab shows this error.',
      screenshot: { name: 'step-3.png', base64: bytes.toString('base64') },
    });
    expect(res.statusCode).toBe(202);
    const mail = await vi.waitUntil(
      () =>
        peer.received.find(
          (m) => m.to.includes(SUPPORT) && m.raw.includes('Step 3 of the lab shows this error.'),
        ),
      BACKGROUND_WAIT,
    );
    expect(mail.raw).toContain('Courseware feedback: Cross-Site Scripting Lab');
    const [attachment] = mimeParts(mail.raw).filter((part) => part.filename !== undefined);
    expect(attachment?.filename).toBe('step-3.png');
    expect(attachment?.body.equals(bytes)).toBe(true);
    // The worker records the delivery just after the peer has the message.
    await expect.poll(async () => (await mailOf(res.json().id)).status).toBe('sent');
  });
});
