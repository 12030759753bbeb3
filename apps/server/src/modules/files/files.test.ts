/** Downloads against a real database and disk store: permission, signed links, recorded events. */
import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { downloadEvent } from '../../db/schema/statistics.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer } from '../../testing/fixtures.js';

const { ctx, accounts, tree } = useTestApp({ tree: true });

const downloadUrl = async (role?: Role, fileId = tree.fileId) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/files/${fileId}/download-url?from=${tree.lab}`,
    headers: role ? await bearer(ctx.app, accounts[role]) : {},
  });

describe('courseware file download', () => {
  it('gives faculty a signed link that streams the real bytes with the file name, and records the download', async () => {
    const res = await downloadUrl('faculty');
    expect(res.statusCode).toBe(200);
    const { publicUrl, name } = res.json();
    expect(name).toBe('xss-lab.md');
    const file = await ctx.app.inject({ method: 'GET', url: publicUrl });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(tree.fileBytes)).toBe(true);
    expect(file.headers['content-disposition']).toContain('filename="xss-lab.md"');
    const events = await ctx.database.db.select().from(downloadEvent);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      accountId: accounts.faculty,
      fileId: tree.fileId,
      fileName: 'xss-lab.md',
      contentId: tree.lab,
      topContentId: tree.course,
      topContentName: 'Network Security Course',
    });
  });

  it('refuses students (403) and visitors (401), whatever the UI shows', async () => {
    expect((await downloadUrl('student')).statusCode).toBe(403);
    expect((await downloadUrl()).statusCode).toBe(401);
  });

  it('refuses a tampered or unsigned link with 403', async () => {
    const { publicUrl } = (await downloadUrl('faculty')).json();
    const tampered = publicUrl.replace(/u=[^&]+/, `u=${accounts.student}`);
    expect((await ctx.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/files/${tree.fileId}/content` })).statusCode,
    ).toBe(403);
  });

  it('answers unknown and malformed file ids with 404 and 400', async () => {
    expect((await downloadUrl('faculty', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await downloadUrl('faculty', 'not-an-id')).statusCode).toBe(400);
  });
});
