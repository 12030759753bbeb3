/**
 * Course import, one import (issue 38): the preview with its counts, problems (errors first, errors
 * block), tree and items gone; warnings must be accepted before it starts; a running import shows its
 * progress, asked again every IMPORT_POLL_INTERVAL_MS, and can be cancelled; a finished one its summary
 * with a link to the course; a failed one why and what to do; a preview can be discarded.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type CoursewareImport } from '@portal/shared/schemas/imports';
import { KNOWLEDGE, makeSearchResponse, makeSession } from '../../../testing/fixtures';
import { COURSE_ID, IMPORT_ID, makeImport, withIssues } from '../../../testing/import-fixtures';
import { mockApi, reply, type MockHandler, type MockRequest } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { IMPORT_NOT_FOUND } from './course-import-detail-page';

const URL = `/cr-import/${IMPORT_ID}`;
const ONE = `GET /api/v1/courseware-imports/${IMPORT_ID}`;

function api(extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/content/search': () => makeSearchResponse(),
    'GET /api/v1/auth/messages': () => ({ items: [] }),
    'GET /api/v1/auth/session': () => makeSession('contenteditor'),
    'GET /api/v1/courseware-imports': () => ({ items: [], nextPageToken: null }),
    ...extra,
  });
}

/** Answers GET of the import with each of `states` in turn, the last one from then on. */
function inTurn(...states: CoursewareImport[]): MockHandler {
  let asked = 0;
  return () => states[Math.min(asked++, states.length - 1)];
}

const WITH_WARNINGS = withIssues(makeImport(), [
  { severity: 'warning', path: 'module-2/rules.txt', message: 'This file is larger than it was.' },
  { severity: 'warning', path: '', message: 'The cartridge names no license.' },
]);
const WITH_ERRORS = withIssues(makeImport(), [
  { severity: 'warning', path: 'module-2', message: 'The module has no description.' },
  {
    severity: 'error',
    path: 'module-1/capture/lab.md',
    message: 'The front matter names an unknown key "tittle".',
  },
]);

const starts = (requests: MockRequest[]) =>
  requests.filter((r) => r.method === 'POST' && r.url.pathname.endsWith('/start'));

