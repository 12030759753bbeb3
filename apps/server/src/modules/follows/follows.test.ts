/**
 * Following courseware (issue 37 "Follow") against a real database and a real SMTP peer: follow an item
 * or its course, see it followed through the course, list and unfollow; the digest gathers a curator's
 * edits under a followed course into one e-mail with RFC 8058 one-click unsubscribe headers, leaves out
 * what changed before the follow and what is not published, is sent once per period; the one-click
 * POST works signed out, only with a token the portal signed, and only stops the digests.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { FOLLOW_DIGEST_PERIOD_MS } from '@portal/shared/limits';
import type { Content } from '@portal/shared/schemas/courseware';
import { toUpdateRequest } from '@portal/shared/schemas/courseware-edit';
import { followDigest } from '../../db/schema/follows.js';
import { createSettingSigner } from '../../lib/signer.js';
import { startSmtpPeer, type SmtpPeer } from '../../testing/smtp-peer.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { BACKGROUND_WAIT } from '../../testing/wait.js';
import { sendDueDigests } from './follow-digest.js';
import { UNSUBSCRIBE_INVALID, UNSUBSCRIBE_SECRET_SETTING, unsubscribeTokenOf } from './follows.service.js';

let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(async () => peer?.close());
const { ctx, accounts, tree, as } = useTestApp({
  tree: true,
  env: () => ({ SMTP_URL: peer.url, MAIL_FROM: 'Portal <no-reply@portal.test>', JOB_POLL_INTERVAL_MS: '20' }),
});

const V1 = '/api/v1';
type Role = Parameters<typeof as>[0];

async function call(
  method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH',
  url: string,
  role?: Role,
  payload?: unknown,
) {
  return ctx.app.inject({ method, url: `${V1}${url}`, headers: await as(role), payload: payload as object });
}

/** A curator's save of an item with some fields changed. */
async function edit(id: string, change: Partial<Content>) {
  const item = (await call('GET', `/content/${id}`, 'contenteditor')).json() as Content;
  const res = await call('PUT', `/content/${id}`, 'contenteditor', { ...toUpdateRequest(item), ...change });
  expect(res.statusCode).toBe(200);
}

const signer = () =>
  createSettingSigner(ctx.database.db, UNSUBSCRIBE_SECRET_SETTING, ctx.config.secretsKeyring);
const digestContext = async (now: Date) => ({
  db: ctx.database.db,
  signer: await signer(),
  publicBaseUrl: ctx.config.publicBaseUrl,
  now,
});
const later = (ms: number) => new Date(Date.now() + ms);

