/** My downloads (issue 37): the list with its chip, the empty state, Show more, and the account page's link. */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MyDownload } from '@portal/shared/schemas/my-downloads';
import { makeSession } from '../../../testing/fixtures';
import { mockApi, type MockHandler } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const LAB: MyDownload = {
  contentId: '5f0c8a2e-1b3d-4c5e-8f70-0000000000a1',
  name: 'Cross-Site Scripting Lab',
  urlAlias: 'network-security-course/cross-site-scripting-lab',
  categories: ['exercise'],
  category: 'exercise',
  lastDownloadedAt: '2026-11-20T10:00:00.000Z',
  lastDownloadKind: 'file',
  changedSinceDownload: true,
  changedAt: '2026-11-25T10:00:00.000Z',
};
const COURSE: MyDownload = {
  ...LAB,
  contentId: '5f0c8a2e-1b3d-4c5e-8f70-0000000000a2',
  name: 'Network Security Course',
  urlAlias: 'network-security-course',
  categories: ['course'],
  category: 'course',
  lastDownloadKind: 'bundle',
  changedSinceDownload: false,
  changedAt: null,
};

function api(downloads: MockHandler) {
  return mockApi({
    'GET /api/v1/auth/session': () => makeSession('faculty'),
    'GET /api/v1/auth/messages': () => ({ items: [] }),
    'GET /api/v1/account/downloads': downloads,
  });
}

describe('my downloads page', () => {
  it('lists each downloaded item linking to it, marks the changed one with a link to its history, and shows more', async () => {
    const { requests } = api((r) =>
      r.url.searchParams.get('pageToken') === 'next'
        ? { items: [COURSE], nextPageToken: null }
        : { items: [LAB], nextPageToken: 'next' },
    );
    const { user } = renderApp('/account/downloads', { signedInAs: 'faculty' });
    expect(await screen.findByRole('heading', { name: 'My downloads' }, { timeout: 20_000 })).toBeVisible();
    const list = await screen.findByRole('list', { name: 'Items you downloaded' });
    expect(within(list).getByRole('link', { name: 'Cross-Site Scripting Lab' })).toHaveAttribute(
      'href',
      '/courseware/network-security-course/cross-site-scripting-lab',
    );
    expect(within(list).getByText(/last downloaded a file on/)).toBeVisible();
    const chip = within(list).getByRole('link', { name: 'Changed since you downloaded it' });
    expect(chip).toHaveAttribute(
      'href',
      '/courseware/network-security-course/cross-site-scripting-lab?history=1',
    );

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(list).findByRole('link', { name: 'Network Security Course' })).toBeVisible();
    expect(within(list).getByText(/last downloaded the zip bundle on/)).toBeVisible();
    // Only the changed item has the chip.
    expect(within(list).getAllByRole('link', { name: 'Changed since you downloaded it' })).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    await waitFor(() =>
      expect(requests.filter((r) => r.url.pathname === '/api/v1/account/downloads')).toHaveLength(2),
    );
  });

  it('says so when nothing was downloaded', async () => {
    api(() => ({ items: [], nextPageToken: null }));
    renderApp('/account/downloads', { signedInAs: 'faculty' });
    expect(
      await screen.findByText(/You have downloaded nothing yet/, undefined, { timeout: 20_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Items you downloaded' })).toBeNull();
  });

  it('is linked from the account page', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => makeSession('faculty'),
      'GET /api/v1/auth/messages': () => ({ items: [] }),
      'GET /api/v1/account/follows': () => ({ items: [], nextPageToken: null }),
      'GET /api/v1/account/follow-digest': () => ({ frequency: 'weekly' }),
      'GET /api/v1/lti/*': () => ({ items: [] }),
      'GET /api/v1/account/*': () => ({ items: [] }),
    });
    renderApp('/account', { signedInAs: 'faculty' });
    expect(await screen.findByRole('link', { name: 'My downloads' }, { timeout: 20_000 })).toHaveAttribute(
      'href',
      '/account/downloads',
    );
  });
});
