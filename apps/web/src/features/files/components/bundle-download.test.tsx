import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { ZIP_POLL_INTERVAL_MS } from '@portal/shared/limits';
import type { Content } from '@portal/shared/schemas/courseware';
import { FILE_MESSAGES, type FileInfo } from '@portal/shared/schemas/files';
import type { Lesson } from '@portal/shared/schemas/lessons';
import type { SessionResponse } from '@portal/shared/schemas/identity';
import { browser } from '../../../lib/browser';
import { makeContent, makeSession, uuid } from '../../../testing/fixtures';
import { mockApi, type MockHandler } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { CARTRIDGE_FAILED, PREPARING_CARTRIDGE_TEXT, PREPARING_TEXT } from './bundle-download';

const networkModule = makeContent({
  name: 'Network Security Labs',
  urlAlias: 'seed-labs/network-security-labs',
  categories: ['module'],
  category: 'module',
  tags: [],
  children: [
    {
      id: uuid(),
      index: 0,
      name: 'ARP Cache Poisoning Attack Lab',
      category: 'exercise',
      categories: ['exercise'],
      tags: ['lab'],
      status: 'published',
      urlAlias: 'seed-labs/network-security-labs/arp-cache-poisoning-attack-lab',
    },
  ],
});
const treeFiles = [
  {
    id: uuid(),
    name: 'ARP lab handout',
    filename: 'ARP_Attack.tex',
    type: 'application/x-tex',
    size: 21_000,
  },
  {
    id: uuid(),
    name: 'Sniffing lab handout',
    filename: 'Sniffing_Spoofing.tex',
    type: 'application/x-tex',
    size: 34_000,
  },
].map((f) => ({
  ...f,
  contentId: networkModule.children[0]!.id,
  contentName: 'ARP Cache Poisoning Attack Lab',
}));

const bundleId = uuid();
const bundleName = 'seed-labs-network-security-labs_bundle_2026-11-21.zip';
const signedUrl = `/api/v1/files/${bundleId}/content?exp=1900000000&sig=abcdefghijklmnopqrstuvwxyz`;

function fileInfo(status: FileInfo['status'], failureReason: string | null = null): FileInfo {
  return {
    id: bundleId,
    name: bundleName,
    filename: bundleName,
    type: 'application/zip',
    size: status === 'ready' ? 55_000 : 0,
    sha256: null,
    status,
    publicUrl: null,
    icon: 'archive',
    visibility: 'private',
    metadataType: 'bundle',
    metadataId: networkModule.id,
    failureReason,
    createdTimestamp: '2026-11-21T10:00:00.000Z',
  };
}

function api(options: {
  role?: Role;
  session?: SessionResponse;
  content?: Content;
  files?: typeof treeFiles;
  extra?: Record<string, MockHandler>;
}) {
  const content = options.content ?? networkModule;
  const session = options.session ?? (options.role ? makeSession(options.role) : undefined);
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: [], nextPageToken: null }),
    'GET /api/v1/content/*': () => content,
    [`GET /api/v1/content/${content.id}/files`]: () => ({ files: options.files ?? treeFiles }),
    // The signed-in see Follow (issue 37).
    [`GET /api/v1/content/${content.id}/follow`]: () => ({ following: false, via: null }),
    ...(session ? { 'GET /api/v1/auth/session': () => session } : {}),
    ...options.extra,
  });
}

const open = (role?: Role) =>
  renderApp(`/courseware/${networkModule.urlAlias}`, role ? { signedInAs: role } : {});

afterEach(() => {
  vi.useRealTimers();
});