describe('following courseware', () => {
  it('follows a course and sees its lab followed through it; unfollows', async () => {
    expect((await call('GET', `/content/${tree.lab}/follow`, 'faculty')).json()).toEqual({
      following: false,
      via: null,
    });
    const followed = await call('PUT', `/content/${tree.course}/follow`, 'faculty');
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual({ following: true, via: null });
    const lab = (await call('GET', `/content/${tree.lab}/follow`, 'faculty')).json();
    expect(lab).toMatchObject({ following: true, via: { id: tree.course, name: 'Network Security Course' } });

    const list = (await call('GET', '/account/follows', 'faculty')).json();
    expect(list.items.map((i: { contentId: string }) => i.contentId)).toEqual([tree.course]);
    expect(list.nextPageToken).toBeNull();
    expect((await call('GET', '/account/follow-digest', 'faculty')).json()).toEqual({ frequency: 'weekly' });

    expect((await call('DELETE', `/content/${tree.course}/follow`, 'faculty')).json()).toEqual({
      following: false,
      via: null,
    });
    expect((await call('GET', '/account/follows', 'faculty')).json().items).toEqual([]);
  });

  it('refuses what the caller may not open, a bad id, a bad frequency and the signed-out', async () => {
    expect((await call('PUT', `/content/${tree.hidden}/follow`, 'faculty')).statusCode).toBe(404);
    expect((await call('PUT', '/content/not-a-uuid/follow', 'faculty')).statusCode).toBe(400);
    expect((await call('PUT', `/content/${tree.lab}/follow`)).statusCode).toBe(401);
    const bad = await call('PUT', '/account/follow-digest', 'faculty', { frequency: 'hourly' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/daily, weekly, off/);
    expect((await call('GET', '/account/follows?pageToken=!!', 'faculty')).statusCode).toBe(400);
  });

  it('sends one digest of the changes under a followed course, with one-click unsubscribe', async () => {
    await call('PUT', `/content/${tree.course}/follow`, 'student');
    const before = peer.received.length;
    await edit(tree.lab, { description: '<p>Step 3 now uses the fixed setup script.</p>' });
    await edit(tree.hidden, { description: '<p>Not for followers: unpublished.</p>' });

    // Not due yet: nothing goes.
    expect((await sendDueDigests(await digestContext(new Date()))).sent).toBe(0);
    const due = later(FOLLOW_DIGEST_PERIOD_MS.weekly + 60_000);
    const pass = await sendDueDigests(await digestContext(due));
    expect(pass.sent).toBeGreaterThanOrEqual(1);
    const mail = await vi.waitUntil(
      () => peer.received.slice(before).find((m) => m.to.includes('student@test.example.edu')),
      BACKGROUND_WAIT,
    );
    expect(mail.raw).toMatch(/^Subject: Courseware you follow: 1 item changed/m);
    expect(mail.raw).toContain('Cross-Site Scripting');
    expect(mail.raw).toContain('changed: description');
    expect(mail.raw).not.toContain('Not for followers');
    const unsubscribeHeader = /^List-Unsubscribe:\s*<([^>]+)>/m.exec(
      mail.raw.replace(/\r?\n[ \t]+/g, ' '),
    )![1]!;
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const url = new URL(unsubscribeHeader);
    expect(url.pathname).toBe(`${V1}/follows/unsubscribe`);

    // The same pass again finds nothing due: one digest a period.
    expect((await sendDueDigests(await digestContext(due))).taken).toBe(0);

    // RFC 8058: the mail client's POST, signed out, form-encoded.
    const res = await ctx.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ frequency: 'off' });
    expect((await call('GET', '/account/follow-digest', 'student')).json()).toEqual({ frequency: 'off' });
    // Still following: the token stopped the digests and nothing else.
    expect((await call('GET', `/content/${tree.lab}/follow`, 'student')).json().following).toBe(true);
    await edit(tree.lab, { description: '<p>Another change.</p>' });
    expect((await sendDueDigests(await digestContext(later(2 * FOLLOW_DIGEST_PERIOD_MS.weekly)))).taken).toBe(
      0,
    );
  });

  it('leaves out changes made before the follow', async () => {
    await edit(tree.module, { description: '<p>Changed before anyone followed.</p>' });
    await call('PUT', `/content/${tree.module}/follow`, 'admin');
    await ctx.database.db
      .update(followDigest)
      .set({ dueAt: new Date() })
      .where(eq(followDigest.accountId, accounts.admin));
    const pass = await sendDueDigests(await digestContext(later(1000)));
    expect(pass.taken).toBeGreaterThanOrEqual(1);
    expect(pass.sent).toBe(0);
  });

  it("sends an account's digest now when an admin asks, due or not, and only to admins", async () => {
    await call('PUT', `/account/follow-digest`, 'contenteditor', { frequency: 'weekly' });
    await call('PUT', `/content/${tree.course}/follow`, 'contenteditor');
    const before = peer.received.length;
    const url = `/admin/users/${accounts.contenteditor}/follow-digest`;
    // Nothing changed since the follow: nothing is sent.
    expect((await call('POST', url, 'admin')).json()).toEqual({ sent: false, items: 0, frequency: 'weekly' });
    await edit(tree.lab, { description: '<p>Step 4 is new.</p>' });
    for (const role of ['faculty', 'contenteditor'] as const)
      expect((await call('POST', url, role)).statusCode).toBe(403);
    expect((await call('POST', url)).statusCode).toBe(401);
    const res = await call('POST', url, 'admin');
    expect(res.json()).toEqual({ sent: true, items: 1, frequency: 'weekly' });
    const mail = await vi.waitUntil(
      () => peer.received.slice(before).find((m) => m.to.includes('contenteditor@test.example.edu')),
      BACKGROUND_WAIT,
    );
    expect(mail.raw).toMatch(/^Subject: Courseware you follow: 1 item changed/m);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    // Its changes went out: asked again, nothing is left to send.
    expect((await call('POST', url, 'admin')).json()).toEqual({ sent: false, items: 0, frequency: 'weekly' });
    const unknown = await call('POST', `/admin/users/${crypto.randomUUID()}/follow-digest`, 'admin');
    expect(unknown.statusCode).toBe(404);
    await call('DELETE', `/content/${tree.course}/follow`, 'contenteditor');
  });

  it('refuses a token it did not sign, or one signed for another account', async () => {
    const own = unsubscribeTokenOf(await signer(), accounts.faculty);
    const forged = `${accounts.contenteditor}.${own.split('.')[1]}`;
    for (const token of [forged, 'abc.def', `${accounts.faculty}.`, 'nodot']) {
      const res = await ctx.app.inject({ method: 'POST', url: `${V1}/follows/unsubscribe?token=${token}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(UNSUBSCRIBE_INVALID);
    }
  });
});

describe('the list of what one follows', () => {
  /** Sets an item's status as a curator would (PATCH /content/:id/status). */
  async function setStatus(id: string, status: Content['status']) {
    const item = (await call('GET', `/content/${id}`, 'contenteditor')).json() as Content;
    const res = await call('PATCH', `/content/${id}/status`, 'contenteditor', {
      status,
      version: item.version,
    });
    expect(res.statusCode).toBe(200);
  }
  /** The ids of the items `role` is shown as followed, sorted. */
  const listed = async (role: Role) =>
    ((await call('GET', '/account/follows', role)).json().items as { contentId: string }[])
      .map((i) => i.contentId)
      .sort();

  it('leaves out what the caller may no longer open, as its own status or an ancestor hides it', async () => {
    for (const id of [tree.lab, tree.unlisted]) {
      expect((await call('PUT', `/content/${id}/follow`, 'faculty')).statusCode).toBe(200);
      expect((await call('PUT', `/content/${id}/follow`, 'contenteditor')).statusCode).toBe(200);
    }
    const both = [tree.lab, tree.unlisted].sort();
    expect(await listed('faculty')).toEqual(both);
    await setStatus(tree.unlisted, 'archived');
    try {
      expect(await listed('faculty')).toEqual([tree.lab]);
      await setStatus(tree.module, 'unpublished');
      try {
        expect(await listed('faculty')).toEqual([]);
        expect(await listed('contenteditor')).toEqual(both);
      } finally {
        await setStatus(tree.module, 'published');
      }
    } finally {
      await setStatus(tree.unlisted, 'unlisted');
    }
    expect(await listed('faculty')).toEqual(both);
    for (const role of ['faculty', 'contenteditor'] as const)
      for (const id of [tree.lab, tree.unlisted]) await call('DELETE', `/content/${id}/follow`, role);
  });
});
