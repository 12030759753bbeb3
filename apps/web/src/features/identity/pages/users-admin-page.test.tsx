/**
 * The users and claims admin (001 §6) and impersonation (001 §4): roles and claims go through their
 * endpoints, the flags show, "Act as" keeps the admin's token, the banner shows always, and stopping
 * returns to the stored path with the admin's token.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { derivePermissions, ROLE_CLAIMS } from '@portal/shared/permissions';
import { AdminUserSchema, type AdminUser } from '@portal/shared/schemas/identity';
import { getAccessToken } from '../../../lib/auth-token';
import { KNOWLEDGE, makeSearchResponse, makeSession } from '../../../testing/fixtures';
import { mockApi, reply, type MockHandler, type MockRequest } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const FAY_ID = '5f0c8a2e-1b3d-4c5e-8f70-00000000b001';

function fay(roles: AdminUser['roles']): AdminUser {
  const claims = roles.flatMap((r) => ROLE_CLAIMS[r]);
  return AdminUserSchema.parse({
    id: FAY_ID,
    email: 'faculty@example.edu',
    displayName: 'Fay Faculty',
    roles,
    isEmailVerified: true,
    hasPassword: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    claims: [],
    effectiveClaims: claims,
    permissions: derivePermissions(claims, true),
  });
}

function api(extra: Record<string, MockHandler> = {}) {
  const admin = makeSession('admin');
  const faculty = makeSession('faculty');
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/contributors': () => ({ contributors: [], nextPageToken: null }),
    'GET /api/v1/content/search': () => makeSearchResponse(),
    'GET /api/v1/auth/messages': () => ({ items: [] }),
    'GET /api/v1/auth/session': (request: MockRequest) =>
      request.headers.get('Authorization') === 'Bearer as-fay'
        ? {
            ...faculty,
            identity: { ...faculty.identity, displayName: 'Fay Faculty' },
            impersonator: {
              subject: admin.identity.subject,
              displayName: admin.identity.displayName,
              email: admin.identity.email,
            },
          }
        : admin,
    'GET /api/v1/admin/users': () => ({
      items: [{ ...fay(['faculty']), claims: undefined, effectiveClaims: undefined, permissions: undefined }],
      nextPageToken: null,
    }),
    [`GET /api/v1/admin/users/${FAY_ID}`]: () => fay(['faculty']),
    [`GET /api/v1/admin/lti/users/${FAY_ID}/identities`]: () => ({ items: [] }),
    ...extra,
  });
}

describe('users and claims admin', () => {
  it('lists users, grants a role and shows the flags it gives', async () => {
    const { requests } = api({
      [`PUT /api/v1/admin/users/${FAY_ID}/roles/contenteditor`]: () => fay(['faculty', 'contenteditor']),
    });
    const { user } = renderApp('/admin/users', { signedInAs: 'admin' });
    const table = await screen.findByRole('table', { name: 'Users' });
    await user.click(within(table).getByRole('button', { name: 'Fay Faculty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fay Faculty' });
    const flags = within(dialog).getByRole('list', { name: 'Permissions granted' });
    expect(within(flags).getByText('CanViewFiles')).toBeInTheDocument();
    expect(within(flags).queryByText('CanUpdateContent')).toBeNull();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Content editor' }));
    await waitFor(() => expect(within(flags).getByText('CanUpdateContent')).toBeInTheDocument());
    expect(requests.some((r) => r.method === 'PUT' && r.url.pathname.endsWith('/roles/contenteditor'))).toBe(
      true,
    );
  });

  it('checks a single claim with the shared schema before sending it', async () => {
    const { requests } = api();
    const { user } = renderApp('/admin/users', { signedInAs: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Fay Faculty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fay Faculty' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Value' }), 'has spaces');
    await user.click(within(dialog).getByRole('button', { name: 'Grant claim' }));
    expect(await within(dialog).findByText('Letters, digits and : . _ - only.')).toBeInTheDocument();
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox', { name: 'Value' }));
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname.endsWith('/claims'))).toBe(false);
  });

  it("sends a claim with its scopes and shows the server's field issue under its field", async () => {
    const { requests } = api({
      [`POST /api/v1/admin/users/${FAY_ID}/claims`]: () =>
        reply(400, {
          code: 'invalid_input',
          message: 'Some fields are not valid.',
          details: { issues: [{ field: 'body.value', message: 'This claim is granted already.' }] },
        }),
    });
    const { user } = renderApp('/admin/users', { signedInAs: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Fay Faculty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fay Faculty' });
    const value = within(dialog).getByRole('textbox', { name: 'Value' });
    await user.type(value, 'content:patch');
    await user.type(within(dialog).getByRole('textbox', { name: 'Scopes' }), 'alpha, beta ,');
    await user.click(within(dialog).getByRole('button', { name: 'Grant claim' }));
    await waitFor(() =>
      expect(requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith('/claims'))?.body).toEqual({
        type: 'api',
        value: 'content:patch',
        scopes: ['alpha', 'beta'],
      }),
    );
    expect(await within(dialog).findByText('This claim is granted already.')).toBeInTheDocument();
    // The shell's error dialog reports the refusal (001 §8); closing it gives the focus back to the field.
    const error = await screen.findByRole('dialog', { name: 'Error' });
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(document.activeElement).toBe(value));
    expect(value.getAttribute('aria-invalid')).toBe('true');
  });

  it("sends a person's follow digest now and says what went out", async () => {
    const outcomes = [
      { sent: false, items: 0, frequency: 'weekly' },
      { sent: true, items: 2, frequency: 'weekly' },
    ];
    const { requests } = api({
      [`POST /api/v1/admin/users/${FAY_ID}/follow-digest`]: () => outcomes.shift(),
    });
    const { user } = renderApp('/admin/users', { signedInAs: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Fay Faculty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fay Faculty' });
    const send = within(dialog).getByRole('button', { name: 'Send their digest now' });
    await user.click(send);
    const status = within(dialog).getByRole('status');
    expect(
      await within(status).findByText('Not sent: nothing they follow has changed since their last digest.'),
    ).toBeInTheDocument();
    await user.click(send);
    expect(
      await within(status).findByText(
        'Sent: a digest of 2 changed items is on its way to faculty@example.edu.',
      ),
    ).toBeInTheDocument();
    expect(
      requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/follow-digest')),
    ).toHaveLength(2);
  });

  it('sends others home', async () => {
    api({ 'GET /api/v1/auth/session': () => makeSession('contenteditor') });
    const { router } = renderApp('/admin/users', { signedInAs: 'contenteditor' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('impersonation', () => {
  it('acts as a user with a banner everywhere, then returns to the stored path as the admin', async () => {
    const { requests } = api({
      'POST /api/v1/auth/impersonate': () => ({ accessToken: 'as-fay', expiresAt: 0, expiresIn: 3600 }),
    });
    const { user, router } = renderApp('/admin/users', { signedInAs: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Fay Faculty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fay Faculty' });
    await user.click(within(dialog).getByRole('button', { name: 'Act as Fay Faculty' }));

    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    await waitFor(() =>
      expect(banner.textContent).toContain('You are acting as Fay Faculty (faculty@example.edu).'),
    );
    expect(getAccessToken()).toBe('as-fay');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(requests.find((r) => r.url.pathname === '/api/v1/auth/impersonate')!.body).toEqual({
      accountId: FAY_ID,
    });

    await user.click(within(banner).getByRole('button', { name: 'Stop acting as this user' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/users'));
    expect(getAccessToken()).toBe('test-token-admin');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull());
  });

  it('shows the error when the server refuses', async () => {
    api({
      'POST /api/v1/auth/impersonate': () =>
        reply(409, { code: 'conflict', message: 'You cannot act as another user who may act as others.' }),
    });
    const { user } = renderApp('/admin/users', { signedInAs: 'admin' });
    await user.click(await screen.findByRole('button', { name: 'Fay Faculty' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Fay Faculty' })).getByRole('button', {
        name: 'Act as Fay Faculty',
      }),
    );
    const error = await screen.findByRole('dialog', { name: 'Error' });
    expect(
      within(error).getByText('You cannot act as another user who may act as others.'),
    ).toBeInTheDocument();
    expect(getAccessToken()).toBe('test-token-admin');
  });
});
