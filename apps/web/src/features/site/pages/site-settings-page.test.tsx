/**
 * Admin › Site settings: each flag with its switch; a pinned flag shows as pinned and cannot be switched;
 * switching sends the choice to the server and shows its answer.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FEATURE_FLAGS, type SiteSettings } from '@portal/shared/schemas/site';
import { makeSession } from '../../../testing/fixtures';
import { mockApi, type MockRequest } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

function settings(jobsOn: boolean): SiteSettings {
  return {
    flags: FEATURE_FLAGS.map((flag) => ({
      flag,
      isOn: flag === 'jobs' ? jobsOn : flag !== 'news',
      defaultValue: flag !== 'jobs' && flag !== 'news',
      isPinned: flag === 'news',
      override: flag === 'jobs' && jobsOn ? true : null,
    })),
  };
}

describe('SiteSettingsPage', () => {
  it('switches a flag through the server and shows a pinned flag as pinned and fixed', async () => {
    const { requests } = mockApi({
      'GET /api/v1/auth/session': () => makeSession('admin'),
      'GET /api/v1/auth/messages': () => ({ items: [] }),
      'GET /api/v1/site/settings': () => settings(false),
      'PUT /api/v1/site/settings': () => settings(true),
    });
    const { user } = renderApp('/admin/site-settings', { signedInAs: 'admin' });
    const jobs = await screen.findByRole('switch', { name: 'Jobs page' });
    expect((jobs as HTMLInputElement).checked).toBe(false);
    const news = screen.getByRole('switch', { name: 'News and newsletter' });
    expect((news as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Pinned by the environment')).toBeInTheDocument();

    await user.click(jobs);
    await waitFor(() => expect((jobs as HTMLInputElement).checked).toBe(true));
    const put = requests.find((r: MockRequest) => r.method === 'PUT')!;
    expect(put.body).toEqual({ flags: { jobs: true } });
    expect(await screen.findByRole('button', { name: 'Reset' })).toBeInTheDocument();
  });

  it('sends a user without the permission home', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => makeSession('contenteditor'),
      'GET /api/v1/auth/messages': () => ({ items: [] }),
    });
    const { router } = renderApp('/admin/site-settings', { signedInAs: 'contenteditor' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
