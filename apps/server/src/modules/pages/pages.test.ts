/**
 * Dynamic pages through the app on a real database (001 §2 Dynamic pages, §3, §4 Reorder and Section
 * save, §5; issue 11): link rules and the unique link, visibility by status for every kind of caller,
 * paging by nextPageToken, sanitised rich text, widget files (their byte limits per slot, a refused
 * save leaving the files as they were, a saved one deleting the files it replaced), reorder with the
 * page's version, revisions and restore, bad inputs.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { AVATAR_MAX_BYTES } from '@portal/shared/limits';
import { PAGE_MESSAGES, type Page } from '@portal/shared/schemas/pages';
import { eq } from 'drizzle-orm';
import { file } from '../../db/schema/files.js';
import { bearer } from '../../testing/fixtures.js';
import { multipart } from '../../testing/multipart.js';
import { useTestApp } from '../../testing/use-test-app.js';

const { ctx, accounts } = useTestApp();
const as: Partial<Record<Role, { authorization: string }>> = {};

beforeAll(async () => {
  for (const role of Object.keys(accounts) as Role[]) as[role] = await bearer(ctx.app, accounts[role]);
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, role?: Role, payload?: object) =>
  ctx.app.inject({ method, url, headers: role ? as[role] : {}, payload });

let made = 0;
/** Creates a page as the content editor; its link is unique unless given. */
async function newPage(extra: object = {}): Promise<Page> {
  made += 1;
  const res = await call('POST', '/api/v1/pages', 'contenteditor', {
    title: `Page ${made}`,
    status: 'published',
    description: `Page number ${made}.`,
    href: `/test-page-${made}`,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** A 1x1 PNG, padded to `size` bytes (the type is read from its first bytes). */
function png(size = 0): Buffer {
  const image = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  return size > image.length ? Buffer.concat([image, Buffer.alloc(size - image.length)]) : image;
}

/** Uploads a widget file for a page as the content editor. */
async function upload(pageId: string, kind: 'image' | 'avatar' | 'logo' | 'file', content = png()) {
  const body = multipart(
    {
      type: 'image/png',
      name: 'Range map',
      visibility: 'public',
      metadataType: 'page',
      metadataId: pageId,
      kind,
    },
    { filename: 'range.png', contentType: 'image/png', content },
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/files',
    payload: body.payload,
    headers: { ...body.headers, ...as.contenteditor },
  });
}

const imageOf = (fileId: string) => ({
  fileId,
  filename: 'range.png',
  mimeType: 'image/png',
  alt: 'Range map',
});
const fileRow = async (id: string) => (await ctx.database.db.select().from(file).where(eq(file.id, id)))[0];
/** Whether a file is gone: no row, and its bytes removed from the store. */
async function isGone(id: string, storageKey: string) {
  const stored = await ctx.fileStore.size(storageKey).then(
    () => true,
    () => false,
  );
  return (await fileRow(id)) === undefined && !stored;
}

describe('links', () => {
  it('refuses every bad link with the one link message', async () => {
    for (const href of ['about', '/About', '/a b', '/a_b', `/${'a'.repeat(1024)}`]) {
      const res = await call('POST', '/api/v1/pages', 'contenteditor', {
        title: 'x',
        status: 'published',
        description: 'x',
        href,
      });
      expect(res.statusCode, href).toBe(400);
      expect(res.body).toContain(PAGE_MESSAGES.href);
    }
  });

  it('keeps links unique (409 with the link message) and serves a page by its lower-cased link', async () => {
    const page = await newPage({ href: '/community/cyber-workshops' });
    const again = await call('POST', '/api/v1/pages', 'contenteditor', {
      title: 'Other',
      status: 'published',
      description: 'x',
      href: '/community/cyber-workshops',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'conflict', message: PAGE_MESSAGES.hrefTaken });

    const other = await newPage();
    const renamed = await call('PATCH', `/api/v1/pages/${other.id}`, 'contenteditor', {
      title: 'x',
      status: 'published',
      href: '/community/cyber-workshops',
    });
    expect(renamed.statusCode).toBe(409);

    const byHref = await call('GET', '/api/v1/pages/by-href?href=/Community/Cyber-Workshops');
    expect(byHref.statusCode).toBe(200);
    expect(byHref.json().id).toBe(page.id);
  });
});

describe('visibility by status', () => {
  it('shows published and unlisted pages to anyone, unpublished and archived ones only to editors', async () => {
    const seen: Record<string, Record<string, number>> = {};
    for (const status of ['published', 'unlisted', 'unpublished', 'archived']) {
      const page = await newPage({ status });
      seen[status] = {};
      for (const role of [undefined, 'student', 'faculty', 'contenteditor', 'admin'] as const) {
        const byId = await call('GET', `/api/v1/pages/${page.id}`, role);
        const byHref = await call('GET', `/api/v1/pages/by-href?href=${page.href}`, role);
        expect(byHref.statusCode).toBe(byId.statusCode);
        seen[status][role ?? 'visitor'] = byId.statusCode;
        if (byId.statusCode === 404) expect(byId.json().message).toBe(PAGE_MESSAGES.notFound);
      }
    }
    const everyone = { visitor: 200, student: 200, faculty: 200, contenteditor: 200, admin: 200 };
    const editors = { visitor: 404, student: 404, faculty: 404, contenteditor: 200, admin: 200 };
    expect(seen).toEqual({
      published: everyone,
      unlisted: everyone,
      unpublished: editors,
      archived: editors,
    });
  });

  it('lists only published pages to visitors, in pages by nextPageToken', async () => {
    const hidden = await newPage({ status: 'unpublished' });
    const hrefs: string[] = [];
    let token: string | null = null;
    do {
      const res = await call('GET', `/api/v1/pages?pageSize=2${token ? `&pageToken=${token}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: { href: string; status: string }[]; nextPageToken: string | null };
      expect(body.items.length).toBeLessThanOrEqual(2);
      expect(body.items.every((p) => p.status === 'published')).toBe(true);
      hrefs.push(...body.items.map((p) => p.href));
      token = body.nextPageToken;
    } while (token);
    expect(hrefs).toEqual([...hrefs].sort());
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(hrefs).not.toContain(hidden.href);

    const editor = await call('GET', '/api/v1/pages?pageSize=1000&statuses=unpublished', 'contenteditor');
    expect(editor.json().items.map((p: { href: string }) => p.href)).toContain(hidden.href);
    expect((await call('GET', '/api/v1/pages?pageToken=bm90LWEtdG9rZW4')).statusCode).toBe(400);
  });
});

describe('sections and widget files', () => {
  it('sanitises the rich text of content boxes', async () => {
    const page = await newPage();
    const res = await call('POST', `/api/v1/pages/${page.id}/sections`, 'contenteditor', {
      widgets: [
        {
          kind: 'contentBox',
          content:
            '<p onclick="steal()">Hello <strong>labs</strong><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"></p>',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const content = res.json().sections[0].widgets[0].content as string;
    expect(content).toContain('<strong>labs</strong>');
    for (const bad of ['<script', 'onclick', 'onerror', 'javascript:']) expect(content).not.toContain(bad);
  });

  it('keeps the files when a save is refused, and deletes the replaced file after a save', async () => {
    const page = await newPage();
    const first = (await upload(page.id, 'image')).json();
    const added = await call('POST', `/api/v1/pages/${page.id}/sections`, 'contenteditor', {
      key: null,
      widgets: [{ kind: 'coverImage', title: 'Range', image: imageOf(first.id) }],
    });
    expect(added.statusCode, added.body).toBe(201);
    const sectionId = added.json().sections[0].id;
    const firstKey = (await fileRow(first.id))!.storageKey;

    // A file uploaded for another page is refused; nothing is deleted.
    const elsewhere = await newPage();
    const foreign = (await upload(elsewhere.id, 'image')).json();
    const refused = await call('PUT', `/api/v1/pages/${page.id}/sections/${sectionId}`, 'contenteditor', {
      widgets: [{ kind: 'coverImage', title: 'Range', image: imageOf(foreign.id) }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(PAGE_MESSAGES.fileNotOfPage);
    expect(await fileRow(first.id)).toBeDefined();

    // An image uploaded within the image limit is still too large for an avatar slot (50000 bytes).
    const big = (await upload(page.id, 'image', png(AVATAR_MAX_BYTES + 1))).json();
    const tooLarge = await call('PUT', `/api/v1/pages/${page.id}/sections/${sectionId}`, 'contenteditor', {
      widgets: [
        { kind: 'teamMember', name: 'Ada', title: 'Director', description: 'x', avatar: imageOf(big.id) },
      ],
    });
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().message).toBe(PAGE_MESSAGES.fileTooLargeForSlot);
    // The client deletes its own upload after a refused save (001 §4): nothing new is left.
    const bigKey = (await fileRow(big.id))!.storageKey;
    expect((await call('DELETE', `/api/v1/files/${big.id}`, 'contenteditor')).statusCode).toBe(204);
    expect(await isGone(big.id, bigKey)).toBe(true);
    expect(await fileRow(first.id)).toBeDefined();

    // A successful save that replaces the image deletes the old file, row and bytes.
    const second = (await upload(page.id, 'image')).json();
    const saved = await call('PUT', `/api/v1/pages/${page.id}/sections/${sectionId}`, 'contenteditor', {
      widgets: [{ kind: 'coverImage', title: 'Range', image: imageOf(second.id) }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await isGone(first.id, firstKey)).toBe(true);
    expect(await fileRow(second.id)).toBeDefined();
    // The page's Open Graph images follow its image widgets.
    expect(saved.json().meta.images).toEqual([`/api/v1/files/${second.id}/content`]);

    // Deleting the section deletes its file; deleting the page deletes the rest.
    const secondKey = (await fileRow(second.id))!.storageKey;
    const removed = await call('DELETE', `/api/v1/pages/${page.id}/sections/${sectionId}`, 'contenteditor');
    expect(removed.json().sections).toEqual([]);
    expect(await isGone(second.id, secondKey)).toBe(true);
    const child = await newPage({ parentId: page.id });
    expect(child.parentId).toBe(page.id);
    const third = (await upload(page.id, 'logo')).json();
    const thirdKey = (await fileRow(third.id))!.storageKey;
    expect((await call('DELETE', `/api/v1/pages/${page.id}`, 'contenteditor')).statusCode).toBe(204);
    expect(await isGone(third.id, thirdKey)).toBe(true);
    expect((await call('GET', `/api/v1/pages/${page.id}`, 'contenteditor')).statusCode).toBe(404);
    expect((await call('GET', `/api/v1/pages/${child.id}`)).json().parentId).toBeNull();
  });

  it('enforces the byte limit of each upload kind and needs an existing page', async () => {
    const page = await newPage();
    expect((await upload(page.id, 'avatar', png(AVATAR_MAX_BYTES))).statusCode).toBe(201);
    const over = await upload(page.id, 'logo', png(AVATAR_MAX_BYTES + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('The selected file is too large to upload.');
    expect((await upload('00000000-0000-4000-8000-00000000abcd', 'image')).statusCode).toBe(422);
  });

  it('refuses bad sections: unknown kind, no widget, a field over its limit, a javascript: target', async () => {
    const page = await newPage();
    for (const widgets of [
      [{ kind: 'marquee', text: 'x' }],
      [],
      [{ kind: 'heading', text: 'x'.repeat(129) }],
      [{ kind: 'callToAction', text: 'Go', target: 'javascript:alert(1)' }],
    ]) {
      const res = await call('POST', `/api/v1/pages/${page.id}/sections`, 'contenteditor', { widgets });
      expect(res.statusCode, JSON.stringify(widgets)).toBe(400);
    }
    const unknown = await call(
      'POST',
      `/api/v1/pages/00000000-0000-4000-8000-00000000abcd/sections`,
      'contenteditor',
      {
        widgets: [{ kind: 'calloutBox', text: 'x' }],
      },
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('reorder', () => {
  it('reorders sections and groups with the current version only', async () => {
    const page = await newPage({ layoutName: 'groupedList' });
    let current = page;
    for (const [key, text] of [
      ['Workshops', 'One'],
      ['Resources', 'Two'],
      ['Workshops', 'Three'],
    ]) {
      const res = await call('POST', `/api/v1/pages/${page.id}/sections`, 'contenteditor', {
        key: ` ${key} `,
        widgets: [{ kind: 'calloutBox', text }],
      });
      current = res.json();
    }
    expect(current.layout.parameters).toEqual(['group-Workshops', 'group-Resources']);
    const [a, b, c] = current.sections.map((s) => s.id);

    const stale = await call('PUT', `/api/v1/pages/${page.id}/layout`, 'contenteditor', {
      version: current.version - 1,
      sectionIds: [c, b, a],
      groups: ['Resources', 'Workshops'],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(PAGE_MESSAGES.stale);
    const missing = await call('PUT', `/api/v1/pages/${page.id}/layout`, 'contenteditor', {
      version: current.version,
      sectionIds: [c, b],
      groups: ['Resources', 'Workshops'],
    });
    expect(missing.statusCode).toBe(422);

    const done = await call('PUT', `/api/v1/pages/${page.id}/layout`, 'contenteditor', {
      version: current.version,
      sectionIds: [c, b, a],
      groups: ['Resources', 'Workshops'],
    });
    expect(done.statusCode, done.body).toBe(200);
    const after = (await call('GET', `/api/v1/pages/${page.id}`)).json() as Page;
    expect(after.sections.map((s) => [s.index, s.widgets[0]])).toEqual([
      [0, { kind: 'calloutBox', text: 'Three' }],
      [1, { kind: 'calloutBox', text: 'Two' }],
      [2, { kind: 'calloutBox', text: 'One' }],
    ]);
    expect(after.layout.parameters).toEqual(['group-Resources', 'group-Workshops']);
    expect(after.version).toBe(current.version + 1);
  });
});

describe('revisions', () => {
  it('keeps a revision of every save (who, when, what) and restores one', async () => {
    const page = await newPage({ title: 'About the range' });
    const image = (await upload(page.id, 'image')).json();
    const withSection = await call('POST', `/api/v1/pages/${page.id}/sections`, 'contenteditor', {
      widgets: [{ kind: 'contentBox', content: '<p>Who we are.</p>', image: imageOf(image.id) }],
    });
    const sectionId = withSection.json().sections[0].id;
    await call('PUT', `/api/v1/pages/${page.id}/sections/${sectionId}`, 'contenteditor', {
      widgets: [{ kind: 'calloutBox', text: 'Replaced' }],
    });
    await call('PATCH', `/api/v1/pages/${page.id}`, 'admin', { title: 'About us', status: 'unlisted' });

    const first = await call('GET', `/api/v1/pages/${page.id}/revisions?pageSize=3`, 'contenteditor');
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((r: { change: string }) => r.change)).toEqual([
      'update',
      'section',
      'section',
    ]);
    expect(first.json().items[0]).toMatchObject({ title: 'About us', authorId: accounts.admin });
    expect(first.json().items[1]).toMatchObject({ authorId: accounts.contenteditor });
    const rest = await call(
      'GET',
      `/api/v1/pages/${page.id}/revisions?pageSize=3&pageToken=${first.json().nextPageToken}`,
      'contenteditor',
    );
    expect(rest.json()).toMatchObject({
      items: [{ change: 'create', title: 'About the range' }],
      nextPageToken: null,
    });
    expect((await call('GET', `/api/v1/pages/${page.id}/revisions`, 'faculty')).statusCode).toBe(403);

    // The first section save: its content box comes back, its image (deleted by the replace) does not.
    const sectionRevision = first.json().items[2].id;
    const restored = await call(
      'POST',
      `/api/v1/pages/${page.id}/revisions/${sectionRevision}/restore`,
      'contenteditor',
    );
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ title: 'About the range', status: 'published' });
    expect(restored.json().sections[0].widgets).toEqual([
      { kind: 'contentBox', content: '<p>Who we are.</p>', imagePosition: 'right', image: null },
    ]);
    const latest = await call('GET', `/api/v1/pages/${page.id}/revisions?pageSize=1`, 'contenteditor');
    expect(latest.json().items[0].change).toBe('restore');

    // A revision whose link another page has taken meanwhile cannot be restored.
    await call('PATCH', `/api/v1/pages/${page.id}`, 'contenteditor', {
      title: 'Moved',
      status: 'published',
      href: `${page.href}-moved`,
    });
    await newPage({ href: page.href });
    const taken = await call(
      'POST',
      `/api/v1/pages/${page.id}/revisions/${sectionRevision}/restore`,
      'contenteditor',
    );
    expect(taken.statusCode).toBe(409);
  });
});
