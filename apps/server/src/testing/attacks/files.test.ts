/**
 * Attacks on untrusted files and on the keys at rest (issue 20 "Untrusted files", "Keys at rest"), one
 * `it` per attack, named by what it tries, against the real app on a real database.
 */
import crypto from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import type { Page } from '@portal/shared/schemas/pages';
import { eq } from 'drizzle-orm';
import { fileText } from '../../db/schema/files.js';
import { setting, signingKey } from '../../db/schema/identity.js';
import { bearer, createAccounts, createTree } from '../fixtures.js';
import { compressionBombPdf, manyPagesPdf } from '../pdf.js';
import { multipart } from '../multipart.js';
import { createTestContext, type TestContext } from '../test-app.js';
import { useTestApp } from '../use-test-app.js';

const { ctx, accounts } = useTestApp();
const as: Partial<Record<Role, { authorization: string }>> = {};

beforeAll(async () => {
  for (const role of Object.keys(accounts) as Role[]) as[role] = await bearer(ctx.app, accounts[role]);
});

let pagesMade = 0;
/** A page made by the content editor, of the given status. */
async function newPage(status: Page['status']): Promise<Page> {
  pagesMade += 1;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/pages',
    headers: as.contenteditor,
    payload: {
      title: `Attack page ${pagesMade}`,
      status,
      description: 'A page of the attack tests.',
      href: `/attack-page-${pagesMade}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Uploads a public widget file of `type` for a page, as the content editor; returns its id. */
async function uploadPageFile(pageId: string, type: string, filename: string, content: Buffer) {
  const body = multipart(
    { type, name: filename, visibility: 'public', metadataType: 'page', metadataId: pageId, kind: 'file' },
    { filename, contentType: type, content },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload: body.payload,
    headers: { ...body.headers, ...as.contenteditor },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; publicUrl: string }>();
}

const fetchAs = (url: string, role?: Role) =>
  ctx.app.inject({ method: 'GET', url, headers: role ? as[role] : {} });

describe('untrusted files', () => {
  it("an unpublished page's file fetched by id by a visitor is 404", async () => {
    const page = await newPage('unpublished');
    const { id, publicUrl } = await uploadPageFile(page.id, 'text/plain', 'draft.txt', Buffer.from('draft'));
    for (const role of [undefined, 'student', 'faculty'] as const) {
      expect((await fetchAs(publicUrl, role)).statusCode, role ?? 'visitor').toBe(404);
      expect((await fetchAs(`/api/v1/files/${id}`, role)).statusCode, role ?? 'visitor').toBe(404);
    }
    // Its editor still reaches it, and once the page is published so does everyone.
    expect((await fetchAs(publicUrl, 'contenteditor')).body).toBe('draft');
    const published = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/pages/${page.id}`,
      headers: as.contenteditor,
      payload: { title: page.title, status: 'published', version: page.version },
    });
    expect(published.statusCode, published.body).toBe(200);
    const served = await fetchAs(publicUrl);
    expect(served.body).toBe('draft');
    // A copy kept by a browser or a proxy is checked on every use, so it ends with the page's publication.
    expect(served.headers['cache-control']).toBe('public, no-cache');
    const etag = String(served.headers.etag);
    const revalidate = () =>
      ctx.app.inject({ method: 'GET', url: publicUrl, headers: { 'if-none-match': etag } });
    const notModified = await revalidate();
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const unpublished = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/pages/${page.id}`,
      headers: as.contenteditor,
      payload: { title: page.title, status: 'unpublished' },
    });
    expect(unpublished.statusCode, unpublished.body).toBe(200);
    expect((await revalidate()).statusCode).toBe(404);
  });

  it("an archived page's file is 404 to an editor who may not view archived content", async () => {
    const page = await newPage('archived');
    const { publicUrl } = await uploadPageFile(page.id, 'text/plain', 'old.txt', Buffer.from('old'));
    expect((await fetchAs(publicUrl)).statusCode).toBe(404);
    expect((await fetchAs(publicUrl, 'faculty')).statusCode).toBe(404);
    expect((await fetchAs(publicUrl, 'contenteditor')).statusCode).toBe(200);
  });

  it.each([
    ['text/javascript', 'payload.js', 'alert(document.domain)'],
    ['application/javascript', 'payload.mjs', 'export default fetch("/api/v1/me")'],
    ['text/html', 'payload.html', '<!doctype html><script>alert(document.domain)</script>'],
    [
      'application/xhtml+xml',
      'payload.xhtml',
      '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
    ],
    [
      'application/xml',
      'payload.xml',
      '<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>',
    ],
    ['text/xml', 'payload.xml', '<?xml version="1.0"?><a/>'],
    ['text/css', 'payload.css', 'body { background: url(/api/v1/me) }'],
  ])(
    'an uploaded %s file is never served as script or markup of the portal',
    async (type, filename, source) => {
      const page = await newPage('published');
      const { publicUrl } = await uploadPageFile(page.id, type, filename, Buffer.from(source));
      const res = await fetchAs(publicUrl);
      expect(res.statusCode).toBe(200);
      // Typed as bytes, so with nosniff a <script src> or <link rel=stylesheet> refuses it; saved, not shown.
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="payload\.\w+"/);
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toBe(source);
    },
  );

  it('an uploaded SVG with a script is drawn by <img> only, never opened as a document of the portal', async () => {
    const page = await newPage('published');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>';
    const { publicUrl } = await uploadPageFile(page.id, 'image/svg+xml', 'logo.svg', Buffer.from(svg));
    const res = await fetchAs(publicUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('a raster image is the only kind of upload shown inline', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const page = await newPage('published');
    const { publicUrl } = await uploadPageFile(page.id, 'image/png', 'dot.png', png);
    const res = await fetchAs(publicUrl);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="dot\.png"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('a PNG claimed as JavaScript is refused, and a script claimed as a PNG is refused', async () => {
    const page = await newPage('published');
    const send = (type: string, filename: string, content: Buffer) => {
      const body = multipart(
        {
          type,
          name: filename,
          visibility: 'public',
          metadataType: 'page',
          metadataId: page.id,
          kind: 'file',
        },
        { filename, contentType: type, content },
      );
      return ctx.app.inject({
        method: 'POST',
        url: '/api/v1/files',
        payload: body.payload,
        headers: { ...body.headers, ...as.contenteditor },
      });
    };
    expect((await send('image/png', 'x.png', Buffer.from('alert(1)'))).statusCode).toBe(422);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await send('text/javascript', 'x.js', png)).statusCode).toBe(422);
  });
});

describe('keys at rest', () => {
  it('the signing keys and download secret read from the database forge no token or link without SECRETS_KEY', async () => {
    const sealed = await createTestContext({ SECRETS_KEY: crypto.randomBytes(32).toString('base64') });
    try {
      const { faculty } = await createAccounts(sealed.database.db);
      const rows = await sealed.database.db.select().from(signingKey);
      expect(rows.length).toBeGreaterThan(0);
      const session = (token: string) =>
        sealed.app.inject({
          method: 'GET',
          url: '/api/v1/auth/session',
          headers: { authorization: `Bearer ${token}` },
        });
      for (const row of rows) {
        expect(row.secret).toMatch(/^v1:/);
        // An attacker who reads the row signs a token for another account with what is stored.
        const now = Math.floor(Date.now() / 1000);
        const forged = await new SignJWT({
          displayName: 'x',
          email: 'x',
          provider: 'portal',
          auth_time: now,
          iat_ms: Date.now(),
        })
          .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: row.kid })
          .setSubject(faculty)
          .setJti(crypto.randomUUID())
          .setIssuer('range-portal')
          .setAudience('portal')
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(new TextEncoder().encode(row.secret));
        expect((await session(forged)).statusCode).toBe(401);
      }
      const real = await sealed.app.tokens.sign({
        subject: faculty,
        displayName: 'x',
        email: 'x',
        picture: null,
      });
      expect((await session(real.token)).statusCode).toBe(200);
      const [download] = await sealed.database.db
        .select()
        .from(setting)
        .where(eq(setting.key, 'download-secret'));
      expect(download!.value).toMatch(/^v1:/);
    } finally {
      await sealed.close();
    }
  });
});

/** The usual answer time of a search, which it keeps while a hostile document is being read. */
const SEARCH_USUAL_MS = 500;
/** The pause between two searches while a document is read. */
const ROUND_PAUSE_MS = 50;
/** The longest a test waits for a document's text job. */
const EXTRACTION_WAIT_MS = 90_000;

/**
 * Uploads `pdf` as a courseware file of the tree's lab (which queues its text job), then searches the
 * catalogue over and over until the job has written its outcome.
 * @returns each round's time (a search and a look at the job, in ms) and the outcome: the text's length, or why it was not read
 */
async function searchWhileReading(
  test: TestContext,
  editor: { authorization: string },
  lab: string,
  pdf: Buffer,
): Promise<{ latencies: number[]; textLength: number; failureReason: string | null }> {
  const body = multipart(
    {
      type: 'application/pdf',
      name: 'Hostile handout',
      visibility: 'private',
      metadataType: 'content',
      metadataId: lab,
      kind: 'file',
    },
    { filename: 'handout.pdf', contentType: 'application/pdf', content: pdf },
  );
  const uploaded = await test.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload: body.payload,
    headers: { ...body.headers, ...editor },
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const fileId = uploaded.json<{ id: string }>().id;
  const latencies: number[] = [];
  const deadline = Date.now() + EXTRACTION_WAIT_MS;
  for (;;) {
    // One round: a search, a look at the job's outcome and a short pause. A stalled event loop shows in
    // whichever part it falls, so the whole round is timed, less its pause.
    const started = performance.now();
    const search = await test.app.inject({ method: 'GET', url: '/api/v1/content/search?q=scripting' });
    expect(search.statusCode).toBe(200);
    expect(search.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);
    const [row] = await test.database.db
      .select({ text: fileText.text, reason: fileText.failureReason })
      .from(fileText)
      .where(eq(fileText.fileId, fileId));
    await new Promise((resolve) => setTimeout(resolve, ROUND_PAUSE_MS));
    latencies.push(performance.now() - started - ROUND_PAUSE_MS);
    if (row) return { latencies, textLength: row.text.length, failureReason: row.reason };
    if (Date.now() > deadline) throw new Error('The text job did not finish in time.');
  }
}

describe('hostile documents', () => {
  it('a compression-bomb PDF does not stall search, and ends marked not extracted', async () => {
    // The heap is lowered so the test ends in seconds; the bomb inflates to 300 MB either way.
    const test = await createTestContext({ DOCUMENT_TEXT_MEMORY_MB: '64' });
    try {
      const accounts = await createAccounts(test.database.db);
      const { lab } = await createTree(test.database.db, test.fileStore);
      const bomb = await compressionBombPdf(300);
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const outcome = await searchWhileReading(
        test,
        await bearer(test.app, accounts.contenteditor),
        lab,
        bomb,
      );
      expect(outcome.latencies.length).toBeGreaterThan(3);
      expect(Math.max(...outcome.latencies)).toBeLessThan(SEARCH_USUAL_MS);
      expect(outcome.textLength).toBe(0);
      expect(outcome.failureReason).toBe('the document needs more than 64 MB of memory to read.');
    } finally {
      await test.close();
    }
  });

  it('a compression-bomb PDF of 1 GB of blanks (outside the heap) does not stall search nor fill memory', async () => {
    const test = await createTestContext();
    try {
      const accounts = await createAccounts(test.database.db);
      const { lab } = await createTree(test.database.db, test.fileStore);
      const bomb = await compressionBombPdf(1024, 'blank');
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const outcome = await searchWhileReading(
        test,
        await bearer(test.app, accounts.contenteditor),
        lab,
        bomb,
      );
      expect(Math.max(...outcome.latencies)).toBeLessThan(SEARCH_USUAL_MS);
      expect(outcome.textLength).toBe(0);
      expect(outcome.failureReason).toBe('the document needs more than 256 MB of memory to read.');
    } finally {
      await test.close();
    }
  });

  it('a 2,000-page PDF does not stall search, and is read within the limits', async () => {
    const test = await createTestContext();
    try {
      const accounts = await createAccounts(test.database.db);
      const { lab } = await createTree(test.database.db, test.fileStore);
      const pdf = manyPagesPdf(2000, 'Heap spraying chapter');
      const outcome = await searchWhileReading(
        test,
        await bearer(test.app, accounts.contenteditor),
        lab,
        pdf,
      );
      expect(outcome.latencies.length).toBeGreaterThan(3);
      expect(Math.max(...outcome.latencies)).toBeLessThan(SEARCH_USUAL_MS);
      expect(outcome.failureReason).toBeNull();
      expect(outcome.textLength).toBeGreaterThan(2000 * 'Heap spraying chapter'.length);
      const found = await test.app.inject({ method: 'GET', url: '/api/v1/content/search?q=spraying' });
      expect(found.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toContain(lab);
    } finally {
      await test.close();
    }
  });
});
