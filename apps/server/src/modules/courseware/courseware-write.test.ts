/**
 * Curation against a real database (issue 4): permissions on every write, create with aliases, full
 * saves with history, optimistic concurrency, status changes, and deletes that leave nothing behind.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Role } from '@portal/shared/enums';
import {
  ContentSchema,
  ContentWriteResponseSchema,
  toUpdateRequest,
  type Content,
} from '@portal/shared/schemas/courseware';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer } from '../../testing/fixtures.js';
import { contentRevision } from '../../db/schema/courseware.js';
import { file } from '../../db/schema/files.js';
import { CONFLICT_MESSAGE } from './courseware-write.service.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (method: Method, url: string, role?: Role, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: role ? await bearer(ctx.app, accounts[role]) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const load = async (idOrAlias: string): Promise<Content> => {
  const res = await call('GET', `/api/v1/content/${encodeURIComponent(idOrAlias)}`, 'contenteditor');
  expect(res.statusCode, res.body).toBe(200);
  return ContentSchema.parse(res.json());
};

const create = async (body: Record<string, unknown>) => {
  const res = await call('POST', '/api/v1/content', 'contenteditor', {
    description: '<p>About it.</p>',
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return ContentWriteResponseSchema.parse(res.json());
};

const save = (content: Content, overrides: Record<string, unknown> = {}, role: Role = 'contenteditor') =>
  call('PUT', `/api/v1/content/${content.id}`, role, { ...toUpdateRequest(content), ...overrides });

describe('permissions on every write', () => {
  it('refuses visitors with 401 and faculty and students with 403, whatever the body', async () => {
    const lab = await load(tree.lab);
    const writes: [Method, string, unknown][] = [
      ['POST', '/api/v1/content', { name: 'Faculty course', description: '<p>x</p>' }],
      ['PUT', `/api/v1/content/${tree.lab}`, toUpdateRequest(lab)],
      ['PATCH', `/api/v1/content/${tree.lab}/status`, { status: 'archived', version: lab.version }],
      ['DELETE', `/api/v1/content/${tree.lab}`, undefined],
      ['GET', `/api/v1/content/${tree.lab}/descendant-count`, undefined],
      ['POST', '/api/v1/contributors', { firstName: 'A', lastName: 'B', school: 'C', email: 'a@b.edu' }],
      [
        'PUT',
        `/api/v1/contributors/${tree.contributorId}`,
        { firstName: 'A', lastName: 'B', school: 'C', email: 'a@b.edu' },
      ],
      ['POST', '/api/v1/content', { not: 'even valid' }],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
      for (const role of ['faculty', 'student'] as const) {
        const res = await call(method, url, role, body);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    }
    // Nothing changed.
    expect((await load(tree.lab)).version).toBe(lab.version);
  });
});

describe('POST /api/v1/content', () => {
  it('creates an unpublished item whose alias is the hyphenated name, with a revision of who did it', async () => {
    const created = await create({
      name: 'Intro to Wireless Security',
      sections: [{ name: 'Learning objectives', description: '<p>Draft</p>' }],
      keywords: ['wifi', 'WPA2'],
      categories: ['course'],
    });
    expect(created).toMatchObject({ urlAlias: 'intro-to-wireless-security', version: 1 });
    const item = await load(created.urlAlias);
    expect(item).toMatchObject({
      id: created.id,
      status: 'unpublished',
      keywords: ['wifi', 'WPA2'],
      categories: ['course'],
      version: 1,
      modifiedBy: { displayName: 'Test contenteditor' },
    });
    expect(item.sections.map((s) => s.name)).toEqual(['Learning objectives']);
    const revisions = await ctx.database.db
      .select()
      .from(contentRevision)
      .where(eq(contentRevision.contentId, created.id));
    expect(revisions).toEqual([expect.objectContaining({ version: 0, accountId: accounts.contenteditor })]);
    // Visitors and faculty cannot open an unpublished item.
    expect((await call('GET', `/api/v1/content/${created.id}`, 'faculty')).statusCode).toBe(404);
  });

  it("gives a child the parent's alias, a slash and its hyphenated name, as the next child", async () => {
    const child = await create({ name: 'Rogue Access Points', parentId: tree.module });
    expect(child.urlAlias).toBe('network-security-course/packet-analysis/rogue-access-points');
    const item = await load(child.id);
    expect(item.parentId).toBe(tree.module);
    expect(item.ancestors.map((a) => a.id)).toEqual([tree.course, tree.module]);
    expect((await load(tree.module)).children.at(-1)?.id).toBe(child.id);
  });

  it('keeps an alias edited by hand, and refuses a clash with a 409 at the alias field', async () => {
    const first = await create({ name: 'Honeypots', urlAlias: 'deception/honeypots' });
    expect(first.urlAlias).toBe('deception/honeypots');
    const clash = await call('POST', '/api/v1/content', 'contenteditor', {
      name: 'Other honeypots',
      description: '<p>x</p>',
      urlAlias: 'deception/honeypots',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: 'conflict',
      details: { issues: [{ field: 'body.urlAlias' }] },
    });
    expect(clash.json().message).toContain('deception/honeypots');
    // The same name makes the same alias: a clear conflict too.
    await create({ name: 'Zero Trust Basics' });
    expect(
      (
        await call('POST', '/api/v1/content', 'contenteditor', {
          name: 'Zero trust basics!',
          description: '<p>x</p>',
        })
      ).statusCode,
    ).toBe(409);
  });

  it('refuses bad aliases and names without letters or digits with 400', async () => {
    for (const urlAlias of ['Upper Case', 'trailing/', 'a//b', '-dash', 'under_score', tree.lab]) {
      const res = await call('POST', '/api/v1/content', 'contenteditor', {
        name: 'Alias test',
        description: '<p>x</p>',
        urlAlias,
      });
      expect(res.statusCode, urlAlias).toBe(400);
    }
    const res = await call('POST', '/api/v1/content', 'contenteditor', {
      name: '!!!',
      description: '<p>x</p>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.issues[0].field).toBe('body.urlAlias');
  });

  it('refuses unknown parents, knowledge items and contributors with 400, never 500', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const body of [
      { parentId: unknown },
      { tksIds: ['tks-T9999'] },
      { tksIds: ['ksa-K0001'] },
      { tksIds: ['tks-T0001', 'tks-T0001'] },
      { contributorIds: [unknown] },
      { children: [{ id: tree.lab, name: 'Stolen child' }] },
    ]) {
      const res = await call('POST', '/api/v1/content', 'contenteditor', {
        name: `Bad links ${JSON.stringify(body)}`,
        description: '<p>x</p>',
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('PUT /api/v1/content/:id', () => {
  it('saves every editable field, records the previous values and who saved', async () => {
    const created = await create({ name: 'Malware Analysis', categories: ['course'] });
    const before = await load(created.id);
    const res = await save(before, {
      name: 'Malware Analysis 101',
      description: '<p>Static and <em>dynamic</em> analysis.</p>',
      urlAlias: 'malware-analysis-101',
      status: 'published',
      tags: ['lab'],
      keywords: ['ghidra', 'yara'],
      educationLevels: ['graduatestudent'],
      experienceLevels: ['advanced'],
      lastCuratedTimestamps: { courseware: '2024-05-01', environment: '2024-04-01' },
      tksIds: ['tks-T0001'],
      ksaIds: ['ksa-K0001'],
      kuIds: ['ku-BCY'],
      contributorIds: [tree.contributorId],
      sections: [{ name: 'Learning objectives', description: '<p>Reverse a sample.</p>' }],
      children: [{ name: 'Sandboxing' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: created.id, urlAlias: 'malware-analysis-101', version: 2 });
    const after = await load('malware-analysis-101');
    expect(after).toMatchObject({
      name: 'Malware Analysis 101',
      description: '<p>Static and <em>dynamic</em> analysis.</p>',
      status: 'published',
      tags: ['lab'],
      keywords: ['ghidra', 'yara'],
      lastCuratedTimestamps: { courseware: '2024-05-01', environment: '2024-04-01' },
      version: 2,
      modifiedBy: { displayName: 'Test contenteditor' },
    });
    expect(after.tkss.map((k) => k.id)).toEqual(['tks-T0001']);
    expect(after.ksas.map((k) => k.id)).toEqual(['ksa-K0001']);
    expect(after.kus.map((k) => k.id)).toEqual(['ku-BCY']);
    expect(after.contributors.map((c) => c.id)).toEqual([tree.contributorId]);
    expect(after.sections.map((s) => s.description)).toEqual(['<p>Reverse a sample.</p>']);
    expect(after.children).toEqual([
      expect.objectContaining({
        name: 'Sandboxing',
        urlAlias: 'malware-analysis-101/sandboxing',
        status: 'unpublished',
        categories: ['module'],
      }),
    ]);
    const [revision] = await ctx.database.db
      .select()
      .from(contentRevision)
      .where(eq(contentRevision.contentId, created.id))
      .orderBy(contentRevision.version)
      .then((r) => r.slice(-1));
    expect(revision).toMatchObject({ version: 1, accountId: accounts.contenteditor });
    expect(revision!.previous).toMatchObject({
      name: 'Malware Analysis',
      urlAlias: 'malware-analysis',
      status: 'unpublished',
      keywords: [],
      knowledgeIds: [],
      contributorIds: [],
      sections: [],
      children: [],
    });
    // The new name's words join the vocabulary: a misspelling finds the item.
    const search = await call('GET', '/api/v1/content/search?q=malwere', 'contenteditor');
    expect(search.json().items.map((i: { id: string }) => i.id)).toContain(created.id);
  });

  it('keeps CyBOK alignments and their topics when a save leaves them out or keeps them, and changes them when sent', async () => {
    const lab = await load(tree.lab);
    expect(lab.cybokAreas).toEqual([
      {
        id: 'cybok-WAM',
        index: 0,
        code: 'WAM',
        name: 'Web & Mobile Security',
        type: 'CYBOK',
        topics: [{ topic: 'Client-Side Vulnerabilities and Mitigations', keywords: ['XSS'] }],
      },
    ]);
    const { cybokIds: _left, ...older } = toUpdateRequest(lab);
    const first = await call('PUT', `/api/v1/content/${lab.id}`, 'contenteditor', {
      ...older,
      keywords: ['xss'],
    });
    expect(first.statusCode, first.body).toBe(200);
    const kept = await load(tree.lab);
    expect(kept.cybokAreas).toEqual(lab.cybokAreas);
    const second = await save(kept, { cybokIds: ['cybok-SS', 'cybok-WAM'] });
    expect(second.statusCode, second.body).toBe(200);
    const both = await load(tree.lab);
    expect(both.cybokAreas.map((k) => [k.id, k.index, k.topics?.length])).toEqual([
      ['cybok-SS', 0, 0],
      ['cybok-WAM', 1, 1],
    ]);
    const bad = await save(both, { cybokIds: ['cybok-XX'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual(expect.objectContaining({}));
    expect(JSON.stringify(bad.json())).toContain('cybokIds');
    const wrongType = await save(both, { cybokIds: ['tks-T0001'] });
    expect(wrongType.statusCode).toBe(400);
    const restored = await save(both, { cybokIds: ['cybok-WAM'] });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await load(tree.lab)).cybokAreas).toEqual(lab.cybokAreas);
  });

  it('renames and reorders children and sections, renames files and deletes files with their bytes', async () => {
    const module = await load(tree.module);
    const renamed = module.children.map((c) => ({ id: c.id, name: c.name }));
    renamed.reverse();
    renamed.find((c) => c.id === tree.archived)!.name = 'Telnet Lab (archived)';
    const res = await save(module, { children: renamed });
    expect(res.statusCode, res.body).toBe(200);
    const after = await load(tree.module);
    expect(after.children.map((c) => c.name)).toEqual(renamed.map((c) => c.name));
    const archivedChild = await load(tree.archived);
    expect(archivedChild.name).toBe('Telnet Lab (archived)');
    expect(archivedChild.modifiedBy).toEqual({ displayName: 'Test contenteditor' });
    // The child's alias stays: links to it keep working.
    expect(archivedChild.urlAlias).toBe('network-security-course/packet-analysis/archived-telnet-lab');

    const lab = await load(tree.lab);
    const [labFile] = await ctx.database.db.select().from(file).where(eq(file.id, tree.fileId));
    const renameFile = await save(lab, { files: [{ id: tree.fileId, name: 'XSS handout' }] });
    expect(renameFile.statusCode, renameFile.body).toBe(200);
    expect((await load(tree.lab)).files.map((f) => f.name)).toEqual(['XSS handout']);

    const current = await load(tree.lab);
    const remove = await save(current, { files: [], deletedFileIds: [tree.fileId] });
    expect(remove.statusCode, remove.body).toBe(200);
    expect((await load(tree.lab)).files).toEqual([]);
    expect(await ctx.database.db.select().from(file).where(eq(file.id, tree.fileId))).toEqual([]);
    await expect(ctx.fileStore.size(labFile!.storageKey)).rejects.toThrow();
  });

  it('refuses entries that belong to another item', async () => {
    const course = await load(tree.course);
    for (const overrides of [
      { children: [{ id: tree.lab, name: 'Not my child' }] },
      { files: [{ id: tree.fileId, name: 'Not my file' }] },
      { deletedFileIds: [tree.contributorId] },
    ]) {
      const res = await save(course, overrides);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
    }
  });

  it('writes nothing when nothing changed', async () => {
    const created = await create({ name: 'Unchanged Item' });
    const item = await load(created.id);
    const res = await save(item);
    expect(res.json().version).toBe(1);
    expect((await load(created.id)).version).toBe(1);
  });

  it('answers unknown and malformed ids with 404 and 400', async () => {
    const item = await load(tree.course);
    const missing = await call(
      'PUT',
      '/api/v1/content/00000000-0000-4000-8000-000000000000',
      'contenteditor',
      {
        ...toUpdateRequest(item),
      },
    );
    expect(missing.statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/v1/content/not-a-uuid', 'contenteditor', toUpdateRequest(item))).statusCode,
    ).toBe(400);
    expect(
      (await call('PUT', `/api/v1/content/${item.id}`, 'contenteditor', { name: 'only a name' })).statusCode,
    ).toBe(400);
  });
});

describe('concurrent edits', () => {
  it('refuses the second of two saves based on the same version with 409 (no silent overwrite)', async () => {
    const created = await create({ name: 'Shared Draft' });
    const loadedByA = await load(created.id);
    const loadedByB = await load(created.id);
    const a = await save(loadedByA, { name: 'Shared Draft (A)' });
    expect(a.statusCode).toBe(200);
    const b = await save(loadedByB, { name: 'Shared Draft (B)' }, 'admin');
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({
      code: 'conflict',
      message: CONFLICT_MESSAGE,
      details: { currentVersion: 2 },
    });
    expect((await load(created.id)).name).toBe('Shared Draft (A)');
  });

  it('lets exactly one of two simultaneous saves win', async () => {
    const created = await create({ name: 'Race Item' });
    const loaded = await load(created.id);
    const results = await Promise.all([
      save(loaded, { name: 'Race Item one' }),
      save(loaded, { name: 'Race Item two' }, 'admin'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.statusCode === 200)!;
    expect((await load(created.id)).version).toBe(winner.json().version);
  });

  it('refuses a stale status change too', async () => {
    const created = await create({ name: 'Status Race' });
    const loaded = await load(created.id);
    await save(loaded, { name: 'Status Race renamed' });
    const res = await call('PATCH', `/api/v1/content/${created.id}/status`, 'contenteditor', {
      status: 'published',
      version: loaded.version,
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('archive and restore', () => {
  it('archives by a status change and restores to unpublished, each with a revision', async () => {
    const created = await create({ name: 'Old Firewall Course', status: 'published' });
    const archive = await call('PATCH', `/api/v1/content/${created.id}/status`, 'contenteditor', {
      status: 'archived',
      version: 1,
    });
    expect(archive.statusCode, archive.body).toBe(200);
    expect((await load(created.id)).status).toBe('archived');
    // Archived items are never searched and only editors who may view archived content open them.
    expect((await call('GET', `/api/v1/content/${created.id}`)).statusCode).toBe(404);
    const restore = await call('PATCH', `/api/v1/content/${created.id}/status`, 'contenteditor', {
      status: 'unpublished',
      version: archive.json().version,
    });
    expect(restore.statusCode).toBe(200);
    expect((await load(created.id)).status).toBe('unpublished');
    const revisions = await ctx.database.db
      .select()
      .from(contentRevision)
      .where(eq(contentRevision.contentId, created.id))
      .orderBy(contentRevision.version);
    expect(revisions.map((r) => r.previous)).toEqual([{}, { status: 'published' }, { status: 'archived' }]);
    expect(
      (
        await call('PATCH', `/api/v1/content/${created.id}/status`, 'contenteditor', {
          status: 'deleted',
          version: 3,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('DELETE /api/v1/content/:id', () => {
  it('counts descendants, deletes the whole subtree with its files and answers the parent', async () => {
    const root = await create({ name: 'Doomed Course', categories: ['course'] });
    const rootItem = await load(root.id);
    await save(rootItem, { children: [{ name: 'Doomed Module' }] });
    const module = (await load(root.id)).children[0]!;
    const lab = await create({ name: 'Doomed Lab', parentId: module.id });
    const bytes = Buffer.from('lab sheet');
    const key = '0a/0a000000-0000-4000-8000-000000000001';
    await ctx.fileStore.put(key, (await import('node:stream')).Readable.from(bytes));
    const [stored] = await ctx.database.db
      .insert(file)
      .values({
        name: 'Doomed sheet',
        filename: 'doomed.md',
        mimeType: 'text/markdown',
        size: bytes.length,
        storageKey: key,
        metadataType: 'content',
        metadataId: lab.id,
      })
      .returning();

    const count = await call('GET', `/api/v1/content/${root.id}/descendant-count`, 'contenteditor');
    expect(count.json()).toEqual({ descendantCount: 2 });
    expect((await call('DELETE', `/api/v1/content/${root.id}`, 'faculty')).statusCode).toBe(403);

    const deleteLab = await call('DELETE', `/api/v1/content/${lab.id}`, 'contenteditor');
    expect(deleteLab.json()).toEqual({
      deletedCount: 1,
      parent: { id: module.id, name: 'Doomed Module', urlAlias: 'doomed-course/doomed-module' },
    });
    expect(await ctx.database.db.select().from(file).where(eq(file.id, stored!.id))).toEqual([]);
    await expect(ctx.fileStore.size(key)).rejects.toThrow();

    const res = await call('DELETE', `/api/v1/content/${root.id}`, 'contenteditor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 2, parent: null });
    expect((await call('GET', `/api/v1/content/${module.id}`, 'contenteditor')).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/content/${root.id}`, 'contenteditor')).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/v1/content/${root.id}/descendant-count`, 'contenteditor')).statusCode,
    ).toBe(404);
  });
});