describe('zip download of an item and its children', () => {
  it('shows the preparing state, polls every 5 seconds until ready, then downloads the archive', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = vi.spyOn(browser, 'download').mockImplementation(() => undefined);
    const statuses: FileInfo['status'][] = ['pending', 'ready'];
    const { requests } = api({
      role: 'faculty',
      extra: {
        [`POST /api/v1/content/${networkModule.id}/bundle`]: () => ({
          fileId: bundleId,
          name: bundleName,
          status: 'pending',
          isReused: false,
        }),
        [`GET /api/v1/files/${bundleId}`]: () => fileInfo(statuses.shift() ?? 'ready'),
        [`GET /api/v1/files/${bundleId}/download-url`]: () => ({ publicUrl: signedUrl, name: bundleName }),
      },
    });
    const { user } = open('faculty');
    const section = await screen.findByRole('region', { name: 'Download all files' });
    expect(section.textContent).toContain('2 files');
    const button = within(section).getByRole('button', { name: 'Download all (zip)' });
    await user.click(button);

    expect(await within(section).findByText(PREPARING_TEXT)).toBeInTheDocument();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    const polls = () =>
      requests.filter((r) => r.method === 'GET' && r.url.pathname === `/api/v1/files/${bundleId}`);
    expect(polls()).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(ZIP_POLL_INTERVAL_MS);
    await waitFor(() => expect(polls()).toHaveLength(1));
    expect(within(section).getByText(PREPARING_TEXT)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(ZIP_POLL_INTERVAL_MS);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(signedUrl));
    expect(polls()).toHaveLength(2);
    const link = requests.find((r) => r.url.pathname.endsWith('/download-url'))!;
    expect(link.url.searchParams.get('from')).toBe(networkModule.id);
    expect(await within(section).findByText(/is ready; your download has started/)).toBeInTheDocument();
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('downloads a ready bundle of an unchanged tree at once, without polling', async () => {
    const assign = vi.spyOn(browser, 'download').mockImplementation(() => undefined);
    const { requests } = api({
      role: 'faculty',
      extra: {
        [`POST /api/v1/content/${networkModule.id}/bundle`]: () => ({
          fileId: bundleId,
          name: bundleName,
          status: 'ready',
          isReused: true,
        }),
        [`GET /api/v1/files/${bundleId}/download-url`]: () => ({ publicUrl: signedUrl, name: bundleName }),
      },
    });
    const { user } = open('faculty');
    await user.click(await screen.findByRole('button', { name: 'Download all (zip)' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(signedUrl));
    expect(requests.some((r) => r.url.pathname === `/api/v1/files/${bundleId}`)).toBe(false);
  });

  it('says what to do when the archive could not be prepared, and lets the user try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reason =
      'The stored file “ARP lab handout” is damaged (its SHA-256 no longer matches); it needs to be uploaded again.';
    api({
      role: 'faculty',
      extra: {
        [`POST /api/v1/content/${networkModule.id}/bundle`]: () => ({
          fileId: bundleId,
          name: bundleName,
          status: 'pending',
          isReused: false,
        }),
        [`GET /api/v1/files/${bundleId}`]: () => fileInfo('failed', reason),
      },
    });
    const { user } = open('faculty');
    const button = await screen.findByRole('button', { name: 'Download all (zip)' });
    await user.click(button);
    await vi.advanceTimersByTimeAsync(ZIP_POLL_INTERVAL_MS);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(FILE_MESSAGES.bundleFailed);
    expect(alert.textContent).toContain(reason);
    expect(screen.queryByText(PREPARING_TEXT)).toBeNull();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('is not offered without CanViewFiles, and the tree is not even fetched', async () => {
    const { requests } = api({ role: 'student' });
    open('student');
    expect(await screen.findByRole('heading', { level: 1, name: networkModule.name })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download all (zip)' })).toBeNull();
    expect(requests.some((r) => r.url.pathname.endsWith('/files'))).toBe(false);
  });

  it('is not offered when neither the item nor its children have files', async () => {
    const { requests } = api({ role: 'faculty', files: [] });
    open('faculty');
    await waitFor(() => expect(requests.some((r) => r.url.pathname.endsWith('/files'))).toBe(true));
    expect(await screen.findByRole('heading', { level: 1, name: networkModule.name })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Download all files' })).toBeNull();
  });
});

describe('Common Cartridge export beside the zip download', () => {
  const cartridgeName = 'seed-labs-network-security-labs_cartridge_2026-11-21.imscc';

  it('names the LMSs that import it, shows its own progress, polls until ready, then downloads the .imscc', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = vi.spyOn(browser, 'download').mockImplementation(() => undefined);
    const statuses: FileInfo['status'][] = ['pending', 'ready'];
    const { requests } = api({
      role: 'faculty',
      extra: {
        [`POST /api/v1/content/${networkModule.id}/cartridge`]: () => ({
          fileId: bundleId,
          name: cartridgeName,
          status: 'pending',
          isReused: false,
        }),
        [`GET /api/v1/files/${bundleId}`]: () => ({
          ...fileInfo(statuses.shift() ?? 'ready'),
          name: cartridgeName,
          filename: cartridgeName,
        }),
        [`GET /api/v1/files/${bundleId}/download-url`]: () => ({ publicUrl: signedUrl, name: cartridgeName }),
      },
    });
    const { user } = open('faculty');
    const section = await screen.findByRole('region', { name: 'Download all files' });
    const zipButton = within(section).getByRole('button', { name: 'Download all (zip)' });
    const button = await within(section).findByRole('button', { name: 'Export to LMS (Common Cartridge)' });
    expect(section).toHaveTextContent(
      'Canvas, Moodle, Blackboard and D2L Brightspace import the Common Cartridge as a course',
    );
    await user.click(button);

    expect(await within(section).findByText(PREPARING_CARTRIDGE_TEXT)).toBeVisible();
    expect(button).toBeDisabled();
    // The zip is its own download: still offered, not being prepared.
    expect(zipButton).toBeEnabled();
    expect(within(section).queryByText(PREPARING_TEXT)).toBeNull();

    await vi.advanceTimersByTimeAsync(ZIP_POLL_INTERVAL_MS * 2);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(signedUrl));
    expect(await within(section).findByText(new RegExp(`${cartridgeName} is ready`))).toBeVisible();
    expect(button).toBeEnabled();
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual([
      `/api/v1/content/${networkModule.id}/cartridge`,
    ]);
  });

  it('says what to do when the cartridge could not be prepared', async () => {
    api({
      role: 'faculty',
      extra: {
        [`POST /api/v1/content/${networkModule.id}/cartridge`]: () => ({
          fileId: bundleId,
          name: cartridgeName,
          status: 'failed',
          isReused: false,
        }),
      },
    });
    const { user } = open('faculty');
    await user.click(await screen.findByRole('button', { name: 'Export to LMS (Common Cartridge)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CARTRIDGE_FAILED);
  });
});

describe('lesson artifacts', () => {
  const slides = uuid();
  const figure = uuid();
  const lab = makeContent({
    name: 'ARP Cache Poisoning Attack Lab',
    urlAlias: 'seed-labs/arp',
    lessonCount: 1,
  });
  const lessons: Lesson[] = [
    {
      id: uuid(),
      contentId: lab.id,
      alternateId: 'arp-1',
      name: 'ARP cache poisoning',
      index: 0,
      urls: [{ fileId: slides, type: 'slides' }],
      pages: [{ id: '2', urls: [{ fileId: figure, type: 'figure' }] }],
    },
  ];

  it('lists each lesson’s artifacts as downloads for users who may list lessons and view lesson files', async () => {
    const assign = vi.spyOn(browser, 'download').mockImplementation(() => undefined);
    const { requests } = api({
      role: 'faculty',
      content: lab,
      files: [],
      extra: {
        'GET /api/v1/lessons': () => ({ lessons }),
        [`GET /api/v1/files/${slides}/download-url`]: () => ({
          publicUrl: '/slides-link',
          name: 'slides.pdf',
        }),
      },
    });
    const { user } = renderApp(`/courseware/${lab.urlAlias}`, { signedInAs: 'faculty' });
    const section = await screen.findByRole('region', { name: 'Lesson artifacts' });
    expect(await within(section).findByRole('heading', { name: 'ARP cache poisoning' })).toBeInTheDocument();
    expect(
      within(section)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Slides', 'Page 2: Figure']);
    expect(
      requests.find((r) => r.url.pathname === '/api/v1/lessons')!.url.searchParams.get('contentId'),
    ).toBe(lab.id);
    await user.click(within(section).getByRole('button', { name: 'Slides' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/slides-link'));
  });

  it('fetches no lessons without CanListLessons, showing only their number', async () => {
    const faculty = makeSession('faculty');
    const noList = { ...faculty, permissions: { ...faculty.permissions, CanListLessons: false } };
    const { requests } = api({ session: noList, content: lab, files: [] });
    renderApp(`/courseware/${lab.urlAlias}`, { signedInAs: 'faculty' });
    const section = await screen.findByRole('region', { name: 'Lesson artifacts' });
    expect(section.textContent).toContain('1 lesson');
    expect(requests.some((r) => r.url.pathname === '/api/v1/lessons')).toBe(false);
  });

  it('shows no lesson artifacts to a student', async () => {
    const { requests } = api({ role: 'student', content: lab });
    renderApp(`/courseware/${lab.urlAlias}`, { signedInAs: 'student' });
    expect(await screen.findByRole('heading', { level: 1, name: lab.name })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Lesson artifacts' })).toBeNull();
    expect(requests.some((r) => r.url.pathname === '/api/v1/lessons')).toBe(false);
  });
});
