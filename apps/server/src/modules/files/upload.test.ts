/**
 * Uploads against a real database and the real disk store (issue 3 "What must show"): each allowed
 * kind, every limit refused with the right status and text and nothing left behind, sniffed type
 * mismatches, path-traversal names, private files refused to the unpermitted, delete.
 */
import fs from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { MESSAGES } from '@portal/shared/errors';
import {
  AVATAR_MAX_BYTES,
  FILE_MAX_BYTES,
  FILE_NAME_MAX,
  IMAGE_MAX_BYTES,
  LOGO_MAX_BYTES,
} from '@portal/shared/limits';
import { FILE_MESSAGES } from '@portal/shared/schemas/files';
import { file } from '../../db/schema/files.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer } from '../../testing/fixtures.js';
import { multipart, type MultipartFile } from '../../testing/multipart.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** The start of a JPEG (JFIF). */
const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(200, 7),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="290" height="80"><rect width="290" height="80"/></svg>\n',
);
const MARKDOWN = Buffer.from('# Lab handout\n\nSteps of the lab.\n');
/** A zip (the container of docx, pptx and xlsx files). */
const ZIP = Buffer.from(
  'UEsDBAoAAAAAAAAAIQAAAAAAAAAAAAAAAAAJAAAAZW1wdHkudHh0UEsBAhQACgAAAAAAAAAhAAAAAAAAAAAAAAAAAAkAAAAAAAAAAAAAAAAAAAAAAGVtcHR5LnR4dFBLBQYAAAAAAQABADcAAAAnAAAAAAA=',
  'base64',
);

const filesDir = () => path.join(ctx.dataDir, 'files');

/** Every regular file under the store, as paths relative to it (partial uploads included). */
function storedObjects(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out.push(path.relative(filesDir(), full));
    }
  };
  walk(filesDir());
  return out.sort();
}

async function fileRowCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(file);
  return row!.n;
}

interface UploadArgs {
  fields?: Record<string, string>;
  file?: MultipartFile;
  role?: Role;
  headers?: Record<string, string>;
}

/** Posts an upload as `role` (curator by default): content file of the lab, private, unless overridden. */
async function upload({ fields = {}, file: part, role = 'contenteditor', headers = {} }: UploadArgs) {
  const body = multipart(
    {
      type: 'application/pdf',
      name: 'Lab handout',
      visibility: 'private',
      metadataType: 'content',
      metadataId: tree.lab,
      ...fields,
    },
    part,
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload: body.payload,
    headers: { ...body.headers, ...(await bearer(ctx.app, accounts[role])), ...headers },
  });
}

const asRole = async (role?: Role) => (role ? await bearer(ctx.app, accounts[role]) : {});

