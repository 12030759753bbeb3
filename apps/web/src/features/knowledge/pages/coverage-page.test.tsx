import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CoverageRow } from '@portal/shared/schemas/coverage';
import { makeSession } from '../../../testing/fixtures';
import { mockApi, reply } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

/** The Content-Type of the server's CSV exports. */
const CSV = { 'Content-Type': 'text/csv; charset=utf-8' };

const ROWS: CoverageRow[] = [
  {
    kind: 'workRole',
    id: 'PD-WRL-007',
    code: 'PD-WRL-007',
    name: 'Vulnerability Analysis',
    group: 'Protection and Defense',
    publishedItems: 3,
    unpublishedItems: null,
    statements: 4,
    covered: 1,
    gaps: [{ id: 'tks-K0009', code: 'K0009', name: 'Knowledge of application vulnerabilities', roles: 3 }],
    gapCount: 3,
  },
  {
    kind: 'CYBOK',
    id: 'cybok-WAM',
    code: 'WAM',
    name: 'Web & Mobile Security',
    group: null,
    publishedItems: 0,
    unpublishedItems: null,
    statements: 1,
    covered: 0,
    gaps: [],
    gapCount: 1,
  },
];

describe('coverage page', () => {
  it('shows each framework as a table: counts linking to their search, the share in numbers, gaps linking to a search', async () => {
    mockApi({ 'GET /api/v1/coverage': () => ({ rows: ROWS }) });
    renderApp('/coverage');
    const roles = await screen.findByRole('region', { name: 'NICE work roles' });
    const table = within(roles).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Published items' })).toBeVisible();
    expect(within(table).queryByRole('columnheader', { name: 'Unpublished items' })).toBeNull();
    expect(within(table).getByText('Protection and Defense')).toBeVisible();
    expect(within(table).getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/courseware?role=PD-WRL-007',
    );
    expect(within(table).getByText('1 of 4 (25%)')).toBeVisible();
    expect(within(table).getByRole('link', { name: 'K0009' })).toHaveAttribute(
      'href',
      '/courseware?q=application+vulnerabilities',
    );
    expect(within(table).getByRole('button', { name: 'Show all 3 gaps' })).toBeVisible();
    expect(within(roles).getByRole('link', { name: /NICE Framework Components v2\.1\.0/ })).toBeVisible();
    const cybok = screen.getByRole('region', { name: 'CyBOK knowledge areas' });
    expect(within(cybok).getByText(/© Crown Copyright/)).toBeVisible();
    expect(within(cybok).getByRole('row', { name: /WAM Web & Mobile Security/ })).toHaveTextContent(
      'No: a gap',
    );
    const csv = screen.getByRole('link', { name: 'Download as CSV' });
    expect(csv).toHaveAttribute('href', '/api/v1/coverage/export');
    expect(csv).toHaveAttribute('download', 'coverage.csv');
    // The title is set by an effect, which may run after the page is shown.
    await waitFor(() => expect(document.title).toBe('Coverage'));
  });

  it('shows all of a role’s gaps on request, page by page, then fewer again', async () => {
    const gap = (n: number) => ({
      id: `tks-K010${n}`,
      code: `K010${n}`,
      name: `Knowledge of topic ${n}`,
      roles: n,
    });
    const { requests } = mockApi({
      'GET /api/v1/coverage': () => ({ rows: ROWS }),
      'GET /api/v1/coverage/work-roles/PD-WRL-007/gaps': (request) =>
        request.url.searchParams.get('nextPageToken') === 'page2'
          ? { items: [gap(3)], nextPageToken: null }
          : { items: [gap(1), gap(2)], nextPageToken: 'page2' },
    });
    const { user } = renderApp('/coverage');
    const roles = await screen.findByRole('region', { name: 'NICE work roles' });
    await user.click(within(roles).getByRole('button', { name: 'Show all 3 gaps' }));
    expect(await within(roles).findByRole('link', { name: 'K0102' })).toHaveAttribute(
      'href',
      '/courseware?q=topic+2',
    );
    expect(within(roles).queryByRole('link', { name: 'K0009' })).toBeNull();
    await user.click(within(roles).getByRole('button', { name: 'Show more gaps (1 left)' }));
    expect(await within(roles).findByRole('link', { name: 'K0103' })).toBeVisible();
    expect(requests.filter((r) => r.url.pathname.endsWith('/gaps'))).toHaveLength(2);
    await user.click(within(roles).getByRole('button', { name: 'Show fewer' }));
    expect(within(roles).getByRole('link', { name: 'K0009' })).toBeVisible();
  });

  it('gives editors the unpublished column', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => makeSession('contenteditor'),
      'GET /api/v1/coverage': () => ({ rows: ROWS.map((r) => ({ ...r, unpublishedItems: 2 })) }),
    });
    renderApp('/coverage', { signedInAs: 'contenteditor' });
    const roles = await screen.findByRole('region', { name: 'NICE work roles' });
    expect(await within(roles).findByRole('columnheader', { name: 'Unpublished items' })).toBeVisible();
  });

  it('downloads the editors’ CSV with their token, so it has their unpublished column', async () => {
    const { requests } = mockApi({
      'GET /api/v1/auth/session': () => makeSession('contenteditor'),
      'GET /api/v1/coverage': () => ({ rows: ROWS.map((r) => ({ ...r, unpublishedItems: 2 })) }),
      'GET /api/v1/coverage/export': () => reply(200, 'kind,code\r\n', CSV),
    });
    // The browser's file saving, which jsdom lacks: the edge of this test.
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:coverage');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(`${this.download} ${this.href}`);
    });
    const { user } = renderApp('/coverage', { signedInAs: 'contenteditor' });
    await screen.findAllByRole('columnheader', { name: 'Unpublished items' });
    await user.click(screen.getByRole('button', { name: 'Download as CSV' }));
    await waitFor(() => expect(saved).toEqual(['coverage.csv blob:coverage']));
    const exportRequest = requests.find((r) => r.url.pathname === '/api/v1/coverage/export');
    expect(exportRequest?.headers.get('authorization')).toMatch(/^Bearer /);
    click.mockRestore();
  });

  it('tells an editor in words when the export sent no CSV, and saves nothing', async () => {
    mockApi({
      'GET /api/v1/auth/session': () => makeSession('contenteditor'),
      'GET /api/v1/coverage': () => ({ rows: ROWS }),
      // What a proxy's sign-in page or an app page would be: HTML, not the file.
      'GET /api/v1/coverage/export': () =>
        reply(200, '<!doctype html><title>Sign in</title>', { 'Content-Type': 'text/html' }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { user } = renderApp('/coverage', { signedInAs: 'contenteditor' });
    await screen.findAllByRole('columnheader', { name: 'Unpublished items' });
    await user.click(screen.getByRole('button', { name: 'Download as CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'coverage.csv was not downloaded: the server sent text/html instead of the file. Please try again later',
    );
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});
