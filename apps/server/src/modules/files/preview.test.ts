/** File previews against a real database and disk store: kinds, sanitising, refusals, not a download. */
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { PREVIEW_TEXT_MAX_BYTES } from '@portal/shared/limits';
import { downloadEvent } from '../../db/schema/statistics.js';
import { bearer, storeFile } from '../../testing/fixtures.js';
import { useTestApp } from '../../testing/use-test-app.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, text] of Object.entries(files)) zip.addBuffer(Buffer.from(text), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const labFile = async (filename: string, mimeType: string, bytes: Buffer) =>
  (
    await storeFile(ctx.database.db, ctx.fileStore, bytes, {
      name: filename,
      filename,
      mimeType,
      metadataType: 'content',
      metadataId: tree.lab,
    })
  ).id;

const preview = async (fileId: string, role?: Role) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/files/${fileId}/preview`,
    headers: role ? await bearer(ctx.app, accounts[role]) : {},
  });

describe('file preview', () => {
  it('renders a Markdown lab sheet to HTML for faculty', async () => {
    const res = await preview(tree.fileId, 'faculty');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'markdown', filename: 'xss-lab.md', truncated: false });
    expect(res.json().html).toContain('<h1>XSS lab sheet</h1>');
  });

  it('sanitises a hostile Markdown file: no script, handler or javascript: link survives', async () => {
    const hostile = [
      '# Lab',
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '[click](javascript:alert(3))',
      '<iframe src="https://evil.example"></iframe>',
      '<a href="https://example.org" onclick="alert(4)">ok</a>',
    ].join('\n\n');
    const id = await labFile('hostile.md', 'text/markdown', Buffer.from(hostile));
    const { html } = (await preview(id, 'faculty')).json();
    expect(html).toContain('<h1>Lab</h1>');
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|evil\.example/i);
  });

  it('renders AsciiDoc in secure mode and sanitised', async () => {
    const id = await labFile(
      'guide.adoc',
      'text/asciidoc',
      Buffer.from('= Guide\n\n== Setup\n\n++++\n<script>x()</script>\n++++\n'),
    );
    const { kind, html } = (await preview(id, 'faculty')).json();
    expect(kind).toBe('asciidoc');
    expect(html).toContain('Setup');
    expect(html).not.toContain('<script');
  });

  it('gives LaTeX and source files as text with their language, cut at the limit', async () => {
    const tex = await labFile('handout.tex', 'application/x-tex', Buffer.from('\\section{Intro}\nHello'));
    expect((await preview(tex, 'faculty')).json()).toMatchObject({
      kind: 'text',
      language: 'latex',
      text: '\\section{Intro}\nHello',
      truncated: false,
    });
    const long = await labFile(
      'setup.sh',
      'text/x-shellscript',
      Buffer.alloc(PREVIEW_TEXT_MAX_BYTES + 10, 'a'),
    );
    const body = (await preview(long, 'faculty')).json();
    expect(body).toMatchObject({ kind: 'text', language: 'bash', truncated: true });
    expect(body.text).toHaveLength(PREVIEW_TEXT_MAX_BYTES);
  });

  it('serves a PDF and an image inline by the signed link, nosniff and sandboxed', async () => {
    const pdf = await labFile('slides.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));
    const png = await labFile('topology.png', 'image/png', PNG_1X1);
    for (const [id, type, bytes] of [
      [pdf, 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n')],
      [png, 'image/png', PNG_1X1],
    ] as const) {
      const body = (await preview(id, 'faculty')).json();
      expect(body.kind).toBe(type === 'application/pdf' ? 'pdf' : 'image');
      const res = await ctx.app.inject({ method: 'GET', url: body.contentUrl });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toMatch(/^inline;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain('sandbox');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it("lists a zip's entries without extracting it", async () => {
    const id = await labFile(
      'lab.zip',
      'application/zip',
      await zipOf({ 'lab/README.md': '# hi', 'lab/run.sh': 'echo 1' }),
    );
    expect((await preview(id, 'faculty')).json()).toMatchObject({
      kind: 'zip-listing',
      entryCount: 2,
      entries: [
        { name: 'lab/README.md', size: 4, isDirectory: false },
        { name: 'lab/run.sh', size: 6, isDirectory: false },
      ],
    });
  });

  it('says none for a file the browser cannot show', async () => {
    const id = await labFile('image.qcow2', 'application/octet-stream', Buffer.from([0, 1, 2, 3]));
    expect((await preview(id, 'faculty')).json()).toMatchObject({ kind: 'none', contentUrl: null });
  });

  it('refuses students (403) and visitors (401), the preview and its bytes', async () => {
    expect((await preview(tree.fileId, 'student')).statusCode).toBe(403);
    expect((await preview(tree.fileId)).statusCode).toBe(401);
    const bytes = (role?: Role) =>
      (async () =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/v1/files/${tree.fileId}/preview/content`,
          headers: role ? await bearer(ctx.app, accounts[role]) : {},
        }))();
    expect((await bytes('student')).statusCode).toBe(403);
    expect((await bytes()).statusCode).toBe(401);
    const { contentUrl } = (await preview(tree.fileId, 'faculty')).json();
    const forged = contentUrl.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
  });

  it('is not a download: previews and their bytes record no download event', async () => {
    const { contentUrl } = (await preview(tree.fileId, 'faculty')).json();
    expect((await ctx.app.inject({ method: 'GET', url: contentUrl })).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(downloadEvent)).toHaveLength(0);
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${tree.fileId}/download-url?from=${tree.lab}`,
      headers: await bearer(ctx.app, accounts.faculty),
    });
    await ctx.app.inject({ method: 'GET', url: link.json().publicUrl });
    expect(await ctx.database.db.select().from(downloadEvent)).toHaveLength(1);
  });
});
