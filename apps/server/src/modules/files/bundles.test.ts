/**
 * Zip bundles against a real database and the real disk store (issue 3 "What must show"): the content
 * of a produced zip checked by opening it (tree as folders, README, manifest hashes equal to the files'
 * SHA-256, already-compressed files stored), reuse of an unchanged tree, a new bundle for a changed one,
 * download events, audiences, refusals and failures with a reason.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { content } from '../../db/schema/courseware.js';
import { file } from '../../db/schema/files.js';
import { job } from '../../db/schema/jobs.js';
import { downloadEvent } from '../../db/schema/statistics.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer, storeFile } from '../../testing/fixtures.js';
import { readZip, type ZipEntry } from '../../testing/zip.js';

const { ctx, accounts, tree } = useTestApp({ tree: true, env: { JOB_POLL_INTERVAL_MS: '50' } });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** Random bytes under a name that does not say they are compressed: the sample test must notice. */
const RANDOM = crypto.randomBytes(200 * 1024);
const NOTES = Buffer.from('Module notes: read the handouts in order.\n'.repeat(50));
const SECOND_SHEET = Buffer.from('# XSS lab sheet, second edition\n\nOther bytes, same file name.\n');
const DRAFT = Buffer.from('# Draft firewall lab\n');

/** An unchanged bundle is answered within this (issue 3), judged on the fastest of REPEATS answers. */
const REPEAT_TARGET_MS = 100;
const REPEATS = 5;

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

/** Stores bytes and adds them as a courseware file of an item. */
async function addFile(contentId: string, name: string, filename: string, mimeType: string, bytes: Buffer) {
  return storeFile(ctx.database.db, ctx.fileStore, bytes, {
    name,
    filename,
    mimeType,
    metadataId: contentId,
    index: 10,
  });
}

beforeAll(async () => {
  await addFile(tree.lab, 'Screenshot', 'photo.png', 'image/png', PNG);
  await addFile(tree.lab, 'XSS lab sheet (second edition)', 'xss-lab.md', 'text/markdown', SECOND_SHEET);
  await addFile(tree.lab, 'Captured traffic', 'random.bin', 'application/octet-stream', RANDOM);
  await addFile(tree.module, 'Module notes', 'module-notes.txt', 'text/plain', NOTES);
  await addFile(tree.hidden, 'Draft', 'draft.md', 'text/markdown', DRAFT);
});

const asRole = async (role?: Role) => (role ? await bearer(ctx.app, accounts[role]) : {});

async function requestBundle(contentId: string, role: Role = 'faculty') {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/v1/content/${contentId}/bundle`,
    headers: await asRole(role),
  });
}

/** Polls the file until it is no longer pending (000 §4: the client polls the file status). */
async function waitUntilSettled(fileId: string, role: Role = 'faculty') {
  for (let i = 0; i < 400; i += 1) {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${fileId}`,
      headers: await asRole(role),
    });
    expect(res.statusCode).toBe(200);
    if (res.json().status !== 'pending') return res.json();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the bundle stayed pending');
}

