/**
 * Course import, the upload (issue 38): a package is checked for size before it is sent, goes out with
 * its progress, the page waits while the server checks it and then opens its preview; a refusal shows
 * the server's words; the recent imports are listed and paged.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { IMPORT_PACKAGE_MAX_BYTES } from '@portal/shared/schemas/imports-limits';
import { KNOWLEDGE, makeSearchResponse, makeSession } from '../../../testing/fixtures';
import { IMPORT_ID, makeImport, makeImportListItem } from '../../../testing/import-fixtures';
import { mockApi, reply, type MockHandler } from '../../../testing/mock-api';
import { mockUploads } from '../../../testing/mock-upload';
import { renderApp } from '../../../testing/render-app';
import { PACKAGE_PART } from '../api/upload-package';
import { CHECKING_TEXT, PACKAGE_TOO_LARGE } from '../components/package-upload';
import { NO_IMPORTS_TEXT } from '../components/import-list';

function api(role: Role, extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/contributors': () => ({ contributors: [], nextPageToken: null }),
    'GET /api/v1/content/search': () => makeSearchResponse(),
    'GET /api/v1/auth/messages': () => ({ items: [] }),
    'GET /api/v1/auth/session': () => makeSession(role),
    'GET /api/v1/courseware-imports': () => ({ items: [], nextPageToken: null }),
    ...extra,
  });
}

const cartridge = (name = 'network-security.imscc') =>
  new File(['<manifest identifier="network_security_v2"/>'], name, { type: 'application/zip' });

/** A promise with its resolve at hand: the answer of a request the test lets through when it says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('course import: the upload (issue 38)', () => {
  it('sends the package with its progress, says it is checking it, then opens its preview', async () => {
    const answer = deferred<unknown>();
    const { requests } = api('contenteditor', {
      'POST /api/v1/courseware-imports': () => answer.promise,
      [`GET /api/v1/courseware-imports/${IMPORT_ID}`]: () => makeImport(),
    });
    const { forms, resume } = mockUploads({ pausesHalfway: true });
    const { user, router } = renderApp('/cr-import', { signedInAs: 'contenteditor' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Course import' })).toBeInTheDocument();
    expect(await screen.findByText(NO_IMPORTS_TEXT)).toBeInTheDocument();

    const file = cartridge();
    await user.upload(screen.getByLabelText('Course package'), file);
    const bar = await screen.findByRole('progressbar', { name: `Uploading ${file.name}` });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    // Said in the live region once, not at every step of the bar.
    expect(screen.getByText(`Uploading ${file.name}…`).closest('[role="status"]')).not.toBeNull();
    resume();
    expect(await screen.findByText(CHECKING_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a package' })).toBeDisabled();
    const upload = requests.find((r) => r.method === 'POST')!;
    expect(upload.url.pathname).toBe('/api/v1/courseware-imports');
    expect(upload.headers.get('Authorization')).toBe('Bearer test-token-contenteditor');
    expect(forms[0]?.get(PACKAGE_PART)).toBeInstanceOf(File);
    expect((forms[0]?.get(PACKAGE_PART) as File).name).toBe(file.name);

    answer.resolve(reply(201, makeImport()));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/cr-import/${IMPORT_ID}`));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Import of network-security.imscc' }),
    ).toBeInTheDocument();
  });

  it('refuses a package larger than the limit before sending a byte', async () => {
    const { requests } = api('contenteditor');
    mockUploads();
    const { user } = renderApp('/cr-import', { signedInAs: 'contenteditor' });
    const huge = cartridge('huge.zip');
    Object.defineProperty(huge, 'size', { value: IMPORT_PACKAGE_MAX_BYTES + 1 });
    await user.upload(await screen.findByLabelText('Course package'), huge);
    expect(await screen.findByText(PACKAGE_TOO_LARGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a package' })).toHaveAccessibleDescription(
      PACKAGE_TOO_LARGE,
    );
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the server’s words when it refuses the package (422)', async () => {
    const refusal = 'This zip would unpack to more than 4 GB: it looks like a zip bomb, so it was refused.';
    api('contenteditor', {
      'POST /api/v1/courseware-imports': () => reply(422, { code: 'rule_broken', message: refusal }),
    });
    mockUploads();
    const { user } = renderApp('/cr-import', { signedInAs: 'contenteditor' });
    await user.upload(await screen.findByLabelText('Course package'), cartridge('bomb.zip'));
    // 001 §8 ends the session on a 422, and the page goes with it: the error dialog keeps the words.
    const dialog = await screen.findByRole('dialog', { name: 'Error' });
    expect(within(dialog).getByText(refusal)).toBeInTheDocument();
  });

  it('shows the server’s words for a refusal that keeps the session (400), beside the button', async () => {
    const refusal = 'This cartridge has no imsmanifest.xml at its root.';
    api('contenteditor', {
      'POST /api/v1/courseware-imports': () => reply(400, { code: 'invalid_input', message: refusal }),
    });
    mockUploads();
    const { user } = renderApp('/cr-import', { signedInAs: 'contenteditor' });
    await user.upload(await screen.findByLabelText('Course package'), cartridge());
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Choose a package' });
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleDescription(refusal);
    await waitFor(() => expect(button).toHaveFocus());
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
  });

  it('lists the recent imports with their state and counts, and pages by nextPageToken', async () => {
    const first = makeImportListItem(makeImport({ status: 'done' }));
    const second = makeImportListItem(
      makeImport({ id: '8e2d3c4b-5f60-4b7c-9d8e-1f2a3b4c5d6e', packageName: 'forensics.zip', format: 'zip' }),
    );
    const { requests } = api('admin', {
      'GET /api/v1/courseware-imports': (r) =>
        r.url.searchParams.get('pageToken') === 'page-2'
          ? { items: [second], nextPageToken: null }
          : { items: [first], nextPageToken: 'page-2' },
    });
    const { user } = renderApp('/cr-import', { signedInAs: 'admin' });
    const table = await screen.findByRole('table', { name: 'Recent imports' });
    const link = within(table).getByRole('link', { name: 'network-security.imscc' });
    expect(link).toHaveAttribute('href', `/cr-import/${IMPORT_ID}`);
    expect(within(table).getByText('Imported')).toBeInTheDocument();
    expect(within(table).getByText('2 new, 2 changed, 0 unchanged items')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'More imports' }));
    expect(await within(table).findByRole('link', { name: 'forensics.zip' })).toBeInTheDocument();
    expect(requests.filter((r) => r.url.pathname === '/api/v1/courseware-imports').length).toBe(2);
    expect(screen.queryByRole('button', { name: 'More imports' })).toBeNull();
  });

  it('is reached from the content administration page by "Import a course"', async () => {
    api('contenteditor', {
      'GET /api/v1/content': () => ({ items: [], nextPageToken: null }),
    });
    const { user, router } = renderApp('/cr-admin', { signedInAs: 'contenteditor' });
    const link = await screen.findByRole('link', { name: 'Import a course' });
    expect(link).toHaveAttribute('href', '/cr-import');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Course import' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cr-import');
  });

  it('sends those who may not update content home', async () => {
    api('faculty');
    const { router } = renderApp('/cr-import', { signedInAs: 'faculty' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
