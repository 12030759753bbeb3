/**
 * Revisions of courseware (issue 37) on a real database: the history of an item, the differences
 * between two revisions, and restore as a new revision; refused callers and bad input.
 */
import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import {
  ContentSchema,
  ContentWriteResponseSchema,
  toUpdateRequest,
  type Content,
} from '@portal/shared/schemas/courseware';
import { ContentRevisionDiffSchema, ContentRevisionListSchema } from '@portal/shared/schemas/revisions';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer } from '../../testing/fixtures.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });

type Method = 'GET' | 'POST' | 'PUT';
const call = async (method: Method, url: string, role?: Role, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: role ? await bearer(ctx.app, accounts[role]) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const load = async (id: string): Promise<Content> => {
  const res = await call('GET', `/api/v1/content/${id}`, 'contenteditor');
  expect(res.statusCode, res.body).toBe(200);
  return ContentSchema.parse(res.json());
};

let made = 0;
/** A published lab under the module, then two saves: version 3 with a new description and tag. */
async function editedLab(status = 'published') {
  made += 1;
  const res = await call('POST', '/api/v1/content', 'contenteditor', {
    name: `Revision lab ${made}`,
    description: '<p>Set up the network and run the scanner.</p>',
    parentId: tree.module,
    status,
    categories: ['exercise'],
  });
  expect(res.statusCode, res.body).toBe(201);
  const { id } = ContentWriteResponseSchema.parse(res.json());
  const first = await load(id);
  const saved = await call('PUT', `/api/v1/content/${id}`, 'contenteditor', {
    ...toUpdateRequest(first),
    description: '<p>Set up the virtual network and run the fixed scanner.</p>',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const second = await load(id);
  const tagged = await call('PUT', `/api/v1/content/${id}`, 'admin', {
    ...toUpdateRequest(second),
    tags: ['lab'],
  });
  expect(tagged.statusCode, tagged.body).toBe(200);
  return id;
}

describe('GET /api/v1/content/{id}/revisions', () => {
  it('lists who changed which fields when, newest first, paged by nextPageToken', async () => {
    const id = await editedLab();
    const first = await call('GET', `/api/v1/content/${id}/revisions?pageSize=2`, 'faculty');
    expect(first.statusCode, first.body).toBe(200);
    const page = ContentRevisionListSchema.parse(first.json());
    expect(page.items.map((r) => [r.version, r.fields, r.authorName])).toEqual([
      [3, ['tags'], expect.any(String)],
      [2, ['description'], expect.any(String)],
    ]);
    expect(page.items[0]!.authorId).toBe(accounts.admin);
    expect(page.items[1]!.authorId).toBe(accounts.contenteditor);
    expect(page.nextPageToken).not.toBeNull();
    const rest = await call(
      'GET',
      `/api/v1/content/${id}/revisions?pageSize=2&pageToken=${page.nextPageToken}`,
      'faculty',
    );
    const second = ContentRevisionListSchema.parse(rest.json());
    expect(second.items.map((r) => [r.version, r.fields])).toEqual([[1, []]]);
    expect(second.nextPageToken).toBeNull();
  });

  it('refuses visitors and students, hides hidden items and rejects bad paging', async () => {
    const id = await editedLab();
    expect((await call('GET', `/api/v1/content/${id}/revisions`)).statusCode).toBe(401);
    expect((await call('GET', `/api/v1/content/${id}/revisions`, 'student')).statusCode).toBe(403);
    const hidden = await editedLab('unpublished');
    expect((await call('GET', `/api/v1/content/${hidden}/revisions`, 'faculty')).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/content/${hidden}/revisions`, 'contenteditor')).statusCode).toBe(200);
    for (const query of ['pageSize=0', 'pageSize=101', 'pageToken=not-a-token'])
      expect((await call('GET', `/api/v1/content/${id}/revisions?${query}`, 'faculty')).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/content/not-a-uuid/revisions', 'faculty')).statusCode).toBe(400);
  });
});

describe('GET /api/v1/content/{id}/revisions/diff', () => {
  it('shows a changed text field as a word diff', async () => {
    const id = await editedLab();
    const res = await call('GET', `/api/v1/content/${id}/revisions/diff?from=1&to=3`, 'faculty');
    expect(res.statusCode, res.body).toBe(200);
    const diff = ContentRevisionDiffSchema.parse(res.json());
    const description = diff.fields.find((f) => f.field === 'description')!;
    expect(description.parts.filter((p) => p.added).map((p) => p.value.trim())).toEqual(['virtual', 'fixed']);
    expect(
      description.parts
        .filter((p) => !p.added && !p.removed)
        .map((p) => p.value)
        .join(''),
    ).toContain('Set up the');
    expect(diff.fields.find((f) => f.field === 'tags')!.parts).toEqual([
      { value: 'lab', added: true, removed: false },
    ]);
    expect(diff.files).toEqual([]);
    // Backwards: what was added is now removed.
    const back = ContentRevisionDiffSchema.parse(
      (await call('GET', `/api/v1/content/${id}/revisions/diff?from=3&to=2`, 'faculty')).json(),
    );
    expect(back.fields.map((f) => f.field)).toEqual(['tags']);
    expect(back.fields[0]!.parts[0]).toMatchObject({ value: 'lab', removed: true });
  });

  it('rejects bad, equal and unknown revisions and refused callers', async () => {
    const id = await editedLab();
    const url = (q: string) => `/api/v1/content/${id}/revisions/diff?${q}`;
    for (const q of ['', 'from=1', 'from=a&to=2', 'from=0&to=2', 'from=2&to=2', 'from=1.5&to=2'])
      expect((await call('GET', url(q), 'faculty')).statusCode, q).toBe(400);
    const unknown = await call('GET', url('from=1&to=99'), 'faculty');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('This revision does not exist.');
    expect((await call('GET', url('from=1&to=2'))).statusCode).toBe(401);
    expect((await call('GET', url('from=1&to=2'), 'student')).statusCode).toBe(403);
  });
});

describe('POST /api/v1/content/{id}/revisions/{version}/restore', () => {
  it('restores a revision as a new one that says what it restored', async () => {
    const id = await editedLab();
    const res = await call('POST', `/api/v1/content/${id}/revisions/1/restore`, 'contenteditor');
    expect(res.statusCode, res.body).toBe(200);
    expect(ContentWriteResponseSchema.parse(res.json()).version).toBe(4);
    const restored = await load(id);
    expect(restored.description).toBe('<p>Set up the network and run the scanner.</p>');
    expect(restored.tags).toEqual([]);
    const list = ContentRevisionListSchema.parse(
      (await call('GET', `/api/v1/content/${id}/revisions`, 'faculty')).json(),
    );
    expect(list.items[0]).toMatchObject({ version: 4, restoredFrom: 1, authorId: accounts.contenteditor });
    expect(list.items[0]!.fields.sort()).toEqual(['description', 'tags']);
    // Revision 1 and the restored item read the same.
    const same = ContentRevisionDiffSchema.parse(
      (await call('GET', `/api/v1/content/${id}/revisions/diff?from=1&to=4`, 'faculty')).json(),
    );
    expect(same.fields).toEqual([]);
  });

  it('refuses faculty and students before anything is read, and unknown or current revisions', async () => {
    const id = await editedLab();
    const url = (v: string) => `/api/v1/content/${id}/revisions/${v}/restore`;
    expect((await call('POST', url('1'))).statusCode).toBe(401);
    for (const role of ['student', 'faculty'] as const)
      expect((await call('POST', url('1'), role, { any: 'body' })).statusCode).toBe(403);
    expect((await call('POST', url('0'), 'contenteditor')).statusCode).toBe(400);
    expect((await call('POST', url('x'), 'contenteditor')).statusCode).toBe(400);
    expect((await call('POST', url('42'), 'contenteditor')).statusCode).toBe(404);
    expect((await call('POST', url('3'), 'contenteditor')).statusCode).toBe(422);
    expect((await load(id)).version).toBe(3);
  });
});