async function download(fileId: string, from: string, role: Role = 'faculty'): Promise<Buffer> {
  const link = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/files/${fileId}/download-url?from=${from}`,
    headers: await asRole(role),
  });
  expect(link.statusCode).toBe(200);
  const res = await ctx.app.inject({ method: 'GET', url: link.json().publicUrl });
  expect(res.statusCode).toBe(200);
  // An attachment, typed as bytes to save (servedFileHeaders); its name says .zip.
  expect(res.headers['content-type']).toBe('application/octet-stream');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.zip"/);
  return res.rawPayload;
}

const entryNames = (entries: ZipEntry[]) => entries.map((e) => e.name);
const today = () => new Date().toISOString().slice(0, 10);

describe('zip bundle of an item and all its children', () => {
  let bundleId: string;
  let entries: ZipEntry[];

  it('is requested as a private pending file named after the item, built by a job, then ready', async () => {
    const res = await requestBundle(tree.course);
    expect(res.statusCode).toBe(202);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'pending',
      isReused: false,
      name: `network-security-course_bundle_${today()}.zip`,
    });
    bundleId = body.fileId;
    const settled = await waitUntilSettled(bundleId);
    expect(settled).toMatchObject({
      status: 'ready',
      visibility: 'private',
      metadataType: 'bundle',
      metadataId: tree.course,
      type: 'application/zip',
      icon: 'archive',
      failureReason: null,
    });
    const bytes = await download(bundleId, tree.course);
    expect(bytes.length).toBe(settled.size);
    expect(sha256(bytes)).toBe(settled.sha256);
    entries = await readZip(bytes);
  });

  it('keeps the tree as folders with unique names, README first and manifest last; hidden items left out', () => {
    const lab = 'Network Security Course/Packet Analysis/Cross-Site Scripting Lab';
    expect(entryNames(entries)).toEqual([
      'README.md',
      'Network Security Course/Packet Analysis/module-notes.txt',
      // The item's files in their order (index, then name): Captured traffic, Screenshot, XSS lab sheet …
      `${lab}/xss-lab.md`,
      `${lab}/random.bin`,
      `${lab}/photo.png`,
      `${lab}/xss-lab (2).md`,
      'manifest.json',
    ]);
    const bytesOf = (name: string) => entries.find((e) => e.name === name)!.data;
    expect(bytesOf(`${lab}/xss-lab.md`).equals(tree.fileBytes)).toBe(true);
    expect(bytesOf(`${lab}/xss-lab (2).md`).equals(SECOND_SHEET)).toBe(true);
    expect(bytesOf(`${lab}/photo.png`).equals(PNG)).toBe(true);
    expect(bytesOf(`${lab}/random.bin`).equals(RANDOM)).toBe(true);
  });

  it('stores already-compressed and incompressible files, and deflates text', () => {
    const method = (suffix: string) => entries.find((e) => e.name.endsWith(suffix))!.compressionMethod;
    expect(method('photo.png')).toBe(0);
    expect(method('random.bin')).toBe(0);
    expect(method('module-notes.txt')).toBe(8);
    expect(method('xss-lab.md')).toBe(8);
  });

  it('has a manifest with every file’s path, size and SHA-256 (equal to the bytes) and the items’ metadata', async () => {
    const manifest = JSON.parse(entries.at(-1)!.data.toString('utf8'));
    expect(manifest).toMatchObject({ format: 'range-portal-bundle/1', contentId: tree.course });
    const inZip = new Map(entries.map((e) => [e.name, e.data]));
    expect(manifest.files).toHaveLength(5);
    for (const f of manifest.files) {
      expect(inZip.has(f.path)).toBe(true);
      expect(f.size).toBe(inZip.get(f.path)!.length);
      expect(f.sha256).toBe(sha256(inZip.get(f.path)!));
    }
    // The same hashes as recorded when the files were stored.
    const rows = await ctx.database.db.select({ id: file.id, sha256: file.sha256 }).from(file);
    const recorded = new Map(rows.map((r) => [r.id, r.sha256]));
    for (const f of manifest.files) expect(f.sha256).toBe(recorded.get(f.id));
    const lab = manifest.items.find((i: { id: string }) => i.id === tree.lab);
    expect(lab).toMatchObject({
      name: 'Cross-Site Scripting Lab',
      path: 'Network Security Course/Packet Analysis/Cross-Site Scripting Lab',
      categories: ['exercise', 'lesson'],
      tags: ['lab'],
      educationLevels: ['universityundergraduate'],
      experienceLevels: ['intermediate'],
      tkss: ['tks-T0001'],
      ksas: [],
      kus: [],
      source: { name: 'Test source', license: 'CC BY-SA 4.0' },
    });
    expect(manifest.items.map((i: { name: string }) => i.name)).toEqual([
      'Network Security Course',
      'Packet Analysis',
      'Cross-Site Scripting Lab',
    ]);
    // The files listed for the tree are the files in the archive.
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/content/${tree.course}/files?children=true`,
      headers: await asRole('faculty'),
    });
    expect(manifest.files.map((f: { id: string }) => f.id).sort()).toEqual(
      listed
        .json()
        .files.map((f: { id: string }) => f.id)
        .sort(),
    );
  });

  it('has a README saying what it is, its source and licence, and the item tree', () => {
    const readme = entries[0]!.data.toString('utf8');
    expect(readme).toContain('# Network Security Course');
    expect(readme).toContain('/courseware/network-security-course');
    expect(readme).toContain('Source: [Test source](https://example.org/source)');
    expect(readme).toContain('Licence: CC BY-SA 4.0');
    expect(readme).toContain('manifest.json');
    expect(readme).toMatch(
      /- \*\*Packet Analysis\*\* \(Module\)\n {4}- `Network Security Course\/Packet Analysis\/module-notes.txt`/,
    );
    expect(readme).toContain('Cross-Site Scripting Lab');
    expect(readme).not.toContain('Draft Firewall Lab');
  });

  it('records each bundle download as a download event', async () => {
    const events = await ctx.database.db
      .select()
      .from(downloadEvent)
      .where(eq(downloadEvent.fileId, bundleId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      accountId: accounts.faculty,
      fileName: `network-security-course_bundle_${today()}.zip`,
      kind: 'bundle',
      contentId: tree.course,
      topContentId: tree.course,
    });
  });

  it('serves the unchanged tree again at once, and builds anew when the tree changes', async () => {
    // The fastest of a few answers: timing on a loaded test machine is noisy (the bench measures it).
    const elapsed: number[] = [];
    for (let i = 0; i < REPEATS; i += 1) {
      const started = performance.now();
      const again = await requestBundle(tree.course);
      elapsed.push(performance.now() - started);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ fileId: bundleId, status: 'ready', isReused: true });
    }
    expect(Math.min(...elapsed)).toBeLessThan(REPEAT_TARGET_MS);
    const jobs = await ctx.database.db.select().from(job).where(eq(job.kind, 'bundle'));
    expect(jobs).toHaveLength(1);

    await ctx.database.db
      .update(content)
      .set({ name: 'Packet Analysis and Sniffing', modifiedAt: new Date() })
      .where(eq(content.id, tree.module));
    const changed = await requestBundle(tree.course);
    expect(changed.statusCode).toBe(202);
    expect(changed.json().fileId).not.toBe(bundleId);
    await waitUntilSettled(changed.json().fileId);
    const renamed = await readZip(await download(changed.json().fileId, tree.course));
    expect(entryNames(renamed)).toContain(
      'Network Security Course/Packet Analysis and Sniffing/module-notes.txt',
    );
    // The replaced bundle stays downloadable for a while (a download of it may be running).
    expect((await waitUntilSettled(bundleId)).status).toBe('ready');
  });

  it('gives editors a bundle with unpublished children, which faculty cannot fetch', async () => {
    const res = await requestBundle(tree.course, 'contenteditor');
    expect(res.statusCode).toBe(202);
    const editorBundle = res.json().fileId;
    await waitUntilSettled(editorBundle, 'contenteditor');
    const names = entryNames(await readZip(await download(editorBundle, tree.course, 'contenteditor')));
    expect(names).toContainEqual(
      expect.stringMatching(/^Network Security Course\/Packet Analysis[^/]*\/Draft Firewall Lab\/draft\.md$/),
    );
    const asFaculty = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${editorBundle}`,
      headers: await asRole('faculty'),
    });
    expect(asFaculty.statusCode).toBe(404);
  });

  it('bundles one lab on its own, the lab as the top folder', async () => {
    const res = await requestBundle(tree.lab);
    expect(res.json().name).toBe(
      `network-security-course-packet-analysis-cross-site-scripting-lab_bundle_${today()}.zip`,
    );
    await waitUntilSettled(res.json().fileId);
    const names = entryNames(await readZip(await download(res.json().fileId, tree.lab)));
    expect(names[1]).toBe('Cross-Site Scripting Lab/xss-lab.md');
  });
});

describe('refusals and failures', () => {
  it('refuses visitors (401) and students (403), and hides unknown and unpublished items (404)', async () => {
    const visitor = await ctx.app.inject({ method: 'POST', url: `/api/v1/content/${tree.course}/bundle` });
    expect(visitor.statusCode).toBe(401);
    expect((await requestBundle(tree.course, 'student')).statusCode).toBe(403);
    expect((await requestBundle('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await requestBundle(tree.hidden)).statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/content/not-an-id/bundle',
      headers: await asRole('faculty'),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 422 for an item without files in its tree', async () => {
    const res = await requestBundle(tree.unlisted);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This item and its children have no files.');
  });

  it('fails a bundle whose stored file is damaged, at once, with a reason the page can show', async () => {
    const [course] = await ctx.database.db
      .insert(content)
      .values({
        name: 'Damaged Course',
        urlAlias: 'damaged-course',
        status: 'published',
        categories: ['course'],
      })
      .returning({ id: content.id });
    const damaged = await addFile(
      course!.id,
      'Handout',
      'handout.md',
      'text/markdown',
      Buffer.from('original bytes\n'),
    );
    fs.writeFileSync(path.join(ctx.dataDir, 'files', damaged.storageKey), 'changed on disk\n');
    const res = await requestBundle(course!.id);
    const settled = await waitUntilSettled(res.json().fileId);
    expect(settled.status).toBe('failed');
    expect(settled.failureReason).toContain('“Handout” is damaged');
    const jobs = await ctx.database.db
      .select()
      .from(job)
      .where(and(eq(job.kind, 'bundle'), eq(job.status, 'failed')));
    expect(jobs.map((j) => j.attempts)).toEqual([1]);
    // Nothing of the failed archive is left in the store.
    const partials = path.join(ctx.dataDir, 'files', '.partial');
    expect(fs.existsSync(partials) ? fs.readdirSync(partials) : []).toEqual([]);
    // A failed bundle cannot be downloaded, and a new request tries again.
    const link = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/files/${res.json().fileId}/download-url`,
      headers: await asRole('faculty'),
    });
    expect(link.statusCode).toBe(404);
    const retry = await requestBundle(course!.id);
    expect(retry.json().fileId).not.toBe(res.json().fileId);
  });

  it('fails a bundle whose stored file is missing, naming the file', async () => {
    const [course] = await ctx.database.db
      .insert(content)
      .values({
        name: 'Missing Course',
        urlAlias: 'missing-course',
        status: 'published',
        categories: ['course'],
      })
      .returning({ id: content.id });
    const missing = await addFile(
      course!.id,
      'Lost slides',
      'slides.bin',
      'application/octet-stream',
      crypto.randomBytes(100_000),
    );
    await ctx.fileStore.delete(missing.storageKey);
    const settled = await waitUntilSettled((await requestBundle(course!.id)).json().fileId);
    expect(settled.status).toBe('failed');
    expect(settled.failureReason).toContain('“Lost slides” is missing');
  });
});
