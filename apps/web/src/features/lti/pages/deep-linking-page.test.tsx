/** The deep-linking picker: the portal's search and tree, the choice sent back to the LMS (issue 26). */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser';
import { KNOWLEDGE, makeSearchResponse, makeSession, makeSummary } from '../../../testing/fixtures';
import { mockApi, type MockRequest } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const LAUNCH = '7b0c8a2e-1b3d-4c5e-8f70-000000000001';
const COURSE = makeSummary({ name: 'Network Security Course', categories: ['course'], category: 'course' });
const LAB = makeSummary({
  id: '7b0c8a2e-1b3d-4c5e-8f70-0000000000aa',
  name: 'Cross-Site Scripting Lab',
  category: 'exercise',
});

function api(acceptMultiple = true) {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/auth/messages': () => ({ items: [] }),
    'GET /api/v1/auth/session': () => makeSession('faculty'),
    [`GET /api/v1/lti/deep-linking/${LAUNCH}`]: () => ({
      id: LAUNCH,
      platformName: 'Canvas of Test University',
      acceptMultiple,
      title: null,
      expiresAt: '2030-01-01T00:00:00.000Z',
    }),
    'GET /api/v1/content/search': (r: MockRequest) =>
      makeSearchResponse({ items: r.url.searchParams.get('q') === 'xss' ? [LAB] : [COURSE, LAB] }),
    [`POST /api/v1/lti/deep-linking/${LAUNCH}/response`]: () => ({ returnPath: '/lti/return?t=secret' }),
  });
}

describe('deep-linking picker', () => {
  it(
    'searches, chooses several items and hands the response to the platform',
    { timeout: 60_000 },
    async () => {
      const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
      const { requests } = api();
      const { user } = renderApp(`/lti/deep-linking/${LAUNCH}`, { signedInAs: 'faculty' });
      expect(
        await screen.findByRole(
          'heading',
          { name: 'Choose courseware for Canvas of Test University' },
          { timeout: 20_000 },
        ),
      ).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Add to Canvas of Test University' }));
      expect(await screen.findByText('Choose at least one item')).toBeVisible();

      await user.click(await screen.findByRole('checkbox', { name: /Network Security Course/ }));
      await user.type(screen.getByRole('searchbox', { name: 'Search courseware' }), 'xss');
      await waitFor(() =>
        expect(screen.queryByRole('checkbox', { name: /Network Security Course/ })).toBeNull(),
      );
      await user.click(screen.getByRole('checkbox', { name: /Cross-Site Scripting Lab/ }));
      expect(screen.getByText('Chosen: Network Security Course, Cross-Site Scripting Lab')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Add to Canvas of Test University' }));
      await waitFor(() => expect(assign).toHaveBeenCalledWith('/lti/return?t=secret'));
      expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ contentIds: [COURSE.id, LAB.id] });
    },
  );

  it('keeps one item where the platform takes one', { timeout: 60_000 }, async () => {
    api(false);
    const { user } = renderApp(`/lti/deep-linking/${LAUNCH}`, { signedInAs: 'faculty' });
    await user.click(
      await screen.findByRole('checkbox', { name: /Network Security Course/ }, { timeout: 20_000 }),
    );
    await user.click(screen.getByRole('checkbox', { name: /Cross-Site Scripting Lab/ }));
    expect(screen.getByText('Chosen: Cross-Site Scripting Lab')).toBeVisible();
  });

  it('says so when the launch is gone', { timeout: 60_000 }, async () => {
    mockApi({
      'GET /api/v1/auth/messages': () => ({ items: [] }),
      'GET /api/v1/auth/session': () => makeSession('faculty'),
    });
    renderApp(`/lti/deep-linking/${LAUNCH}`, { signedInAs: 'faculty' });
    expect(await screen.findByRole('alert', {}, { timeout: 20_000 })).toBeVisible();
  });
});
