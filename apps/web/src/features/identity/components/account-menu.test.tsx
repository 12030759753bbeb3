/** The account menu (001 §2 Header): identity, messages with their count badge, links by permission. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KNOWLEDGE, makeSearchResponse, makeSession } from '../../../testing/fixtures';
import { mockApi, reply, type MockHandler } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import type { Role } from '@portal/shared/enums';

const MESSAGE = {
  id: '5f0c8a2e-1b3d-4c5e-8f70-00000000a001',
  message: 'You were invited to the course Network Security.',
  link: '/courseware/network-security',
};

function api(role: Role, extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/contributors': () => ({ contributors: [], nextPageToken: null }),
    'GET /api/v1/content/search': () => makeSearchResponse(),
    'GET /api/v1/content/*': () => reply(404, { code: 'not_found', message: 'Content does not exist.' }),
    'GET /api/v1/auth/session': () => makeSession(role),
    'GET /api/v1/auth/messages': () => ({ items: [] }),
    ...extra,
  });
}

async function openMenu(role: Role) {
  const { user, router } = renderApp('/courseware', { signedInAs: role });
  // The first render of the file also compiles the lazy page: a longer wait on a busy machine.
  await user.click(await screen.findByRole('button', { name: /^Account menu of/ }, { timeout: 20_000 }));
  return { user, router, menu: await screen.findByRole('menu') };
}

const itemNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('account menu', () => {
  it('gives faculty Invite students and Logout, without editor or admin entries', async () => {
    api('faculty');
    const { menu } = await openMenu('faculty');
    expect(within(menu).getByText('faculty@example.edu')).toBeInTheDocument();
    expect(within(menu).getByText('No new messages.')).toBeInTheDocument();
    expect(itemNames(menu)).toEqual(['Your account', 'Invite students', 'Logout']);
  });

  it('holds no list items beside its menu items: its headings are not items of a list', async () => {
    api('faculty');
    const { menu } = await openMenu('faculty');
    expect(within(menu).getByText('Messages')).toBeVisible();
    expect(within(menu).queryAllByRole('listitem')).toEqual([]);
  });

  it('gives editors Dashboard, Add new page, Admin and Archived Content', async () => {
    api('contenteditor');
    const { menu } = await openMenu('contenteditor');
    expect(itemNames(menu)).toEqual([
      'Your account',
      'Dashboard',
      'Add new page',
      'Admin',
      'Archived Content',
      'Invite students',
      'Logout',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Admin' }).getAttribute('href')).toBe('/cr-admin');
    expect(within(menu).getByRole('menuitem', { name: 'Archived Content' }).getAttribute('href')).toBe(
      '/cr-archived-content',
    );
  });

  it('gives admins the identity admin screens', async () => {
    api('admin');
    const { menu } = await openMenu('admin');
    expect(itemNames(menu)).toEqual([
      'Your account',
      'Dashboard',
      'Add new page',
      'Admin',
      'Archived Content',
      'Users and claims',
      'User import',
      'Invite students',
      'Outgoing e-mail',
      'Site settings',
      'Unsafe-site incidents',
      'LMS platforms',
      'Logout',
    ]);
  });

  it('shows the messages with a count badge; opening one marks it read and follows its link', async () => {
    let items = [MESSAGE];
    const { requests } = api('student', {
      'GET /api/v1/auth/messages': () => ({ items }),
      [`POST /api/v1/auth/messages/${MESSAGE.id}/read`]: () => {
        items = [];
        return reply(204, null);
      },
    });
    const { user, router } = renderApp('/courseware', { signedInAs: 'student' });
    const button = await screen.findByRole(
      'button',
      { name: 'Account menu of Student Demo, 1 new message' },
      { timeout: 20_000 },
    );
    await user.click(button);
    const menu = await screen.findByRole('menu');
    await user.click(within(menu).getByRole('menuitem', { name: MESSAGE.message }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware/network-security'));
    expect(requests.some((r) => r.method === 'POST' && r.url.pathname.endsWith('/read'))).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Account menu of Student Demo' })).toBeInTheDocument(),
    );
  });
});
