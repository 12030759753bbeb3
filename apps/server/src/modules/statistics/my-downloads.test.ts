/**
 * "My downloads" (issue 37) against a real database: a faculty member downloads a lab's file and sees it
 * in their list, unchanged; a curator edits the lab and the list, the lab's page and the search results
 * say it changed since; a second download makes it unchanged again. A bundle (the whole tree) changed when
 * an item under it did; a file only when its own item did. Visitors and students are refused
 * the list (CanViewFiles) and a visitor's search and item carry no mark.
 */
import { describe, expect, it } from 'vitest';
import type { Content, SearchContentResponse } from '@portal/shared/schemas/courseware';
import { toUpdateRequest } from '@portal/shared/schemas/courseware-edit';
import type { MyDownloadList } from '@portal/shared/schemas/my-downloads';
import { downloadEvent } from '../../db/schema/statistics.js';
import { storeFile } from '../../testing/fixtures.js';
import { useTestApp } from '../../testing/use-test-app.js';

const { ctx, tree, accounts, as } = useTestApp({ tree: true });
type Role = Parameters<typeof as>[0];

async function call(method: 'GET' | 'PUT', url: string, role?: Role, payload?: unknown) {
  return ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: await as(role),
    payload: payload as object,
  });
}

/** Downloads the lab's file as the faculty member, from the lab's page. */
async function downloadLabFile() {
  const link = await call('GET', `/files/${tree.fileId}/download-url?from=${tree.lab}`, 'faculty');
  expect(link.statusCode).toBe(200);
  const file = await ctx.app.inject({ method: 'GET', url: (link.json() as { publicUrl: string }).publicUrl });
  expect(file.statusCode).toBe(200);
}

const myDownloads = async () => {
  const res = await call('GET', '/account/downloads', 'faculty');
  expect(res.statusCode).toBe(200);
  return res.json() as MyDownloadList;
};
const labPage = async (role?: Role) => (await call('GET', `/content/${tree.lab}`, role)).json() as Content;
const labResult = async (role?: Role) => {
  const found = (await call('GET', '/content/search?q=cross%20site%20scripting', role)).json();
  return (found as SearchContentResponse).items.find((i) => i.id === tree.lab)!;
};

