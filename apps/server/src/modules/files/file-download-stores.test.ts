/**
 * Downloads from either file store (issue 24): byte ranges (206, 416, If-Range) from the local folder
 * and from an S3-compatible bucket (s3rver); with S3_PRESIGNED_DOWNLOADS, a redirect to a presigned URL of
 * the bucket that serves the bytes as an attachment with the file's name, and still records the download.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_PRESIGNED_URL_TTL_S } from '@portal/shared/limits';
import { downloadEvent } from '../../db/schema/statistics.js';
import { bearer } from '../../testing/fixtures.js';
import { startS3Server, type S3TestServer } from '../../testing/s3-server.js';
import { useTestApp } from '../../testing/use-test-app.js';

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => s3?.close());

describe.each([
  ['the local folder', () => ({})],
  ['an S3 bucket', () => s3.env],
])('downloads from %s', (_name, env) => {
  const { ctx, accounts, tree } = useTestApp({ tree: true, env });
  const signedUrl = async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${tree.fileId}/download-url?from=${tree.lab}`,
      headers: await bearer(ctx.app, accounts.faculty),
    });
    return (res.json() as { publicUrl: string }).publicUrl;
  };
  const get = async (headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: await signedUrl(), headers });

  it('serves the whole file, and one byte range with 206 and Content-Range', async () => {
    const size = tree.fileBytes.length;
    const whole = await get();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(tree.fileBytes)).toBe(true);

    const part = await get({ range: 'bytes=2-9' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-9/${size}`);
    expect(part.rawPayload.equals(tree.fileBytes.subarray(2, 10))).toBe(true);
    const tail = await get({ range: 'bytes=-4' });
    expect(tail.rawPayload.equals(tree.fileBytes.subarray(size - 4))).toBe(true);
    const rest = await get({ range: `bytes=${size - 3}-` });
    expect(rest.headers['content-range']).toBe(`bytes ${size - 3}-${size - 1}/${size}`);
    expect(rest.rawPayload.equals(tree.fileBytes.subarray(size - 3))).toBe(true);
  });

  it('answers a range past the end with 416, and several ranges or a stale If-Range with the whole file', async () => {
    const size = tree.fileBytes.length;
    const past = await get({ range: `bytes=${size}-` });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${size}`);
    expect((await get({ range: 'bytes=0-1,4-5' })).statusCode).toBe(200);
    expect((await get({ range: 'bytes=0-1', 'if-range': '"an-older-copy"' })).statusCode).toBe(200);
  });
});

describe('presigned downloads from an S3 bucket', () => {
  const { ctx, accounts, tree } = useTestApp({
    tree: true,
    env: () => ({ ...s3.env, S3_PRESIGNED_DOWNLOADS: 'true' }),
  });

  it('redirects to a presigned URL that serves the bytes as an attachment, and records the download', async () => {
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${tree.fileId}/download-url?from=${tree.lab}`,
      headers: await bearer(ctx.app, accounts.faculty),
    });
    const redirect = await ctx.app.inject({
      method: 'GET',
      url: (link.json() as { publicUrl: string }).publicUrl,
    });
    expect(redirect.statusCode).toBe(302);
    const location = new URL(redirect.headers.location!);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(S3_PRESIGNED_URL_TTL_S));
    const object = await fetch(location);
    expect(object.status).toBe(200);
    const bytes = Buffer.from(await object.arrayBuffer());
    expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(
      crypto.createHash('sha256').update(tree.fileBytes).digest('hex'),
    );
    expect(object.headers.get('content-disposition')).toContain('filename="xss-lab.md"');
    expect(await ctx.database.db.select().from(downloadEvent)).toHaveLength(1);
  });
});
