/**
 * Course import by the API (issue 38) on a real database, file store and job runner: a zipped folder
 * tree is previewed, confirmed and written; the next version of the package updates the same items in
 * place (ids, URL aliases and file links kept, the earlier bytes kept as a version) and lists what is
 * gone; errors block, warnings must be accepted, one import of a package runs at a time, a queued import
 * can be cancelled, and only those who may update content reach any of it.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Role } from '@portal/shared/enums';
import {
  CoursewareImportListSchema,
  CoursewareImportSchema,
  IMPORT_MESSAGES,
} from '@portal/shared/schemas/imports';
import fs from 'node:fs';
import path from 'node:path';
import { fileVersion } from '../../db/schema/files.js';
import type { FileStore } from '../../lib/storage.js';
import { importJobHandler, type ImportContext } from './imports.service.js';
import { IMPORTS_URL, startImport, uploadFolder, uploadPackage } from '../../testing/import-api.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { drainJobs } from '../../testing/wait.js';
import { zipOf, type ZipTree } from '../../testing/zip-of.js';

const { ctx, as } = useTestApp({ env: { JOB_WORKER: 'false' } });

type Tree = ZipTree & Record<string, string | Buffer>;

const sha = (b: string | Buffer) => crypto.createHash('sha256').update(b).digest('hex');

async function upload(files: Tree, role: Role = 'contenteditor', filename = 'intro-course.zip') {
  return uploadPackage(ctx.app, await as(role), {
    filename,
    contentType: 'application/zip',
    content: await zipOf(files),
  });
}

async function previewed(files: Tree) {
  const res = await upload(files);
  expect(res.statusCode, res.body).toBe(201);
  return CoursewareImportSchema.parse(res.json());
}

async function start(id: string, acceptWarnings = true) {
  return startImport(ctx.app, await as('contenteditor'), id, acceptWarnings);
}

async function fetchImport(id: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${IMPORTS_URL}/${id}`,
    headers: await as('contenteditor'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return CoursewareImportSchema.parse(res.json());
}

async function item(alias: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/content/${encodeURIComponent(alias)}`,
    headers: await as('faculty'),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    id: string;
    name: string;
    urlAlias: string;
    source: { license: string } | null;
    files: { id: string; name: string; sha256?: string }[];
  };
}

const VERSION_1: Tree = {
  'intro-course/README.md': [
    '---',
    'title: Introduction to Network Defence',
    'license: CC BY 4.0',
    'licenseUrl: https://creativecommons.org/licenses/by/4.0/',
    'tags: [homework]',
    'ksa: [K9999999]',
    'contributors: [Ada Lovelace]',
    '---',
    'A first course on **defending** networks.',
  ].join('\n'),
  'intro-course/01-firewalls/README.md': '# Firewalls\n\nPacket filters and state.',
  'intro-course/01-firewalls/lab-1/README.md':
    '---\ncategory: exercise\ntags: lab\n---\n# Lab 1: iptables\n\nWrite rules.',
  'intro-course/01-firewalls/lab-1/handout.txt': 'Step 1: list the rules.\n',
  'intro-course/01-firewalls/lab-1/rules.csv': 'chain,target\nINPUT,DROP\n',
  'intro-course/02-ids/README.md': '# Intrusion detection',
};

describe('course import of a zipped folder tree', () => {
  it('previews, imports on confirmation, and updates in place on the next version', async () => {
    const first = await previewed(VERSION_1);
    expect(first).toMatchObject({ status: 'previewed', format: 'zip', packageId: 'intro-course' });
    expect(first.preview.counts).toMatchObject({
      items: { new: 4, changed: 0, unchanged: 0 },
      files: { new: 2, changed: 0, unchanged: 0 },
      errors: 0,
      warnings: 1,
    });
    expect(first.preview.issues[0]!.message).toContain('K9999999 is not in the portal');
    expect(first.preview.course.name).toBe('Introduction to Network Defence');
    expect(first.preview.course.children.map((c) => c.name)).toEqual(['Firewalls', 'Intrusion detection']);

    const refused = await start(first.id, false);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(IMPORT_MESSAGES.acceptWarnings);
    expect((await start(first.id)).statusCode).toBe(202);
    await drainJobs(ctx);
    const done = await fetchImport(first.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.summary).toMatchObject({ created: 4, updated: 0, filesAdded: 2 });

    const course = await item(done.summary!.course.urlAlias);
    expect(course).toMatchObject({
      name: 'Introduction to Network Defence',
      source: { license: 'CC BY 4.0' },
    });
    const lab = await item(`${done.summary!.course.urlAlias}/firewalls/lab-1-iptables`);
    expect(lab.files.map((f) => f.name)).toEqual(['handout.txt', 'rules.csv']);
    const handoutId = lab.files[0]!.id;

    // The next version: the handout and a module's text change, a lab is added, a module is gone.
    const version2: Tree = { ...VERSION_1 };
    delete version2['intro-course/02-ids/README.md'];
    version2['intro-course/01-firewalls/README.md'] = '# Firewalls\n\nPacket filters, state and NAT.';
    version2['intro-course/01-firewalls/lab-1/handout.txt'] = 'Step 1: list the rules. Step 2: add one.\n';
    version2['intro-course/01-firewalls/lab-2/README.md'] = '# Lab 2: nftables';
    const second = await previewed(version2);
    expect(second.preview.counts).toMatchObject({
      items: { new: 1, changed: 2, unchanged: 1 },
      files: { new: 0, changed: 1, unchanged: 1 },
    });
    const firewalls = second.preview.course.children[0]!;
    expect(firewalls).toMatchObject({ change: 'changed', changedFields: ['description'] });
    expect(firewalls.children[0]).toMatchObject({ change: 'changed', changedFields: ['files'] });
    expect(second.preview.gone.map((g) => g.name)).toEqual(['Intrusion detection']);
    expect((await start(second.id)).statusCode).toBe(202);
    await drainJobs(ctx);
    const updated = await fetchImport(second.id);
    expect(updated.summary).toMatchObject({ created: 1, updated: 2, unchanged: 1, filesReplaced: 1 });

    const labAgain = await item(lab.urlAlias);
    expect(labAgain.id).toBe(lab.id);
    expect(labAgain.files[0]!.id).toBe(handoutId);
    const kept = await ctx.database.db.select().from(fileVersion).where(eq(fileVersion.fileId, handoutId));
    expect(kept.map((v) => v.sha256)).toEqual([
      sha(VERSION_1['intro-course/01-firewalls/lab-1/handout.txt']!),
    ]);
    // The gone module is kept: never deleted by an import.
    expect((await item(`${course.urlAlias}/intrusion-detection`)).name).toBe('Intrusion detection');

    // The same package again: nothing to do.
    const third = await previewed(version2);
    expect(third.preview.counts.items).toEqual({ new: 0, changed: 0, unchanged: 4 });
  });

  it('blocks a package with errors and says which file and why', async () => {
    const broken = await previewed({
      'broken/README.md': '---\ntitle: [unclosed\n---\nText',
      'broken/part/README.md': '---\ncategory: chapter\nflavour: sweet\n---\n',
    });
    const messages = broken.preview.issues
      .filter((i) => i.severity === 'error')
      .map((i) => `${i.path}: ${i.message}`);
    expect(messages).toEqual([
      expect.stringMatching(/^broken\/README\.md: The front matter of README\.md is not YAML/),
      expect.stringMatching(
        /^broken\/part\/README\.md: Front matter of README\.md, category\.0: category: choose from/,
      ),
      'broken/part/README.md: Front matter of README.md: unknown key flavour.',
    ]);
    const res = await start(broken.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMPORT_MESSAGES.hasErrors);
  });

  it('runs one import of a package at a time, and cancels a queued one', async () => {
    const tree = { 'busy-course/README.md': '---\nlicense: MIT\n---\n# Busy' };
    const a = await previewed(tree);
    const b = await previewed(tree);
    expect((await start(a.id)).statusCode).toBe(202);
    const second = await start(b.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(IMPORT_MESSAGES.busy);
    const cancel = await ctx.app.inject({
      method: 'POST',
      url: `${IMPORTS_URL}/${a.id}/cancel`,
      headers: await as('contenteditor'),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
    await drainJobs(ctx);
    expect((await fetchImport(a.id)).status).toBe('cancelled');
    const list = CoursewareImportListSchema.parse(
      (await ctx.app.inject({ method: 'GET', url: IMPORTS_URL, headers: await as('admin') })).json(),
    );
    expect(list.items.map((i) => i.id).slice(0, 2)).toEqual([b.id, a.id]);
  });

  it('refuses those who may not update content before reading the package, and a file that is no zip', async () => {
    for (const role of ['faculty', 'student'] as const) {
      expect((await upload(VERSION_1, role)).statusCode).toBe(403);
    }
    const res = await uploadPackage(ctx.app, await as('contenteditor'), {
      filename: 'notes.zip',
      content: Buffer.from('just some text'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not a zip/i);
  });

  it('a worker stopped while storing files leaves nothing, and the next run imports the course once', async () => {
    const files: Tree = { 'resume-course/README.md': '---\nlicense: MIT\n---\n# Resumed course' };
    for (let n = 1; n <= 6; n += 1) files[`resume-course/part-${n}/data.bin`] = crypto.randomBytes(64 * 1024);
    const preview = await previewed(files);
    expect((await start(preview.id)).statusCode).toBe(202);
    const storeDir = path.join(ctx.dataDir, 'files');
    const stored = () =>
      fs
        .readdirSync(storeDir, { recursive: true })
        .filter((f) => fs.statSync(path.join(storeDir, String(f))).isFile()).length;
    const before = stored();

    // The instance stops (its job's signal aborts) after the third file is stored.
    const stopping = new AbortController();
    let puts = 0;
    const fileStore: FileStore = {
      ...ctx.fileStore,
      put: async (key, body, options) => {
        const result = await ctx.fileStore.put(key, body, options);
        puts += 1;
        if (puts === 3) stopping.abort();
        return result;
      },
    };
    const context: ImportContext = {
      db: ctx.database.db,
      fileStore,
      stagingRoot: path.join(ctx.dataDir, 'imports'),
      schemaDir: path.join(ctx.config.sharedDataDir, 'imscc'),
    };
    const handler = importJobHandler(context);
    await expect(
      handler.run(
        { importId: preview.id },
        { job: {} as never, signal: stopping.signal, db: ctx.database.db, log: ctx.app.log },
      ),
    ).rejects.toThrow();
    expect(puts).toBeGreaterThanOrEqual(3);
    expect(stored()).toBe(before);
    const [half] = await ctx.database.db
      .execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM content WHERE name = 'Resumed course'`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(half!.n).toBe(0);
    expect((await fetchImport(preview.id)).status).toBe('running');

    // The job is still queued: the next worker imports the course from its package, once.
    await drainJobs(ctx);
    const done = await fetchImport(preview.id);
    expect(done.status, done.error ?? '').toBe('done');
    expect(done.summary).toMatchObject({ created: 7, filesAdded: 6 });
    // The six files are stored; the kept package is gone.
    expect(stored()).toBe(before + 6 - 1);
  });

  it('imports a chosen folder sent file by file, as a zip of it would be', async () => {
    const folder = Object.entries({
      'folder-course/README.md': '---\nlicense: MIT\n---\n# Folder course',
      'folder-course/week-1/README.md': '# Week 1',
      'folder-course/week-1/slides.txt': 'Slide 1\n',
    }).map(([filename, content]) => ({ filename, content }));
    const res = await uploadFolder(ctx.app, await as('contenteditor'), folder);
    expect(res.statusCode, res.body).toBe(201);
    const created = CoursewareImportSchema.parse(res.json());
    expect(created).toMatchObject({
      format: 'folder',
      packageName: 'folder-course',
      packageId: 'folder-course',
    });
    expect(created.preview.counts).toMatchObject({ items: { new: 2 }, files: { new: 1 }, errors: 0 });

    const refused = await uploadFolder(ctx.app, await as('contenteditor'), [
      { filename: '../outside.txt', content: 'x' },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('"../outside.txt" is not a path inside the folder.');
  });
});
