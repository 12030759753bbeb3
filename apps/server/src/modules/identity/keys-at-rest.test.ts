/**
 * Keys at rest (issue 20): with SECRETS_KEY the signing keys and the download secret are stored sealed;
 * rows written plain before the key was set are sealed at the next start; a token signed before a
 * restart still verifies after it; SECRETS_KEY_PREVIOUS rotates the key; a wrong key stops the start.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setting, signingKey } from '../../db/schema/identity.js';
import { isSealed } from '../../lib/secrets.js';
import { bearer } from '../../testing/fixtures.js';
import { buildAppAgain } from '../../testing/restart.js';
import { useTestApp } from '../../testing/use-test-app.js';

const newKey = () => crypto.randomBytes(32).toString('base64');

// First start without SECRETS_KEY: the keys are written plain, as before the key existed.
const { ctx, accounts, tree } = useTestApp({ tree: true });
/** The app of the latest start (the tests restart it with other keys). */
let app: FastifyInstance;
let facultyId: string;
let fileId: string;

beforeAll(() => {
  app = ctx.app;
  facultyId = accounts.faculty;
  fileId = tree.fileId;
});
// Runs before useTestApp closes its own app and database.
afterAll(async () => app?.close());

const storedKeys = () => ctx.database.db.select().from(signingKey);
const storedDownloadSecret = async () =>
  (await ctx.database.db.select().from(setting).where(eq(setting.key, 'download-secret')))[0]!.value;

async function signFaculty(): Promise<string> {
  const signed = await app.tokens.sign({
    subject: facultyId,
    displayName: 'Faculty',
    email: 'faculty@test.example.edu',
    picture: null,
  });
  return signed.token;
}

const sessionStatus = async (token: string) =>
  (
    await app.inject({
      method: 'GET',
      url: '/api/v1/auth/session',
      headers: { authorization: `Bearer ${token}` },
    })
  ).statusCode;

/** A signed download link of the courseware file, as faculty gets it (valid five minutes). */
async function downloadLink(): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/files/${fileId}/download-url`,
    headers: await bearer(app, facultyId),
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ publicUrl: string }>().publicUrl;
}

const linkStatus = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;

/** Closes the running app and starts it again with `env`. */
async function restart(env: Record<string, string>): Promise<void> {
  await app.close();
  app = await buildAppAgain(ctx, env);
}

describe('keys at rest', () => {
  const first = newKey();
  const second = newKey();
  let tokenBefore: string;

  it('seals the plain keys at the first start with SECRETS_KEY, and a token signed before still verifies', async () => {
    const [plain] = await storedKeys();
    expect(isSealed(plain!.secret)).toBe(false);
    expect(isSealed(await storedDownloadSecret())).toBe(false);
    tokenBefore = await signFaculty();

    await restart({ SECRETS_KEY: first });
    const rows = await storedKeys();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.secret).toMatch(/^v1:[\w-]+:[\w-]+:[\w-]+$/);
      expect(row.secret).not.toContain(plain!.secret);
    }
    expect(isSealed(await storedDownloadSecret())).toBe(true);
    expect(await sessionStatus(tokenBefore)).toBe(200);
  });

  it('keeps a token and a download link valid across a restart with the same key, and seals new keys', async () => {
    const token = await signFaculty();
    const link = await downloadLink();
    const rotated = await app.tokens.rotate();
    const [newRow] = await ctx.database.db.select().from(signingKey).where(eq(signingKey.kid, rotated.kid));
    expect(isSealed(newRow!.secret)).toBe(true);
    await restart({ SECRETS_KEY: first });
    expect(await sessionStatus(token)).toBe(200);
    expect(await linkStatus(link)).toBe(200);
    expect(await sessionStatus(await signFaculty())).toBe(200);
  });

  it('rotates SECRETS_KEY: the previous key still opens, and every secret is sealed again under the new one', async () => {
    const keysBefore = new Map((await storedKeys()).map((r) => [r.kid, r.secret]));
    const downloadBefore = await storedDownloadSecret();
    const link = await downloadLink();
    await restart({ SECRETS_KEY: second, SECRETS_KEY_PREVIOUS: `${newKey()}, ${first}` });
    for (const row of await storedKeys()) {
      expect(isSealed(row.secret)).toBe(true);
      expect(row.secret).not.toBe(keysBefore.get(row.kid));
    }
    expect(await storedDownloadSecret()).not.toBe(downloadBefore);
    expect(await sessionStatus(tokenBefore)).toBe(200);
    expect(await linkStatus(link)).toBe(200);
    // The old key is no longer needed once the secrets are sealed again.
    await restart({ SECRETS_KEY: second });
    expect(await sessionStatus(tokenBefore)).toBe(200);
  });

  it('stops the start with a message naming SECRETS_KEY when the key is wrong or missing', async () => {
    await app.close();
    await expect(buildAppAgain(ctx, { SECRETS_KEY: first })).rejects.toThrow(
      /does not open with SECRETS_KEY or any key of SECRETS_KEY_PREVIOUS/,
    );
    await expect(buildAppAgain(ctx, {})).rejects.toThrow(/encrypted, but SECRETS_KEY is not set/);
    app = await buildAppAgain(ctx, { SECRETS_KEY: second });
    expect(await sessionStatus(tokenBefore)).toBe(200);
  });
});
