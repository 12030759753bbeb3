import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import { ADMIN_ROWS_PER_PAGE } from '@portal/shared/limits';
import type { Role } from '@portal/shared/enums';
import { ContentListItemSchema, type ContentListItem } from '@portal/shared/schemas/courseware';
import { KNOWLEDGE, makeContributor, makeSearchResponse, makeSession, uuid } from '../../../testing/fixtures';
import { mockApi, type MockRequest } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const ada = makeContributor({ prefix: null, firstName: 'Ada', lastName: 'Lovelace' });

function listItem(index: number, overrides: Partial<ContentListItem> = {}): ContentListItem {
  const day = String((index % 28) + 1).padStart(2, '0');
  return ContentListItemSchema.parse({
    id: uuid(),
    urlAlias: `item-${String(index).padStart(3, '0')}`,
    name: `Item ${String(index).padStart(3, '0')}`,
    status: 'published',
    categories: ['lesson'],
    contributors: [],
    createdTimestamp: `2024-01-${day}T10:00:00.000Z`,
    modifiedTimestamp: `2024-02-${day}T10:00:00.000Z`,
    ...overrides,
  });
}

const FIRST_ROWS = ADMIN_ROWS_PER_PAGE[0];
/** 30 items in two pages (the table follows the next-page token): more than the first 25 rows. */
const ITEM_COUNT = 30;
const FIRST_PAGE = 20;
const ITEMS = Array.from({ length: ITEM_COUNT }, (_, i) =>
  listItem(
    i,
    i === 0
      ? {
          name: 'Zeta course',
          status: 'unpublished',
          categories: ['course', 'module'],
          contributors: [ada.id],
          urlAlias: '',
        }
      : {},
  ),
);

function api(role: Role, archived: ContentListItem[] = []) {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/content/search': () => makeSearchResponse(),
    'GET /api/v1/auth/session': () => makeSession(role),
    'GET /api/v1/contributors': () => ({ contributors: [ada], nextPageToken: null }),
    'GET /api/v1/content': (request: MockRequest) => {
      if (request.url.searchParams.get('archived') === 'true')
        return { items: archived, nextPageToken: null };
      return request.url.searchParams.get('nextPageToken') === 'page-2'
        ? { items: ITEMS.slice(FIRST_PAGE), nextPageToken: null }
        : { items: ITEMS.slice(0, FIRST_PAGE), nextPageToken: 'page-2' };
    },
  });
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

/** The whole app renders a table of MUI rows in jsdom: slow on a busy 2-core machine. */
const SLOW_TEST_MS = 60_000;

describe('admin tables (000 §2)', { timeout: SLOW_TEST_MS }, () => {
  it('lists all pages, with capitalised status, date-only dates, authors and links by alias or id', async () => {
    const { requests } = api('contenteditor');
    const { user } = renderApp('/cr-admin', { signedInAs: 'contenteditor' });
    const table = await screen.findByRole('table', { name: 'Content administration' });
    const listCalls = requests.filter((r) => r.url.pathname === '/api/v1/content');
    expect(listCalls.map((r) => r.url.searchParams.get('limit'))).toEqual(['300', '300']);
    expect(listCalls[1]?.url.searchParams.get('nextPageToken')).toBe('page-2');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Status', 'Category', 'Content Title', 'Author', 'Creation Date', 'Last Modified']);
    await user.click(within(table).getByRole('button', { name: 'Content Title' }));
    expect(
      within(table).getByRole('button', { name: 'Content Title' }).closest('th')?.getAttribute('aria-sort'),
    ).toBe('ascending');
    const first = bodyRows(table)[0]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Published', 'Lesson', 'Item 001', '', '2024-01-02', '2024-02-02']);
    expect(within(first).getByRole('link', { name: 'Item 001' }).getAttribute('href')).toBe(
      '/courseware/item-001',
    );
    expect(bodyRows(table)).toHaveLength(FIRST_ROWS);
  });

  it('sorts by each column both ways and pages through 25, 50, 100 and All', async () => {
    api('contenteditor');
    const { user } = renderApp('/admin', { signedInAs: 'contenteditor' });
    const table = await screen.findByRole('table', { name: 'Content administration' });
    await user.click(within(table).getByRole('button', { name: 'Content Title' }));
    await user.click(within(table).getByRole('button', { name: 'Content Title' }));
    const zeta = bodyRows(table)[0]!;
    expect(
      within(zeta)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Unpublished', 'Course, Module', 'Zeta course', 'Ada Lovelace', '2024-01-01', '2024-02-01']);
    // No alias: linked by id.
    expect(within(zeta).getByRole('link').getAttribute('href')).toBe(`/courseware/${ITEMS[0]!.id}`);
    await user.click(within(table).getByRole('button', { name: 'Status' }));
    expect(within(bodyRows(table)[0]!).getAllByRole('cell')[0]!.textContent).toBe('Published');
    await user.click(within(table).getByRole('button', { name: 'Status' }));
    expect(within(bodyRows(table)[0]!).getAllByRole('cell')[0]!.textContent).toBe('Unpublished');

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(bodyRows(table)).toHaveLength(ITEM_COUNT - FIRST_ROWS);
    expect(screen.getByText(`${FIRST_ROWS + 1}–${ITEM_COUNT} of ${ITEM_COUNT}`)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['25', '50', '100', 'All']);
    await user.click(screen.getByRole('option', { name: 'All' }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(ITEM_COUNT));
  });

  it('shows only archived items on the archived table, and the empty text when there are none', async () => {
    api('contenteditor', []);
    renderApp('/cr-archived-content', { signedInAs: 'contenteditor' });
    const table = await screen.findByRole('table', { name: 'Archived content' });
    expect(within(table).getByText(MESSAGES.noData)).toBeInTheDocument();
  });

  it('sends users without permission home', async () => {
    api('faculty');
    const { router } = renderApp('/cr-admin', { signedInAs: 'faculty' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('needs the view-archived permission too for the archived table', async () => {
    api('faculty');
    const { router } = renderApp('/archived-content', { signedInAs: 'faculty' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
