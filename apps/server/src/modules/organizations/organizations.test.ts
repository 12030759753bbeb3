/** Organizations (business units) through the API on a real database: create, list, set a user's unit. */
import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { useTestApp } from '../../testing/use-test-app.js';
import { bearer } from '../../testing/fixtures.js';

const { ctx, accounts } = useTestApp({ setupTimeoutMs: 300_000 });

const call = async (method: 'GET' | 'POST' | 'PUT', url: string, role: Role | null, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: role ? await bearer(ctx.app, accounts[role]) : {},
  });

describe('organizations', () => {
  it('are created by admins, listed by name and paged by nextPageToken', async () => {
    for (const [name, category] of [
      ['Valley Community College', 'communitycollege'],
      ['Lincoln High School', 'k12'],
      ['State Cyber Agency', 'government'],
    ]) {
      const res = await call('POST', '/api/v1/organizations', 'admin', { name, category, region: 'Ohio' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name, category, region: 'Ohio' });
    }
    const first = (await call('GET', '/api/v1/organizations?limit=2', 'admin')).json();
    expect(first.items.map((o: { name: string }) => o.name)).toEqual([
      'Lincoln High School',
      'State Cyber Agency',
    ]);
    const rest = (
      await call('GET', `/api/v1/organizations?limit=2&token=${first.nextPageToken}`, 'admin')
    ).json();
    expect(rest.items.map((o: { name: string }) => o.name)).toEqual(['Valley Community College']);
    expect(rest.nextPageToken).toBeNull();
  });

  it('refuse a name in use (409), an unknown category and an empty name (400)', async () => {
    const taken = await call('POST', '/api/v1/organizations', 'admin', {
      name: 'lincoln high school',
      category: 'k12',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details).toEqual({ field: 'name' });
    const category = await call('POST', '/api/v1/organizations', 'admin', { name: 'X', category: 'club' });
    expect(category.statusCode).toBe(400);
    expect(category.json().details.issues[0].field).toBe('body.category');
    const empty = await call('POST', '/api/v1/organizations', 'admin', { name: '  ', category: 'k12' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.issues[0]).toEqual({ field: 'body.name', message: 'Name is required' });
  });

  it("set and clear a user's business unit; 422 for an unknown unit, 404 for an unknown user", async () => {
    const units = (await call('GET', '/api/v1/organizations', 'admin')).json().items;
    const url = `/api/v1/admin/users/${accounts.faculty}/organization`;
    expect((await call('GET', url, 'admin')).json()).toEqual({ organization: null });
    const set = await call('PUT', url, 'admin', { organizationId: units[0].id });
    expect(set.statusCode).toBe(200);
    expect(set.json().organization).toEqual(units[0]);
    expect((await call('GET', url, 'admin')).json().organization).toEqual(units[0]);
    const unknown = await call('PUT', url, 'admin', {
      organizationId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(422);
    const nobody = await call(
      'PUT',
      '/api/v1/admin/users/00000000-0000-4000-8000-000000000000/organization',
      'admin',
      { organizationId: null },
    );
    expect(nobody.statusCode).toBe(404);
    expect((await call('PUT', url, 'admin', { organizationId: null })).json()).toEqual({
      organization: null,
    });
  });

  it('are refused to signed-out callers (401) and to everyone but admins (403)', async () => {
    const url = `/api/v1/admin/users/${accounts.faculty}/organization`;
    expect((await call('GET', '/api/v1/organizations', null)).statusCode).toBe(401);
    for (const role of ['student', 'faculty', 'contenteditor'] as const) {
      expect((await call('GET', '/api/v1/organizations', role)).statusCode).toBe(403);
      expect(
        (await call('POST', '/api/v1/organizations', role, { name: 'Nope', category: 'k12' })).statusCode,
      ).toBe(403);
      expect((await call('PUT', url, role, { organizationId: null })).statusCode).toBe(403);
    }
  });
});
