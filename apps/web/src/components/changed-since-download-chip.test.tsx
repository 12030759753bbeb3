/** "Changed since you downloaded it" (issue 37) where the server marks an item: search results and the item page. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KNOWLEDGE, makeContent, makeSearchResponse, makeSession, makeSummary } from '../testing/fixtures';
import { mockApi } from '../testing/mock-api';
import { renderApp } from '../testing/render-app';

const CHIP = 'Changed since you downloaded it';

describe('changed since download chip', () => {
  it('marks only the search result the server says changed, linking to its history', async () => {
    const changed = makeSummary({
      name: 'Changed Lab',
      urlAlias: 'course/changed-lab',
      changedSinceDownload: true,
    });
    const same = makeSummary({
      id: '5f0c8a2e-1b3d-4c5e-8f70-0000000000b2',
      name: 'Same Lab',
      urlAlias: 'course/same-lab',
      changedSinceDownload: false,
    });
    mockApi({
      'GET /api/v1/auth/session': () => makeSession('faculty'),
      'GET /api/v1/auth/messages': () => ({ items: [] }),
      'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
      'GET /api/v1/contributors': () => ({ contributors: [], nextPageToken: null }),
      'GET /api/v1/content/search': () => makeSearchResponse({ items: [changed, same], total: 2 }),
    });
    renderApp('/courseware?q=lab', { signedInAs: 'faculty' });
    expect(await screen.findByRole('link', { name: 'Same Lab' }, { timeout: 20_000 })).toBeVisible();
    // The mark loads lazily (only signed-in callers get it): wait for it, then count.
    const chips = await screen.findAllByRole('link', { name: CHIP }, { timeout: 20_000 });
    expect(chips).toHaveLength(1);
    expect(chips[0]).toHaveAttribute('href', '/courseware/course/changed-lab?history=1');
  });

  it('shows the chip on the item page when the item changed since the download', async () => {
    const item = makeContent({ changedSinceDownload: true });
    mockApi({
      'GET /api/v1/auth/session': () => makeSession('faculty'),
      'GET /api/v1/auth/messages': () => ({ items: [] }),
      'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
      'GET /api/v1/content/*': () => item,
      [`GET /api/v1/content/${item.id}/files`]: () => ({ files: [] }),
      [`GET /api/v1/content/${item.id}/follow`]: () => ({ following: false, via: null }),
      'GET /api/v1/lessons': () => ({ lessons: [] }),
    });
    renderApp(`/courseware/${item.urlAlias}`, { signedInAs: 'faculty' });
    expect(await screen.findByRole('link', { name: CHIP }, { timeout: 20_000 })).toHaveAttribute(
      'href',
      `/courseware/${item.urlAlias}?history=1`,
    );
  });
});