async function downloadBytes(id: string, role: Role = 'faculty'): Promise<Buffer> {
  const url = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/files/${id}/download-url`,
    headers: await asRole(role),
  });
  expect(url.statusCode).toBe(200);
  const res = await ctx.app.inject({ method: 'GET', url: url.json().publicUrl });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('upload of each allowed kind', () => {
  it('stores a private courseware PDF streamed to disk, and faculty downloads the same bytes', async () => {
    const res = await upload({
      file: { filename: 'Buffer_Overflow.pdf', contentType: 'application/pdf', content: PDF },
    });
    expect(res.statusCode).toBe(201);
    const { id, publicUrl } = res.json();
    expect(publicUrl).toBeNull();
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${id}`,
      headers: await asRole('faculty'),
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      id,
      name: 'Lab handout',
      filename: 'Buffer_Overflow.pdf',
      type: 'application/pdf',
      size: PDF.length,
      status: 'ready',
      visibility: 'private',
      metadataType: 'content',
      metadataId: tree.lab,
      icon: 'pdf',
      publicUrl: null,
    });
    expect((await downloadBytes(id)).equals(PDF)).toBe(true);
    // It is listed among the item's files, after the existing one.
    const content = await ctx.app.inject({ method: 'GET', url: `/api/v1/content/${tree.lab}` });
    expect(content.json().files.map((f: { id: string }) => f.id)).toEqual([tree.fileId, id]);
  });

  it.each([
    ['markdown text', 'text/markdown', 'sheet.md', MARKDOWN, 'text'],
    [
      'a docx (a zip inside)',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'notes.docx',
      ZIP,
      'document',
    ],
    [
      'an unknown binary type',
      'application/x-virtualbox-ova',
      'router.ova',
      Buffer.alloc(5000, 3),
      'archive',
    ],
  ])('stores %s as a file', async (_label, type, filename, content, icon) => {
    const res = await upload({
      fields: { type, name: filename },
      file: { filename, contentType: type, content },
    });
    expect(res.statusCode).toBe(201);
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${res.json().id}`,
      headers: await asRole('faculty'),
    });
    expect(info.json()).toMatchObject({ type, size: content.length, icon });
  });

  it('serves a public image at its public address to anyone, without a signature', async () => {
    const res = await upload({
      fields: { type: 'image/png', name: 'Banner', visibility: 'public', kind: 'image', metadataId: '' },
      file: { filename: 'banner.png', contentType: 'image/png', content: PNG },
    });
    expect(res.statusCode).toBe(201);
    const { id, publicUrl } = res.json();
    expect(publicUrl).toBe(`/api/v1/files/${id}/content`);
    const served = await ctx.app.inject({ method: 'GET', url: publicUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const info = await ctx.app.inject({ method: 'GET', url: `/api/v1/files/${id}` });
    expect(info.json()).toMatchObject({ publicUrl, visibility: 'public', icon: 'image' });
  });

  it('stores an avatar (JPEG), a logo (SVG) and a contributor portrait (PNG)', async () => {
    const avatar = await upload({
      fields: { type: 'image/jpeg', name: 'Avatar', visibility: 'public', kind: 'avatar', metadataId: '' },
      file: { filename: 'me.jpg', contentType: 'image/jpeg', content: JPEG },
    });
    expect(avatar.statusCode).toBe(201);
    const logo = await upload({
      fields: { type: 'image/svg+xml', name: 'Logo', visibility: 'public', kind: 'logo', metadataId: '' },
      file: { filename: 'logo.svg', contentType: 'image/svg+xml', content: SVG },
    });
    expect(logo.statusCode).toBe(201);
    const portrait = await upload({
      fields: {
        type: 'image/png',
        name: 'Grace Hopper',
        visibility: 'public',
        metadataType: 'portrait',
        metadataId: tree.contributorId,
      },
      file: { filename: 'grace.png', contentType: 'image/png', content: PNG },
    });
    expect(portrait.statusCode).toBe(201);
    const info = await ctx.app.inject({ method: 'GET', url: `/api/v1/files/${portrait.json().id}` });
    expect(info.json()).toMatchObject({ metadataType: 'portrait', metadataId: tree.contributorId });
  });

  it('accepts a file of exactly its limit', async () => {
    const res = await upload({
      fields: {
        type: 'application/octet-stream',
        name: 'Exactly at the limit',
        visibility: 'public',
        kind: 'avatar',
        metadataId: '',
      },
      file: { filename: 'limit.bin', content: { size: AVATAR_MAX_BYTES, byte: 1 } },
    });
    // An avatar must be an image: the type is refused before any byte is read.
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(FILE_MESSAGES.imageTypeRequired);
    const file = await upload({
      fields: { type: 'application/octet-stream', name: 'Exactly at the limit', kind: 'file' },
      file: { filename: 'limit.bin', content: { size: AVATAR_MAX_BYTES, byte: 1 } },
    });
    expect(file.statusCode).toBe(201);
    expect((await downloadBytes(file.json().id)).length).toBe(AVATAR_MAX_BYTES);
  });
});

describe('limits: refused with the right status and text, nothing left on disk or in the database', () => {
  const cases: [string, Record<string, string>, string, number][] = [
    ['a file', { type: 'application/octet-stream', kind: 'file' }, 'big.bin', FILE_MAX_BYTES + 1],
    ['an image', { type: 'image/png', kind: 'image', visibility: 'public' }, 'big.png', IMAGE_MAX_BYTES + 1],
    [
      'an avatar',
      { type: 'image/png', kind: 'avatar', visibility: 'public' },
      'big.png',
      AVATAR_MAX_BYTES + 1,
    ],
    ['a logo', { type: 'image/png', kind: 'logo', visibility: 'public' }, 'big.png', LOGO_MAX_BYTES + 1],
  ];
  it.each(cases)('refuses %s one byte over its limit with 413', async (_label, fields, filename, size) => {
    const before = { objects: storedObjects(), rows: await fileRowCount() };
    // Images start with a real PNG header so that the sniff passes and only the size is at fault.
    const content =
      fields.type === 'image/png'
        ? Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 0)])
        : { size, byte: 0x5a };
    const res = await upload({ fields, file: { filename, contentType: fields.type, content } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: 'too_large',
      message: MESSAGES.uploadTooLarge,
      requestId: res.headers['x-request-id'],
    });
    expect(storedObjects()).toEqual(before.objects);
    expect(await fileRowCount()).toBe(before.rows);
  });

  it('refuses a request declaring more than the largest limit before reading it', async () => {
    const res = await upload({
      file: { filename: 'x.pdf', contentType: 'application/pdf', content: PDF },
      headers: { 'content-length': String(FILE_MAX_BYTES * 2) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MESSAGES.uploadTooLarge);
  });

  it('requires a file name of at most 120 characters', async () => {
    const before = { objects: storedObjects(), rows: await fileRowCount() };
    const part = { filename: 'a.pdf', contentType: 'application/pdf', content: PDF };
    const missing = await upload({ fields: { name: '   ' }, file: part });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain(FILE_MESSAGES.nameRequired);
    expect(missing.json().details.issues[0].field).toBe('body.name');
    const long = await upload({ fields: { name: 'n'.repeat(FILE_NAME_MAX + 1) }, file: part });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(FILE_MESSAGES.nameTooLong);
    expect(storedObjects()).toEqual(before.objects);
    expect(await fileRowCount()).toBe(before.rows);
    const exact = await upload({ fields: { name: 'n'.repeat(FILE_NAME_MAX) }, file: part });
    expect(exact.statusCode).toBe(201);
  });
});

describe('content sniffing', () => {
  it.each([
    ['a PDF sent as a PNG image', { type: 'image/png', kind: 'image' }, PDF],
    ['text sent as a PDF', { type: 'application/pdf' }, MARKDOWN],
    ['a PNG sent as text', { type: 'text/plain' }, PNG],
    ['a PNG sent as a zip', { type: 'application/zip' }, PNG],
    ['text sent as an SVG image', { type: 'image/svg+xml', kind: 'logo' }, MARKDOWN],
  ])('refuses %s with 422 and keeps nothing', async (_label, fields, content) => {
    const before = { objects: storedObjects(), rows: await fileRowCount() };
    const res = await upload({ fields, file: { filename: 'file', contentType: fields.type, content } });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('rule_broken');
    expect(res.json().message).toContain(FILE_MESSAGES.typeMismatch);
    expect(storedObjects()).toEqual(before.objects);
    expect(await fileRowCount()).toBe(before.rows);
  });

  it('stores what it found for a file sent as application/octet-stream', async () => {
    const res = await upload({
      fields: { type: 'application/octet-stream' },
      file: { filename: 'slides', content: PDF },
    });
    expect(res.statusCode).toBe(201);
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${res.json().id}`,
      headers: await asRole('faculty'),
    });
    expect(info.json().type).toBe('application/pdf');
  });

  it('refuses a non-image type for an image kind with 400 before reading the file', async () => {
    const res = await upload({
      fields: { type: 'application/pdf', kind: 'image' },
      file: { filename: 'a.pdf', content: PDF },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(FILE_MESSAGES.imageTypeRequired);
  });
});