describe('my downloads', () => {
  it('lists a download, marks it changed after a curator edits the item, and unchanged after downloading again', async () => {
    expect(await myDownloads()).toEqual({ items: [], nextPageToken: null });
    expect((await labPage('faculty')).changedSinceDownload).toBeUndefined();

    await downloadLabFile();
    const first = await myDownloads();
    expect(first.items).toEqual([
      {
        contentId: tree.lab,
        name: 'Cross-Site Scripting Lab',
        urlAlias: 'network-security-course/packet-analysis/cross-site-scripting-lab',
        categories: ['exercise', 'lesson'],
        category: 'exercise,lesson',
        lastDownloadedAt: expect.any(String),
        lastDownloadKind: 'file',
        changedSinceDownload: false,
        changedAt: null,
      },
    ]);
    expect(first.nextPageToken).toBeNull();
    expect((await labPage('faculty')).changedSinceDownload).toBe(false);
    expect((await labResult('faculty')).changedSinceDownload).toBe(false);

    const item = await labPage('contenteditor');
    const saved = await call('PUT', `/content/${tree.lab}`, 'contenteditor', {
      ...toUpdateRequest(item),
      name: 'Cross-Site Scripting Lab (2nd edition)',
    });
    expect(saved.statusCode).toBe(200);

    const changed = await myDownloads();
    expect(changed.items[0]).toMatchObject({
      name: 'Cross-Site Scripting Lab (2nd edition)',
      changedSinceDownload: true,
    });
    expect(Date.parse(changed.items[0]!.changedAt!)).toBeGreaterThan(
      Date.parse(first.items[0]!.lastDownloadedAt),
    );
    expect((await labPage('faculty')).changedSinceDownload).toBe(true);
    expect((await labResult('faculty')).changedSinceDownload).toBe(true);
    // Someone else's view does not depend on this person's downloads.
    expect((await labPage('contenteditor')).changedSinceDownload).toBeUndefined();

    await downloadLabFile();
    const again = await myDownloads();
    expect(again.items).toHaveLength(1);
    expect(again.items[0]).toMatchObject({ changedSinceDownload: false, changedAt: null });
    expect((await labPage('faculty')).changedSinceDownload).toBe(false);
    expect((await labResult('faculty')).changedSinceDownload).toBe(false);
  });

  it("tells what was downloaded by what it is, not by its file's name", async () => {
    // A file an editor attached under the name the portal gives its bundles is still a file.
    const lookalike = await storeFile(ctx.database.db, ctx.fileStore, Buffer.from('PK\u0003\u0004 notes'), {
      name: 'Handout archive',
      filename: `cross-site-scripting-lab_bundle_2026-11-21.zip`,
      mimeType: 'application/zip',
      visibility: 'private',
      metadataType: 'content',
      metadataId: tree.lab,
      status: 'ready',
    });
    const link = await call('GET', `/files/${lookalike.id}/download-url?from=${tree.lab}`, 'faculty');
    expect(link.statusCode).toBe(200);
    const got = await ctx.app.inject({
      method: 'GET',
      url: (link.json() as { publicUrl: string }).publicUrl,
    });
    expect(got.statusCode).toBe(200);
    const listed = (await myDownloads()).items.find((i) => i.contentId === tree.lab);
    expect(listed).toMatchObject({ lastDownloadKind: 'file' });
  });

  it('marks a bundle changed when an item under it changed, and a file only when its own item did', async () => {
    // Downloads of the module recorded as the download service records them: its zip bundle (the
    // whole tree), then later one of its own files.
    const downloaded = async (kind: 'file' | 'bundle') =>
      ctx.database.db.insert(downloadEvent).values({
        accountId: accounts.faculty,
        fileId: tree.fileId,
        fileName: kind === 'bundle' ? 'packet-analysis_bundle_2026-11-29.zip' : 'notes.md',
        contentId: tree.module,
        kind,
      });
    const moduleRow = async () => (await myDownloads()).items.find((i) => i.contentId === tree.module);
    const modulePage = async () =>
      ((await call('GET', `/content/${tree.module}`, 'faculty')).json() as Content).changedSinceDownload;
    const editLab = async (name: string) => {
      const item = await labPage('contenteditor');
      const saved = await call('PUT', `/content/${tree.lab}`, 'contenteditor', {
        ...toUpdateRequest(item),
        name,
      });
      expect(saved.statusCode).toBe(200);
    };

    await downloaded('bundle');
    expect(await moduleRow()).toMatchObject({ lastDownloadKind: 'bundle', changedSinceDownload: false });
    await editLab('Cross-Site Scripting Lab (bundled)');
    expect(await moduleRow()).toMatchObject({ changedSinceDownload: true });
    expect(await modulePage()).toBe(true);

    // A file of the module holds nothing of the lab: the lab's next edit does not change it.
    await downloaded('file');
    await editLab('Cross-Site Scripting Lab (filed)');
    expect(await moduleRow()).toMatchObject({ lastDownloadKind: 'file', changedSinceDownload: false });
    expect(await modulePage()).toBe(false);
  });

  it('refuses visitors and students the list; a visitor sees no mark', async () => {
    expect((await call('GET', '/account/downloads')).statusCode).toBe(401);
    expect((await call('GET', '/account/downloads', 'student')).statusCode).toBe(403);
    expect('changedSinceDownload' in (await labPage())).toBe(false);
    expect('changedSinceDownload' in (await labResult())).toBe(false);
  });

  it('refuses a page token it did not issue', async () => {
    expect((await call('GET', '/account/downloads?pageToken=abc', 'faculty')).statusCode).toBe(400);
  });
});
