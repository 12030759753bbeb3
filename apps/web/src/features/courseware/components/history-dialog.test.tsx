/**
 * An item's history (issue 37) on the item page: the revisions list, the word diff of two revisions
 * (default: the latest and the one before), paging, the `?history=1` address, and a curator's restore.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import type { Content } from '@portal/shared/schemas/courseware';
import type {
  ContentRevisionDiff,
  ContentRevisionList,
  ContentRevisionSummary,
} from '@portal/shared/schemas/revisions';
import { makeContent, makeSession, uuid } from '../../../testing/fixtures';
import { mockApi, reply, type MockHandler } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const lab = makeContent({ name: 'Firewall Lab', urlAlias: 'network/firewall-lab', version: 3 });
const handoutId = uuid();
const OLD_SHA = 'a'.repeat(64);
const NEW_SHA = `b${'c'.repeat(63)}`;

const revision = (overrides: Partial<ContentRevisionSummary>): ContentRevisionSummary => ({
  version: 1,
  authorId: uuid(),
  authorName: 'Casey Curator',
  changedTimestamp: '2026-11-20T10:15:00.000Z',
  fields: [],
  files: [],
  restoredFrom: null,
  ...overrides,
});

const third = revision({
  version: 3,
  authorName: 'Alex Admin',
  changedTimestamp: '2026-11-24T09:00:00.000Z',
  fields: ['description', 'tags'],
  files: [{ id: handoutId, name: 'handout.pdf', change: 'replaced' }],
});
const second = revision({ version: 2, fields: ['name'], changedTimestamp: '2026-11-22T09:00:00.000Z' });
const first = revision({ version: 1 });

const diff: ContentRevisionDiff = {
  from: 2,
  to: 3,
  fields: [
    {
      field: 'description',
      parts: [
        { value: 'Set up the ', added: false, removed: false },
        { value: 'virtual ', added: true, removed: false },
        { value: 'network and run the ', added: false, removed: false },
        { value: 'old', added: false, removed: true },
        { value: 'fixed', added: true, removed: false },
        { value: ' scanner.', added: false, removed: false },
      ],
    },
  ],
  files: [
    {
      id: handoutId,
      change: 'replaced',
      before: { name: 'handout.pdf', size: 2048, sha256: OLD_SHA },
      after: { name: 'handout.pdf', size: 3 * 1024 * 1024, sha256: NEW_SHA },
    },
  ],
};

const page = (items: ContentRevisionSummary[], nextPageToken: string | null = null): ContentRevisionList => ({
  items,
  nextPageToken,
});

function api(role: Role, handlers: Record<string, MockHandler> = {}, content: Content = lab) {
  return mockApi({
    'GET /api/v1/auth/session': () => makeSession(role),
    [`GET /api/v1/content/${content.id}/files`]: () => ({ files: [] }),
    [`GET /api/v1/content/${content.id}/follow`]: () => ({ following: false, via: null }),
    [`GET /api/v1/content/${content.id}/revisions`]: () => page([third, second, first]),
    [`GET /api/v1/content/${content.id}/revisions/diff`]: () => diff,
    'GET /api/v1/knowledge': () => ({ items: [], nextPageToken: null }),
    'GET /api/v1/lessons': () => ({ lessons: [] }),
    'GET /api/v1/content/*': () => content,
    ...handlers,
  });
}

/** The revisions in two pages: the two newest, then (page token `older`) the first. */
const inTwoPages: MockHandler = ({ url }) =>
  url.searchParams.get('pageToken') === 'older' ? page([first]) : page([third, second], 'older');

/** Whether the differences of revisions `from` and `to` were asked for. */
const diffAsked = (requests: { url: URL }[], from: number, to: number) =>
  requests.some(
    (r) =>
      r.url.pathname.endsWith('/revisions/diff') &&
      r.url.searchParams.get('from') === String(from) &&
      r.url.searchParams.get('to') === String(to),
  );