describe('course import: one import (issue 38)', () => {
  it('shows the counts, the problems (errors first, with their paths), the tree and the items gone', async () => {
    api({ [ONE]: () => WITH_ERRORS });
    const { user } = renderApp(URL, { signedInAs: 'contenteditor' });
    const counts = await screen.findByRole('table', { name: 'What the import does' });
    const items = within(counts).getByRole('row', { name: /^Items/ });
    expect(
      within(items)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '2', '0']);

    const problems = screen.getByRole('region', { name: 'Problems' });
    const listed = within(problems).getAllByRole('listitem');
    expect(listed[0]).toHaveTextContent('Error: The front matter names an unknown key "tittle".');
    expect(listed[0]).toHaveTextContent('In module-1/capture/lab.md');
    expect(listed[1]).toHaveTextContent('Warning: The module has no description.');

    const tree = screen.getByRole('list', { name: 'Course tree' });
    expect(within(tree).getByText('Changed (description)')).toBeInTheDocument();
    expect(within(tree).getByText('Changed (name, files)')).toBeInTheDocument();
    const changedModule = within(tree).getAllByRole('link', { name: 'Open the item' });
    expect(changedModule.map((l) => l.getAttribute('href'))).toEqual([
      '/courseware/network-security',
      '/courseware/network-security/firewalls',
    ]);
    expect(within(tree).getByText('syllabus.pdf')).toBeInTheDocument();
    expect(within(tree).queryByText('Capturing traffic')).toBeNull();

    // The tree opens by keyboard: the module's name is its disclosure button.
    const moduleButton = within(tree).getByRole('button', { name: 'Module 1: Packets' });
    expect(moduleButton).toHaveAttribute('aria-expanded', 'false');
    moduleButton.focus();
    await user.keyboard('{Enter}');
    expect(moduleButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(tree).getByText('Capturing traffic')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(within(tree).getByText('lab.md')).toBeInTheDocument();

    const gone = screen.getByRole('region', { name: 'No longer in the package' });
    expect(within(gone).getByRole('link', { name: 'Old lab' })).toHaveAttribute(
      'href',
      '/courseware/network-security/old-lab',
    );
    expect(within(gone).getByText(/archive them by hand/)).toBeInTheDocument();
  });

  it('blocks the import while the package has errors', async () => {
    const { requests } = api({ [ONE]: () => WITH_ERRORS });
    renderApp(URL, { signedInAs: 'contenteditor' });
    const importButton = await screen.findByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    expect(importButton).toHaveAccessibleDescription(IMPORT_MESSAGES.hasErrors);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(starts(requests)).toEqual([]);
  });

  it('starts only once the warnings are accepted, then shows the progress', async () => {
    const running = makeImport({
      status: 'running',
      progress: { items: 1, itemsTotal: 4, bytes: 1024, bytesTotal: 2860 },
    });
    const { requests } = api({
      [ONE]: inTurn(WITH_WARNINGS, running),
      [`POST /api/v1/courseware-imports/${IMPORT_ID}/start`]: () =>
        reply(202, makeImport({ ...WITH_WARNINGS, status: 'queued' })),
    });
    const { user } = renderApp(URL, { signedInAs: 'contenteditor' });
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText(IMPORT_MESSAGES.acceptWarnings)).toBeInTheDocument();
    const accept = screen.getByRole('checkbox', { name: 'Import despite 2 warnings' });
    expect(accept).toHaveFocus();
    expect(starts(requests)).toEqual([]);

    await user.click(accept);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(starts(requests).map((r) => r.body)).toEqual([{ acceptWarnings: true }]));
    expect(await screen.findByText('Queued: the import starts within moments.')).toBeInTheDocument();
    // Asked again after IMPORT_POLL_INTERVAL_MS: now running, one item of four written.
    expect(await screen.findByText('Importing…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Items: 1 of 4 items' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('follows a running import to its end, then shows the summary and the link to the course', async () => {
    const running = makeImport({
      status: 'running',
      progress: { items: 3, itemsTotal: 4, bytes: 2048, bytesTotal: 2860 },
    });
    const done = makeImport({
      status: 'done',
      progress: { items: 4, itemsTotal: 4, bytes: 2860, bytesTotal: 2860 },
      summary: {
        course: { id: COURSE_ID, name: 'Network Security', urlAlias: 'network-security' },
        created: 2,
        updated: 2,
        unchanged: 0,
        filesAdded: 2,
        filesReplaced: 1,
        bytes: 2860,
        durationMs: 65_000,
      },
    });
    const { requests } = api({ [ONE]: inTurn(running, done) });
    renderApp(URL, { signedInAs: 'contenteditor' });
    expect(await screen.findByRole('progressbar', { name: 'Files: 2.0 KB of 2.8 KB' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel import' })).toBeEnabled();

    expect(await screen.findByText('Imported.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the course' })).toHaveAttribute(
      'href',
      '/courseware/network-security',
    );
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Files replaced').nextElementSibling).toHaveTextContent('1');
    expect(within(summary).getByText('1 min 5 s')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: /^Items/ })).toBeNull();
    // Done: no more asking.
    const asked = requests.filter((r) => r.url.pathname.endsWith(IMPORT_ID)).length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(requests.filter((r) => r.url.pathname.endsWith(IMPORT_ID)).length).toBe(asked);
  });

  it('cancels a running import', async () => {
    const running = makeImport({ status: 'running' });
    const { requests } = api({
      [ONE]: () => running,
      [`POST /api/v1/courseware-imports/${IMPORT_ID}/cancel`]: () =>
        makeImport({ status: 'cancelled', error: 'Cancelled by Casey Curator.' }),
    });
    const { user } = renderApp(URL, { signedInAs: 'contenteditor' });
    await user.click(await screen.findByRole('button', { name: 'Cancel import' }));
    expect(await screen.findByText('The import was cancelled.')).toBeInTheDocument();
    expect(screen.getByText('Cancelled by Casey Curator.')).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname.endsWith('/cancel'))).toHaveLength(1);
  });

  it('says why a failed import failed, and what to do', async () => {
    const reason = 'The file module-2/rules.txt could not be stored: the file store is full.';
    api({ [ONE]: () => makeImport({ status: 'failed', error: reason }) });
    renderApp(URL, { signedInAs: 'contenteditor' });
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByText(/Nothing was written: the import was rolled back/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a package' })).toHaveAttribute('href', '/cr-import');
  });

  it('shows the refusal of a start beside the buttons (another import of the course runs)', async () => {
    api({
      [ONE]: () => makeImport(),
      [`POST /api/v1/courseware-imports/${IMPORT_ID}/start`]: () =>
        reply(409, { code: 'conflict', message: IMPORT_MESSAGES.busy }),
    });
    const { user } = renderApp(URL, { signedInAs: 'contenteditor' });
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    expect(await screen.findByText(IMPORT_MESSAGES.busy)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
  });

  it('discards a preview after asking, and goes back to the imports', async () => {
    const { requests } = api({
      [ONE]: () => makeImport(),
      [`DELETE /api/v1/courseware-imports/${IMPORT_ID}`]: () => reply(204, null),
    });
    const { user, router } = renderApp(URL, { signedInAs: 'contenteditor' });
    await user.click(await screen.findByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this preview?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cr-import'));
    expect(requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Course import' })).toBeInTheDocument();
  });

  it('says so when the import does not exist', async () => {
    api({ [ONE]: () => reply(404, { code: 'not_found', message: 'This import does not exist.' }) });
    renderApp(URL, { signedInAs: 'contenteditor' });
    expect(await screen.findByText(IMPORT_NOT_FOUND)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
  });

  it('asks nothing of the server for a path below /cr-import that is no id', async () => {
    const { requests } = api();
    renderApp('/cr-import/no/such', { signedInAs: 'contenteditor' });
    expect(await screen.findByText(IMPORT_NOT_FOUND)).toBeInTheDocument();
    expect(requests.some((r) => r.url.pathname.startsWith('/api/v1/courseware-imports/'))).toBe(false);
  });
});
