/** Courseware API against a real database: visibility by status, search, facets, paging, bad input. */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import { ContentSchema, SearchContentResponseSchema } from '@portal/shared/schemas/courseware';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer } from '../../testing/fixtures.js';
import type { Role } from '@portal/shared/enums';

const { ctx, accounts, tree } = useTestApp({ tree: true });

const get = async (url: string, role?: Role) =>
  ctx.app.inject({ method: 'GET', url, headers: role ? await bearer(ctx.app, accounts[role]) : {} });

describe('GET /api/v1/content/:idOrAlias', () => {
  it('returns a published item by alias (encoded as one segment) with its tree context', async () => {
    const alias = encodeURIComponent(
      'Network-Security-Course/Packet-Analysis/Cross-Site-Scripting-Lab'.toLowerCase(),
    );
    const res = await get(`/api/v1/content/${alias}`);
    expect(res.statusCode).toBe(200);
    const body = ContentSchema.parse(res.json());
    expect(body.id).toBe(tree.lab);
    expect(body.ancestors.map((a) => a.name)).toEqual(['Network Security Course', 'Packet Analysis']);
    expect(body.files.map((f) => f.filename)).toEqual(['xss-lab.md']);
    expect(body.tkss.map((k) => k.code)).toEqual(['T0001']);
    expect(body.contributors[0]?.lastName).toBe('Hopper');
    // A visitor never sees a contributor's e-mail.
    expect(body.contributors[0]?.email).toBeNull();
    expect(body.source?.license).toBe('CC BY-SA 4.0');
  });

  it('finds an item by id, and is case-insensitive for aliases', async () => {
    expect((await get(`/api/v1/content/${tree.lab}`)).statusCode).toBe(200);
    expect((await get(`/api/v1/content/${encodeURIComponent('NETWORK-SECURITY-COURSE')}`)).json().id).toBe(
      tree.course,
    );
  });

  it('hides unpublished items from visitors and faculty (404) and shows them to curators', async () => {
    expect((await get(`/api/v1/content/${tree.hidden}`)).statusCode).toBe(404);
    const faculty = await get(`/api/v1/content/${tree.hidden}`, 'faculty');
    expect(faculty.statusCode).toBe(404);
    expect(faculty.json()).toEqual({
      code: 'not_found',
      message: MESSAGES.contentNotFound,
      requestId: faculty.headers['x-request-id'],
    });
    expect((await get(`/api/v1/content/${tree.hidden}`, 'contenteditor')).statusCode).toBe(200);
  });

  it('opens unlisted items by link for everyone but lists them among children only for editors', async () => {
    expect((await get(`/api/v1/content/${tree.unlisted}`)).statusCode).toBe(200);
    const visitorModule = ContentSchema.parse((await get(`/api/v1/content/${tree.module}`)).json());
    expect(visitorModule.children.map((c) => c.name)).toEqual(['Cross-Site Scripting Lab']);
    const editorModule = ContentSchema.parse(
      (await get(`/api/v1/content/${tree.module}`, 'contenteditor')).json(),
    );
    expect(editorModule.children.map((c) => c.name)).toEqual([
      'Cross-Site Scripting Lab',
      'Draft Firewall Lab',
      'Unlisted Sniffing Lab',
      'Archived Telnet Lab',
    ]);
  });

  it('shows archived items only to editors who may view archived content', async () => {
    expect((await get(`/api/v1/content/${tree.archived}`, 'faculty')).statusCode).toBe(404);
    expect((await get(`/api/v1/content/${tree.archived}`, 'contenteditor')).statusCode).toBe(200);
  });

  it('answers unknown and malformed keys with 404 or 400, never 500', async () => {
    expect((await get('/api/v1/content/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/v1/content/no-such-alias')).statusCode).toBe(404);
    expect((await get(`/api/v1/content/${'a'.repeat(3000)}`)).statusCode).toBe(400);
    const tooLong = await get(`/api/v1/content/${'a'.repeat(5000)}`);
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json().code).toBe('uri_too_long');
    expect((await get('/api/v1/content/%00%01')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/content/search', () => {
  const search = async (query: string, role?: Role) => {
    const res = await get(`/api/v1/content/search?${query}`, role);
    expect(res.statusCode, res.body).toBe(200);
    return SearchContentResponseSchema.parse(res.json());
  };

  it('finds by words of the name, keywords and description, with prefix matching', async () => {
    expect((await search('q=cross%20site%20scripting')).items[0]?.id).toBe(tree.lab);
    expect((await search('q=xss')).items.map((i) => i.id)).toContain(tree.lab);
    expect((await search('q=reflect')).items.map((i) => i.id)).toContain(tree.lab);
    expect((await search('q=scrip')).items[0]?.id).toBe(tree.lab);
  });

  it('corrects a misspelt word from the catalogue vocabulary', async () => {
    const res = await search('q=scriptng');
    expect(res.items.map((i) => i.id)).toContain(tree.lab);
    expect(res.correctedQuery).toBe('scripting');
  });

  it('never returns unpublished or archived items to visitors, nor archived to editors', async () => {
    const visitor = await search('q=lab');
    expect(visitor.items.map((i) => i.name)).toEqual(['Cross-Site Scripting Lab']);
    const editor = await search('q=lab', 'contenteditor');
    expect(editor.items.map((i) => i.name).sort()).toEqual([
      'Cross-Site Scripting Lab',
      'Draft Firewall Lab',
      'Unlisted Sniffing Lab',
    ]);
  });

  it('applies filters (AND across, OR within) and reports facet counts', async () => {
    const res = await search('contentCategories=exercise,course&tags=lab');
    expect(res.items.map((i) => i.id)).toEqual([tree.lab]);
    const all = await search('');
    expect(all.total).toBe(3);
    expect(all.facets.contentCategories).toMatchObject({
      course: 1,
      module: 1,
      exercise: 1,
      lesson: 1,
      environment: 0,
    });
    expect(all.facets.tags.lab).toBe(1);
    expect((await search(`tksIds=tks-T0001`)).items.map((i) => i.id)).toEqual([tree.lab]);
    expect((await search(`kuIds=ku-BCY`)).items).toEqual([]);
    expect((await search(`cybokIds=cybok-WAM,cybok-SS`)).items.map((i) => i.id)).toEqual([tree.lab]);
    expect((await search(`cybokIds=cybok-SS`)).items).toEqual([]);
    expect((await search(`contributorIds=${tree.contributorId}`)).items.map((i) => i.id)).toEqual([tree.lab]);
    expect((await search('newOrUpdatedContent=true')).items.map((i) => i.id)).toEqual([tree.lab]);
  });

  it('pages by nextPageToken without repeats, in browse and in text mode', async () => {
    // Visitors browse the 3 published items; the curator finds 3 labs (published, unpublished, unlisted).
    for (const [q, role] of [
      ['limit=1', undefined],
      ['limit=1&q=lab', 'contenteditor'],
    ] as const) {
      const seen: string[] = [];
      let token: string | null = null;
      do {
        const res: Awaited<ReturnType<typeof search>> = await search(
          `${q}${token ? `&nextPageToken=${token}` : ''}`,
          role,
        );
        seen.push(...res.items.map((i) => i.id));
        token = res.nextPageToken;
      } while (token);
      expect(new Set(seen).size).toBe(3);
      expect(seen).toHaveLength(3);
    }
  });

  it('refuses bad input with 400 and a message', async () => {
    const tooShort = await get('/api/v1/content/search?q=a');
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json().message).toContain(MESSAGES.searchMin);
    expect((await get(`/api/v1/content/search?q=${'x'.repeat(257)}`)).statusCode).toBe(400);
    expect((await get('/api/v1/content/search?educationLevels=kindergarten')).statusCode).toBe(400);
    expect((await get('/api/v1/content/search?ksaIds=%27%3Bdrop')).statusCode).toBe(400);
    expect((await get('/api/v1/content/search?nextPageToken=bm90LWEtdG9rZW4')).statusCode).toBe(400);
    expect((await get('/api/v1/content/search?limit=100000')).statusCode).toBe(400);
  });

  it('treats query syntax characters as plain text', async () => {
    expect((await search(`q=${encodeURIComponent("xss' & ! | :* (")}`)).items.map((i) => i.id)).toContain(
      tree.lab,
    );
  });
});

describe('GET /api/v1/content (admin listing)', () => {
  it('lists archived items only for editors with view-archived', async () => {
    expect((await get('/api/v1/content?archived=true', 'faculty')).statusCode).toBe(403);
    const res = await get('/api/v1/content?archived=true', 'contenteditor');
    expect(res.json().items.map((i: { id: string }) => i.id)).toEqual([tree.archived]);
  });
  it('pages with limit and nextPageToken', async () => {
    const first = (await get('/api/v1/content?limit=2', 'contenteditor')).json();
    expect(first.items).toHaveLength(2);
    const second = (
      await get(`/api/v1/content?limit=2&nextPageToken=${first.nextPageToken}`, 'contenteditor')
    ).json();
    expect(second.items.map((i: { id: string }) => i.id)).not.toContain(first.items[0].id);
    expect((await get('/api/v1/content?limit=301')).statusCode).toBe(400);
  });
});

describe('files of a tree, knowledge and contributors', () => {
  it('lists the files of an item and its visible descendants', async () => {
    const res = await get(`/api/v1/content/${tree.course}/files?children=true`);
    expect(res.json().files.map((f: { filename: string }) => f.filename)).toEqual(['xss-lab.md']);
  });
  it('pages knowledge items and filters by type', async () => {
    const all = (await get('/api/v1/knowledge?size=4')).json();
    expect(all.items).toHaveLength(4);
    const rest = (await get(`/api/v1/knowledge?size=4&nextPageToken=${all.nextPageToken}`)).json();
    expect(rest.items).toHaveLength(1);
    expect(rest.nextPageToken).toBeNull();
    expect((await get('/api/v1/knowledge?type=KU')).json().items.map((k: { id: string }) => k.id)).toEqual([
      'ku-BCY',
    ]);
    expect((await get('/api/v1/knowledge?type=CYBOK')).json().items).toEqual([
      { id: 'cybok-SS', code: 'SS', name: 'Software Security', type: 'CYBOK' },
      { id: 'cybok-WAM', code: 'WAM', name: 'Web & Mobile Security', type: 'CYBOK' },
    ]);
    expect((await get('/api/v1/knowledge?size=10001')).statusCode).toBe(400);
  });
  it('lists contributors, with e-mail only for editors', async () => {
    expect((await get('/api/v1/contributors')).json().contributors[0].email).toBeNull();
    expect((await get('/api/v1/contributors', 'contenteditor')).json().contributors[0].email).toBe(
      'grace@example.edu',
    );
  });
});