/** The first test also loads the lazy button and dialog modules. */
const LAZY_LOAD = { timeout: 20_000 };
const openDialog = async () => screen.findByRole('dialog', { name: `History of ${lab.name}` }, LAZY_LOAD);

describe('item history', () => {
  it('opens from ?history=1, lists who changed which fields and files when, and closing drops the parameter', async () => {
    api('faculty');
    const { router, user } = renderApp(`/courseware/${lab.urlAlias}?history=1`, { signedInAs: 'faculty' });
    const dialog = await openDialog();
    const list = await within(dialog).findByRole('list', { name: 'Revisions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Version 3 (current)');
    expect(rows[0]).toHaveTextContent('Alex Admin');
    expect(rows[0]).toHaveTextContent('November 24, 2026');
    expect(rows[0]).toHaveTextContent('Description, Tags · Files: handout.pdf (replaced)');
    expect(rows[1]).toHaveTextContent('Version 2');
    expect(rows[1]).toHaveTextContent('Name');
    expect(rows[2]).toHaveTextContent('Created');
    // Reading is not restoring: no Restore for those who may not update the item.
    expect(within(dialog).queryByRole('button', { name: /^Restore/ })).toBeNull();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.search).toBe('');
    expect(router.state.location.pathname).toBe(`/courseware/${lab.urlAlias}`);
  });

  it('compares the latest with the one before by default: words as <ins>/<del>, files with size and SHA-256', async () => {
    const { requests } = api('faculty');
    const { user } = renderApp(`/courseware/${lab.urlAlias}`, { signedInAs: 'faculty' });
    await user.click(await screen.findByRole('button', { name: 'History' }, LAZY_LOAD));
    const dialog = await openDialog();
    const description = await within(dialog).findByRole('region', { name: 'Description' });
    const asked = requests.find((r) => r.url.pathname.endsWith('/revisions/diff'))!;
    expect(Object.fromEntries(asked.url.searchParams)).toEqual({ from: '2', to: '3' });

    const added = description.querySelectorAll('ins');
    const removed = description.querySelectorAll('del');
    expect([...added].map((node) => node.textContent)).toEqual(['added: virtual ', 'added: fixed']);
    expect([...removed].map((node) => node.textContent)).toEqual(['removed: old']);
    expect(description).toHaveTextContent(
      'Set up the added: virtual network and run the removed: oldadded: fixed scanner.',
    );

    const files = within(dialog).getByRole('region', { name: 'Files changed' });
    expect(files).toHaveTextContent('Replaced: handout.pdf');
    expect(files).toHaveTextContent('Before: handout.pdf · 2.0 KB');
    expect(files).toHaveTextContent('After: handout.pdf · 3.0 MB');
    expect(within(files).getByTitle(OLD_SHA)).toHaveTextContent('aaaaaaaaaaaa…');
    expect(within(files).getByTitle(NEW_SHA)).toBeInTheDocument();
    expect(
      within(files).getByRole('button', { name: 'Copy the SHA-256 of handout.pdf after' }),
    ).toBeInTheDocument();
  });

  it('compares any two revisions chosen, and loads older ones with nextPageToken', async () => {
    const { requests } = api('faculty', {
      [`GET /api/v1/content/${lab.id}/revisions`]: inTwoPages,
    });
    const { user } = renderApp(`/courseware/${lab.urlAlias}?history=1`, { signedInAs: 'faculty' });
    const dialog = await openDialog();
    await within(dialog).findByRole('region', { name: 'Description' });
    const list = within(dialog).getByRole('list', { name: 'Revisions' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(requests.some((r) => r.url.searchParams.get('pageToken') === 'older')).toBe(true);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Compare' }), '1');
    await waitFor(() => expect(diffAsked(requests, 1, 3)).toBe(true));
  });

  it('offers every version to compare, also those on pages not loaded yet', async () => {
    const { requests } = api('faculty', {
      [`GET /api/v1/content/${lab.id}/revisions`]: inTwoPages,
    });
    const { user } = renderApp(`/courseware/${lab.urlAlias}?history=1`, { signedInAs: 'faculty' });
    const dialog = await openDialog();
    await within(dialog).findByRole('region', { name: 'Description' });
    const compare = within(dialog).getByRole('combobox', { name: 'Compare' });
    expect(
      within(compare)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      expect.stringMatching(/^Version 3 · November 24, 2026/),
      expect.stringMatching(/^Version 2 · November 22, 2026/),
      'Version 1',
    ]);
    await user.selectOptions(compare, '1');
    await waitFor(() => expect(diffAsked(requests, 1, 3)).toBe(true));
    expect(requests.some((r) => r.url.searchParams.get('pageToken') === 'older')).toBe(false);
  });

  it('says so when there is no earlier revision', async () => {
    api('faculty', { [`GET /api/v1/content/${lab.id}/revisions`]: () => page([first]) });
    renderApp(`/courseware/${lab.urlAlias}?history=1`, { signedInAs: 'faculty' });
    const dialog = await openDialog();
    expect(await within(dialog).findByText('No earlier revisions.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('region', { name: 'Differences' })).toBeNull();
  });

  it('lets a curator restore a revision after confirming, then reads the item and its history again', async () => {
    let restored = false;
    const { requests } = api('contenteditor', {
      [`POST /api/v1/content/${lab.id}/revisions/1/restore`]: () => {
        restored = true;
        return { id: lab.id, urlAlias: lab.urlAlias, version: 4 };
      },
      [`GET /api/v1/content/${lab.id}/revisions`]: () =>
        page([
          ...(restored ? [revision({ version: 4, restoredFrom: 1, fields: ['name'] })] : []),
          third,
          second,
          first,
        ]),
    });
    const { user } = renderApp(`/courseware/${lab.urlAlias}?history=1`, { signedInAs: 'contenteditor' });
    const dialog = await openDialog();
    await within(dialog).findByRole('list', { name: 'Revisions' });
    // The current revision has nothing to restore.
    expect(within(dialog).queryByRole('button', { name: 'Restore version 3' })).toBeNull();
    const itemReads = () =>
      requests.filter((r) => r.url.pathname.startsWith(`/api/v1/content/${lab.urlAlias.split('/')[0]}`))
        .length;
    const before = itemReads();

    await user.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore this revision' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }));

    expect(await within(dialog).findByText('Version 1 was restored as version 4.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      `/api/v1/content/${lab.id}/revisions/1/restore`,
    ]);
    expect(await within(dialog).findByText(/Version 4 \(current\)/)).toBeInTheDocument();
    expect(within(dialog).getByText('Restored version 1 · Name')).toBeInTheDocument();
    expect(itemReads()).toBeGreaterThan(before);
    expect(screen.queryByRole('dialog', { name: 'Restore this revision' })).toBeNull();
  });

  it('shows why a restore failed, in words', async () => {
    api('contenteditor', {
      [`POST /api/v1/content/${lab.id}/revisions/2/restore`]: () =>
        reply(409, {
          code: 'conflict',
          message: 'This item was changed meanwhile: reload it and try again.',
        }),
    });
    const { user } = renderApp(`/courseware/${lab.urlAlias}?history=1`, { signedInAs: 'contenteditor' });
    const dialog = await openDialog();
    await user.click(await within(dialog).findByRole('button', { name: 'Restore version 2' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restore this revision' });
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }));
    expect(
      await within(confirm).findByText('This item was changed meanwhile: reload it and try again.'),
    ).toBeInTheDocument();
  });

  it('offers no History to a visitor', async () => {
    mockApi({
      'GET /api/v1/content/*': () => lab,
      'GET /api/v1/knowledge': () => ({ items: [], nextPageToken: null }),
    });
    renderApp(`/courseware/${lab.urlAlias}?history=1`);
    expect(await screen.findByRole('heading', { level: 1, name: lab.name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