describe('names from the client never reach the file system', () => {
  it.each([
    ['../../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\system32\\evil.pdf', 'evil.pdf'],
    ['/absolute/path/handout.pdf', 'handout.pdf'],
    ['..', 'Lab handout'],
    ['con.pdf', '_con.pdf'],
    ['we<ird>:na|me?.pdf', 'we_ird__na_me_.pdf'],
  ])('stores %s as a plain name (%s) under a generated key', async (clientName, expected) => {
    const res = await upload({
      file: { filename: clientName, contentType: 'application/pdf', content: PDF },
    });
    expect(res.statusCode).toBe(201);
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${res.json().id}`,
      headers: await asRole('faculty'),
    });
    expect(info.json().filename).toBe(expected);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${res.json().id}/download-url`,
      headers: await asRole('faculty'),
    });
    expect(download.json().name).toBe(expected);
    // Everything in the store has a generated key; nothing was written outside it.
    for (const object of storedObjects()) expect(object).toMatch(/^[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(fs.existsSync(path.join(ctx.dataDir, 'etc'))).toBe(false);
    expect(fs.existsSync(path.join(path.dirname(ctx.dataDir), 'windows'))).toBe(false);
  });
});

describe('permissions and bad requests', () => {
  const part = { filename: 'a.pdf', contentType: 'application/pdf', content: PDF };

  it('lets only users who may update content upload (401 visitor, 403 faculty and student)', async () => {
    const body = multipart(
      { type: 'application/pdf', name: 'x', visibility: 'private', metadataType: 'content' },
      part,
    );
    const visitor = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: body.payload,
      headers: body.headers,
    });
    expect(visitor.statusCode).toBe(401);
    expect((await upload({ file: part, role: 'faculty' })).statusCode).toBe(403);
    expect((await upload({ file: part, role: 'student' })).statusCode).toBe(403);
  });

  it('refuses private files to the unpermitted: 401 signed out, 403 without CanViewFiles', async () => {
    const { id } = (await upload({ file: part })).json();
    for (const url of [`/api/v1/files/${id}`, `/api/v1/files/${id}/download-url`]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect(
        (await ctx.app.inject({ method: 'GET', url, headers: await asRole('student') })).statusCode,
      ).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'GET', url, headers: await asRole('faculty') })).statusCode,
      ).toBe(200);
    }
    const unsigned = await ctx.app.inject({ method: 'GET', url: `/api/v1/files/${id}/content` });
    expect(unsigned.statusCode).toBe(403);
  });

  it('hides the files of an unpublished item from faculty (404) and refuses uploads to unknown items (422)', async () => {
    const hiddenFile = await upload({ fields: { metadataId: tree.hidden }, file: part });
    expect(hiddenFile.statusCode).toBe(201);
    const info = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${hiddenFile.json().id}`,
      headers: await asRole('faculty'),
    });
    expect(info.statusCode).toBe(404);
    const before = { objects: storedObjects(), rows: await fileRowCount() };
    const unknown = await upload({
      fields: { metadataId: '00000000-0000-4000-8000-000000000000' },
      file: part,
    });
    expect(unknown.statusCode).toBe(422);
    expect(storedObjects()).toEqual(before.objects);
    expect(await fileRowCount()).toBe(before.rows);
  });

  it('answers a body that is not multipart, a form without a file, two files and a field after the file with 400', async () => {
    const before = { objects: storedObjects(), rows: await fileRowCount() };
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: { name: 'x' },
      headers: await asRole('contenteditor'),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(FILE_MESSAGES.notMultipart);
    const noFile = await upload({});
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(FILE_MESSAGES.missingFile);
    const boundary = 'xyzBOUNDARY';
    const fieldsPart = [
      'type',
      'application/pdf',
      'name',
      'x',
      'visibility',
      'private',
      'metadataType',
      'content',
    ]
      .reduce<string[]>(
        (acc, v, i, all) =>
          i % 2 === 0
            ? [
                ...acc,
                `--${boundary}\r\nContent-Disposition: form-data; name="${v}"\r\n\r\n${all[i + 1]}\r\n`,
              ]
            : acc,
        [],
      )
      .join('');
    const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n${PDF.toString('latin1')}\r\n`;
    const headers = {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(await asRole('contenteditor')),
    };
    const twoFiles = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: `${fieldsPart}${filePart}${filePart}--${boundary}--\r\n`,
      headers,
    });
    expect(twoFiles.statusCode).toBe(400);
    const fieldAfter = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: `${fieldsPart}${filePart}--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nfile\r\n--${boundary}--\r\n`,
      headers,
    });
    expect(fieldAfter.statusCode).toBe(400);
    const truncated = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: `${fieldsPart}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then the body stops`,
      headers,
    });
    expect(truncated.statusCode).toBe(400);
    expect(storedObjects()).toEqual(before.objects);
    expect(await fileRowCount()).toBe(before.rows);
  });

  it('deletes a file and its bytes for editors only', async () => {
    const { id } = (await upload({ file: part })).json();
    const before = storedObjects();
    const faculty = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/${id}`,
      headers: await asRole('faculty'),
    });
    expect(faculty.statusCode).toBe(403);
    const curator = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/${id}`,
      headers: await asRole('contenteditor'),
    });
    expect(curator.statusCode).toBe(204);
    expect(storedObjects()).toHaveLength(before.length - 1);
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${id}`,
      headers: await asRole('faculty'),
    });
    expect(gone.statusCode).toBe(404);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/${id}`,
      headers: await asRole('contenteditor'),
    });
    expect(again.statusCode).toBe(404);
  });
});
