/**
 * Replacing a courseware file's contents (issue 37) on a real database and file store: the file keeps
 * its id and address and serves the new bytes, the earlier bytes are kept as a file version, and the
 * item's history shows the replacement with sizes and SHA-256; refused callers and bad input.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Role } from '@portal/shared/enums';
import {
  ContentRevisionDiffSchema,
  ContentRevisionListSchema,
  ReplaceFileResponseSchema,
} from '@portal/shared/schemas/revisions';
import { fileVersion } from '../../db/schema/files.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer } from '../../testing/fixtures.js';
import { multipart, type MultipartFile } from '../../testing/multipart.js';
import { storageKeysInUse } from './files.repository.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });

const headersOf = async (role?: Role) => (role ? await bearer(ctx.app, accounts[role]) : {});
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function uploadText(text: string, name = 'Lab handout'): Promise<string> {
  const body = multipart(
    { type: 'text/plain', name, visibility: 'private', metadataType: 'content', metadataId: tree.lab },
    { filename: 'handout.txt', contentType: 'text/plain', content: Buffer.from(text) },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload: body.payload,
    headers: { ...body.headers, ...(await headersOf('contenteditor')) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function replace(id: string, part?: MultipartFile, fields: Record<string, string> = {}, role?: Role) {
  const body = multipart(fields, part);
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/files/${id}/content`,
    payload: body.payload,
    headers: { ...body.headers, ...(await headersOf(role)) },
  });
}

async function downloadText(id: string): Promise<string> {
  const url = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/files/${id}/download-url`,
    headers: await headersOf('faculty'),
  });
  expect(url.statusCode, url.body).toBe(200);
  return (await ctx.app.inject({ method: 'GET', url: url.json().publicUrl })).body;
}

describe('PUT /api/v1/files/{id}/content', () => {
  it('keeps the id and address, serves the new bytes and keeps the earlier version in the history', async () => {
    const before = Buffer.from('Step 1: run the old setup script.\n');
    const after = Buffer.from('Step 1: run the fixed setup script, then check the routes.\n');
    const id = await uploadText(before.toString());
    const res = await replace(
      id,
      { filename: 'handout-v2.txt', contentType: 'text/plain', content: after },
      { name: 'Lab handout v2' },
      'contenteditor',
    );
    expect(res.statusCode, res.body).toBe(200);
    const replaced = ReplaceFileResponseSchema.parse(res.json());
    expect(replaced).toMatchObject({ id, contentId: tree.lab, size: after.length, sha256: sha(after) });
    expect(await downloadText(id)).toBe(after.toString());
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${id}`,
      headers: await headersOf('faculty'),
    });
    expect(info.json()).toMatchObject({ id, name: 'Lab handout v2' });

    const [kept] = await ctx.database.db.select().from(fileVersion).where(eq(fileVersion.fileId, id));
    expect(kept).toMatchObject({ name: 'Lab handout', size: before.length, sha256: sha(before) });
    // The earlier bytes are in use: the store's sweep leaves them.
    expect((await storageKeysInUse(ctx.database.db)).has(kept!.storageKey)).toBe(true);

    const list = ContentRevisionListSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/content/${tree.lab}/revisions`,
          headers: await headersOf('faculty'),
        })
      ).json(),
    );
    expect(list.items[0]).toMatchObject({
      version: replaced.version,
      authorId: accounts.contenteditor,
      fields: [],
      files: [{ id, name: 'Lab handout v2', change: 'replaced' }],
    });
    const diff = ContentRevisionDiffSchema.parse(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/content/${tree.lab}/revisions/diff?from=${replaced.version - 1}&to=${replaced.version}`,
          headers: await headersOf('faculty'),
        })
      ).json(),
    );
    expect(diff.files).toEqual([
      {
        id,
        change: 'replaced',
        before: { name: 'Lab handout', size: before.length, sha256: sha(before) },
        after: { name: 'Lab handout v2', size: after.length, sha256: sha(after) },
      },
    ]);
  });

  it('refuses visitors, students and faculty before reading the body, and bad input', async () => {
    const id = await uploadText('Keep me.\n');
    const part = { filename: 'x.txt', contentType: 'text/plain', content: Buffer.from('Not allowed.\n') };
    expect((await replace(id, part)).statusCode).toBe(401);
    for (const role of ['student', 'faculty'] as const)
      expect((await replace(id, part, {}, role)).statusCode).toBe(403);
    expect(await downloadText(id)).toBe('Keep me.\n');

    expect((await replace(crypto.randomUUID(), part, {}, 'contenteditor')).statusCode).toBe(404);
    expect((await replace('not-a-uuid', part, {}, 'contenteditor')).statusCode).toBe(400);
    // No file part, an unknown field, a blank name.
    expect((await replace(id, undefined, {}, 'contenteditor')).statusCode).toBe(400);
    expect((await replace(id, part, { kind: 'image' }, 'contenteditor')).statusCode).toBe(400);
    expect((await replace(id, part, { name: ' ' }, 'contenteditor')).statusCode).toBe(400);
    // Content that is not what its part says.
    const fake = { filename: 'x.png', contentType: 'image/png', content: Buffer.from('plain words') };
    expect((await replace(id, fake, {}, 'contenteditor')).statusCode).toBe(422);
    // Not multipart at all.
    const json = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/files/${id}/content`,
      payload: { file: 'x' },
      headers: await headersOf('contenteditor'),
    });
    expect(json.statusCode).toBe(400);
    expect(await downloadText(id)).toBe('Keep me.\n');
    expect(await ctx.database.db.select().from(fileVersion).where(eq(fileVersion.fileId, id))).toEqual([]);
  });
});
