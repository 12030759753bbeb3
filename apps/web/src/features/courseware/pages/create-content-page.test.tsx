import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { KNOWLEDGE, makeSearchResponse, makeSession } from '../../../testing/fixtures';
import { mockApi, reply, type MockHandler } from '../../../testing/mock-api';
import { installProseMirrorDom } from '../../../testing/prosemirror-dom';
import { renderApp } from '../../../testing/render-app';
import { beginSessionRestore, endSessionRestore } from '../../../lib/session';
import { SLOW_TEST_MS, button, field, findTitle, typeIn } from '../../../testing/editor-form';

installProseMirrorDom();

function api(role: Role, extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/contributors': () => ({ contributors: [], nextPageToken: null }),
    'GET /api/v1/content/search': () => makeSearchResponse(),
    'GET /api/v1/auth/session': () => makeSession(role),
    ...extra,
  });
}

describe('create mode, /courseware?creating=1 (000 §2, §4, §5)', { timeout: SLOW_TEST_MS }, () => {
  it('is reached from the add button, which only curators see', async () => {
    api('contenteditor');
    const { user } = renderApp('/courseware', { signedInAs: 'contenteditor' });
    await user.click(await screen.findByText('Add courseware', { selector: 'a' }));
    expect(await findTitle('New courseware')).toBeInTheDocument();
  });

  it('sends faculty back to the landing page', async () => {
    api('faculty');
    renderApp('/courseware?creating=1', { signedInAs: 'faculty' });
    expect(await findTitle('Courseware')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'New courseware' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add courseware' })).toBeNull();
  });

  it('waits for the stored session of a hydrated page before it decides, keeping creating=1 (issue 34)', async () => {
    api('faculty');
    // A server-rendered page hydrates as a visitor's; its stored session is read after.
    beginSessionRestore();
    const { router } = renderApp('/courseware?creating=1', { signedInAs: 'faculty' });
    expect(await screen.findByText('Loading…')).toHaveAttribute('role', 'status');
    expect(router.state.location.search).toBe('?creating=1');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    act(() => endSessionRestore());
    expect(await findTitle('Courseware')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('starts unpublished with a draft learning-objectives section and derives the alias from the name', async () => {
    api('contenteditor');
    const { user } = renderApp('/courseware?creating=1', { signedInAs: 'contenteditor' });
    await findTitle('New courseware');
    expect((field('status') as HTMLInputElement).value).toBe('unpublished');
    expect((field('sections.0.name') as HTMLInputElement).value).toBe('Learning objectives');
    await typeIn(user, field('name'), 'Intro to Network Defense!');
    const alias = field('urlAlias') as HTMLInputElement;
    expect(alias.value).toBe('intro-to-network-defense');
    await user.clear(alias);
    await user.type(alias, 'defense/intro');
    await typeIn(user, field('name'), ' 2');
    expect(alias.value).toBe('defense/intro');
  });

  it('refuses to create without a description, focusing the first invalid field', async () => {
    const { requests } = api('contenteditor');
    const { user } = renderApp('/courseware?creating=1', { signedInAs: 'contenteditor' });
    await findTitle('New courseware');
    await user.click(button('Create'));
    await waitFor(() => expect(document.activeElement).toBe(field('name')));
    expect(screen.getByText('Description is required.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('cancel drops the draft and returns to the landing page', async () => {
    const { requests } = api('contenteditor');
    const { user, router } = renderApp('/courseware?creating=1', { signedInAs: 'contenteditor' });
    await findTitle('New courseware');
    await typeIn(user, field('name'), 'Never saved');
    await user.click(button('Cancel'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await findTitle('Courseware')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('stays in create mode and shows why when the create fails', async () => {
    api('contenteditor', {
      'POST /api/v1/content': () =>
        reply(409, {
          code: 'conflict',
          message: 'The URL alias "taken" is already used by another item. Choose another.',
          details: {
            issues: [
              {
                field: 'body.urlAlias',
                message: 'The URL alias "taken" is already used by another item. Choose another.',
              },
            ],
          },
        }),
    });
    const { user } = renderApp('/courseware?creating=1', { signedInAs: 'contenteditor' });
    await findTitle('New courseware');
    await typeIn(user, field('name'), 'Taken');
    const editor = field('description');
    await user.click(editor);
    await user.type(editor, 'About it');
    await user.click(button('Create'));
    const alias = field('urlAlias');
    await waitFor(() => expect(alias.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('New courseware', { selector: 'h1' })).toBeInTheDocument();
    expect((button('Create') as HTMLButtonElement).disabled).toBe(false);
  });
});
