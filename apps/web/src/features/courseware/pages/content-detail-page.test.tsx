import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import type { Role } from '@portal/shared/enums';
import type { Content } from '@portal/shared/schemas/courseware';
import { browser } from '../../../lib/browser';
import { KNOWLEDGE, makeContent, makeContributor, makeSession, uuid } from '../../../testing/fixtures';
import { mockApi, reply, type MockHandler } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const course = makeContent({
  name: 'Introduction to Cybersecurity',
  urlAlias: 'security-101',
  categories: ['course'],
  category: 'course',
  tags: [],
});

const lab = makeContent({
  name: 'Buffer Overflow Attack Lab',
  urlAlias: 'security-101/software-security/buffer-overflow-attack-lab',
  ancestors: [
    { id: course.id, name: course.name, urlAlias: course.urlAlias },
    { id: uuid(), name: 'Software Security', urlAlias: 'security-101/software-security' },
  ],
  files: [
    {
      id: uuid(),
      name: 'Lab handout',
      filename: 'Buffer_Overflow_Setuid.pdf',
      type: 'application/pdf',
      size: 254_000,
    },
    {
      id: uuid(),
      name: 'Lab setup files',
      filename: 'Labsetup.zip',
      type: 'application/zip',
      size: 3_400_000,
    },
  ],
  tkss: [{ ...KNOWLEDGE[0]!, index: 0 } as Content['tkss'][number]],
  ksas: [
    { ...KNOWLEDGE[4]!, index: 1 } as Content['ksas'][number],
    { ...KNOWLEDGE[2]!, index: 0 } as Content['ksas'][number],
  ],
  kus: [],
  cybokAreas: [
    {
      id: 'cybok-WAM',
      index: 0,
      code: 'WAM',
      name: 'Web & Mobile Security',
      type: 'CYBOK',
      topics: [
        {
          topic: 'Server-Side Vulnerabilities and Mitigations',
          keywords: ['SQL-INJECTION', 'BLIND ATTACKS'],
        },
      ],
    },
  ],
  contributors: [makeContributor()],
  includes: ['Lab handout (PDF)', 'Docker set-up files'],
  lessonCount: 3,
});

function api(content: Content | MockHandler, role?: Role, extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/content/*': typeof content === 'function' ? content : () => content,
    // The files of the item's tree (the zip download) and its lessons (issue 3).
    ...(typeof content === 'function'
      ? {}
      : {
          [`GET /api/v1/content/${content.id}/files`]: () => ({
            files: content.files.map((f) => ({ ...f, contentId: content.id, contentName: content.name })),
          }),
        }),
    'GET /api/v1/lessons': () => ({ lessons: [] }),
    // The signed-in see Follow (issue 37).
    ...(typeof content === 'function'
      ? {}
      : { [`GET /api/v1/content/${content.id}/follow`]: () => ({ following: false, via: null }) }),
    ...(role ? { 'GET /api/v1/auth/session': () => makeSession(role) } : {}),
    ...extra,
  });
}

describe('content detail page', () => {
  it('looks the item up by its lower-cased alias as one encoded path segment and shows it', async () => {
    const { requests } = api(lab);
    renderApp('/courseware/Security-101/Software-Security/Buffer-Overflow-Attack-Lab');
    expect(await screen.findByRole('heading', { level: 1, name: lab.name })).toBeInTheDocument();
    const lookup = requests.find((request) => request.url.pathname.startsWith('/api/v1/content/'))!;
    expect(lookup.url.pathname).toBe(
      '/api/v1/content/security-101%2Fsoftware-security%2Fbuffer-overflow-attack-lab',
    );
    await waitFor(() => expect(document.title).toBe(lab.name));
  });

  it('shows breadcrumbs: Courseware, the ancestors, then the current item as a disabled crumb', async () => {
    api(lab);
    renderApp(`/courseware/${lab.urlAlias}`);
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    const items = within(crumbs).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Courseware',
      'Introduction to Cybersecurity',
      'Software Security',
      'Buffer Overflow Attack Lab',
    ]);
    expect(within(crumbs).getByRole('link', { name: 'Courseware' }).getAttribute('href')).toBe('/courseware');
    expect(within(crumbs).getByRole('link', { name: 'Software Security' }).getAttribute('href')).toBe(
      '/courseware/security-101/software-security',
    );
    expect(within(crumbs).queryByRole('link', { name: lab.name })).toBeNull();
    const current = within(crumbs).getByText(lab.name);
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.getAttribute('aria-disabled')).toBe('true');
    // The shell's own path breadcrumbs are hidden on alias routes (001 §2).
    expect(screen.getAllByRole('navigation', { name: 'Breadcrumbs' })).toHaveLength(1);
  });

  it('groups children by main category, in index order, with sections as their own group', async () => {
    const item = makeContent({
      name: 'Network Security',
      children: [
        {
          id: uuid(),
          index: 2,
          name: 'Firewall Lab',
          category: 'exercise',
          categories: ['exercise'],
          tags: ['lab'],
          status: 'published',
          urlAlias: 'ns/firewall-lab',
        },
        {
          id: uuid(),
          index: 0,
          name: 'TCP/IP Attacks',
          category: 'lesson,exercise',
          categories: ['lesson', 'exercise'],
          tags: [],
          status: 'published',
          urlAlias: 'ns/tcp-ip-attacks',
        },
        {
          id: uuid(),
          index: 1,
          name: 'VPN Lab',
          category: 'exercise,lesson',
          categories: ['exercise', 'lesson'],
          tags: [],
          status: 'published',
          urlAlias: 'ns/vpn-lab',
        },
        {
          id: uuid(),
          index: 3,
          name: 'Sniffing and Spoofing',
          category: 'exercise',
          categories: ['exercise'],
          tags: [],
          status: 'published',
          urlAlias: 'ns/sniffing',
        },
      ],
      sections: [
        {
          id: uuid(),
          index: 4,
          name: 'Learning objectives',
          description: '<ul><li>Configure a firewall.</li></ul>',
        },
      ],
    });
    api(item);
    renderApp('/courseware/network-security');
    await screen.findByRole('heading', { level: 1, name: 'Network Security' });
    const lessons = screen.getByTestId('child-group-lesson');
    expect(within(lessons).getByRole('heading', { name: 'Lessons' })).toBeInTheDocument();
    expect(
      within(lessons)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['TCP/IP Attacks', 'VPN Lab']);
    const exercises = screen.getByTestId('child-group-exercise');
    expect(
      within(exercises)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Firewall Lab', 'Sniffing and Spoofing']);
    expect(within(exercises).getByRole('link', { name: 'Firewall Lab' }).getAttribute('href')).toBe(
      '/courseware/ns/firewall-lab',
    );
    const sections = screen.getByTestId('child-group-section');
    expect(within(sections).getByRole('heading', { name: 'Learning objectives' })).toBeInTheDocument();
    expect(within(sections).getByText('Configure a firewall.')).toBeInTheDocument();
    // Group order follows the first entry of each group.
    const order = screen.getAllByTestId(/^child-group-/).map((group) => group.dataset.testid);
    expect(order).toEqual(['child-group-lesson', 'child-group-exercise', 'child-group-section']);
  });

  it('shows file names as plain text with a login prompt and a Login button when signed out', async () => {
    api(lab);
    renderApp(`/courseware/${lab.urlAlias}`);
    const files = await screen.findByRole('region', { name: 'Files' });
    expect(
      within(files)
        .getAllByTestId('file-name')
        .map((name) => name.textContent),
    ).toEqual(['Lab handout', 'Lab setup files']);
    // Each label has the file name it downloads as beside it.
    expect(
      within(files)
        .getAllByTestId('file-filename')
        .map((name) => name.textContent),
    ).toEqual(['Buffer_Overflow_Setuid.pdf', 'Labsetup.zip']);
    expect(within(files).queryByRole('button')).toBeNull();
    expect(within(files).getByText(MESSAGES.loginToViewFiles)).toBeInTheDocument();
    const login = within(files).getByRole('link', { name: 'Login' });
    expect(login.getAttribute('href')).toBe(
      `/login?from=${encodeURIComponent(`/courseware/${lab.urlAlias}`)}`,
    );
  });

  it('shows the login prompt without a Login button to a signed-in user without CanViewFiles', async () => {
    api(lab, 'student');
    renderApp(`/courseware/${lab.urlAlias}`, { signedInAs: 'student' });
    const files = await screen.findByRole('region', { name: 'Files' });
    expect(within(files).getAllByTestId('file-name')).toHaveLength(2);
    expect(within(files).getByText(MESSAGES.loginToViewFiles)).toBeInTheDocument();
    expect(within(files).queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('makes each file name a download button with CanViewFiles, and downloads through a signed link', async () => {
    const assign = vi.spyOn(browser, 'download').mockImplementation(() => undefined);
    const file = lab.files[0]!;
    const signedUrl = `/api/v1/files/${file.id}/content?exp=1900000000&sig=abcdefghijklmnopqrstuvwxyz`;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { requests } = api(lab, 'faculty', {
      [`GET /api/v1/files/${file.id}/download-url`]: async () => {
        await gate;
        return { publicUrl: signedUrl, name: file.filename };
      },
    });
    const { user } = renderApp(`/courseware/${lab.urlAlias}`, { signedInAs: 'faculty' });
    const files = await screen.findByRole('region', { name: 'Files' });
    // Each download control is named by its label and the file name with its extension; beside each, its
    // Preview (issue 37), loaded lazily: each file's button may arrive on its own.
    await waitFor(() => expect(within(files).getAllByRole('button', { name: /^Preview / })).toHaveLength(2));
    expect(within(files).getAllByRole('button', { name: /^(?!Preview )/ })).toHaveLength(2);
    for (const [label, filename] of [
      ['Lab handout', 'Buffer_Overflow_Setuid.pdf'],
      ['Lab setup files', 'Labsetup.zip'],
    ] as const) {
      const button = within(files).getByRole('button', { name: `${label}, ${filename}` });
      expect(within(button).getByText(filename)).toBeInTheDocument();
    }
    expect(within(files).queryByText(MESSAGES.loginToViewFiles)).toBeNull();

    // Clicks while a download is running are ignored (000 §4).
    await user.click(within(files).getByRole('button', { name: /^Lab handout, / }));
    await user.click(within(files).getByRole('button', { name: /^Lab setup files, / }));
    release();
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith(signedUrl);
    const downloads = requests.filter((request) => request.url.pathname.endsWith('/download-url'));
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.url.searchParams.get('from')).toBe(lab.id);
    expect(downloads[0]!.headers.get('Authorization')).toBe('Bearer test-token-faculty');
  });

  it('lists TKS, KSA and KU with code and name in index order, leaving out empty lists', async () => {
    api(lab);
    renderApp(`/courseware/${lab.urlAlias}`);
    const ksa = await screen.findByRole('region', { name: 'Knowledge Skill Abilities (KSA)' });
    expect(
      within(ksa)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`K0001${KNOWLEDGE[2]!.name}`, `S0001${KNOWLEDGE[4]!.name}`]);
    expect(screen.getByRole('region', { name: 'Task Knowledge Skills (TKS)' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Knowledge Units (KU)' })).toBeNull();
  });

  it('lists CyBOK knowledge areas with their topics and keywords, and each list its source and licence', async () => {
    api(lab);
    renderApp(`/courseware/${lab.urlAlias}`);
    const cybok = await screen.findByRole('region', { name: 'CyBOK Knowledge Areas' });
    expect(within(cybok).getByText('Web & Mobile Security')).toBeVisible();
    expect(
      within(cybok).getByText('Server-Side Vulnerabilities and Mitigations', { exact: false }),
    ).toBeVisible();
    expect(within(cybok).getByText('— SQL-INJECTION, BLIND ATTACKS', { exact: false })).toBeVisible();
    expect(
      within(cybok).getByRole('link', { name: 'The Cyber Security Body of Knowledge (CyBOK) 1.1' }),
    ).toHaveAttribute('href', 'https://www.cybok.org/');
    const tks = screen.getByRole('region', { name: 'Task Knowledge Skills (TKS)' });
    expect(within(tks).getByText(/Public domain \(U\.S\. Government work\)/)).toBeVisible();
  });

  it('lists the CyBOK areas of an item aligned to nothing else', async () => {
    const onlyCybok = { ...lab, tkss: [], ksas: [], kus: [] };
    api(onlyCybok);
    renderApp(`/courseware/${onlyCybok.urlAlias}`);
    const cybok = await screen.findByRole('region', { name: 'CyBOK Knowledge Areas' });
    expect(within(cybok).getByText('Web & Mobile Security')).toBeVisible();
  });

  it('shows source, licence, author, last-curated date, contributors and includes', async () => {
    api(lab);
    renderApp(`/courseware/${lab.urlAlias}`);
    const source = await screen.findByTestId('source-licence');
    expect(source.textContent).toBe('Source: SEED Labs · Licence: CC BY-NC-SA 4.0 · Author: Wenliang Du');
    expect(within(source).getByRole('link', { name: 'CC BY-NC-SA 4.0' }).getAttribute('href')).toBe(
      'https://creativecommons.org/licenses/by-nc-sa/4.0/',
    );
    expect(screen.getByText(/Courseware 2024-10-01/)).toBeInTheDocument();
    expect(screen.getByText('Dr. Wenliang Du')).toBeInTheDocument();
    const includes = screen.getByRole('region', { name: 'Includes' });
    expect(
      within(includes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(lab.includes);
  });

  it('shows editors the status icon, the metadata block with the id, and warnings', async () => {
    const archived = makeContent({
      name: 'Old Lab',
      urlAlias: 'old-lab',
      status: 'archived',
      tags: ['uncurated'],
    });
    api(archived, 'contenteditor');
    renderApp('/courseware/old-lab', { signedInAs: 'contenteditor' });
    const title = await screen.findByRole('heading', { level: 1, name: /Old Lab/ });
    expect(within(title).getByTestId('ArchiveIcon')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.archived)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.uncurated)).toBeInTheDocument();
    const metadata = await screen.findByRole('region', { name: 'Metadata' });
    expect(within(metadata).getByText(archived.id)).toBeInTheDocument();
    expect(within(metadata).getByRole('button', { name: 'Copy content id' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Feedback' })).toBeInTheDocument();
  });

  it('hides status icons, metadata and Feedback from visitors', async () => {
    api(lab);
    renderApp(`/courseware/${lab.urlAlias}`);
    const title = await screen.findByRole('heading', { level: 1, name: lab.name });
    expect(within(title).queryByTestId('PublicIcon')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Metadata' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Feedback' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Lesson artifacts' })).toBeNull();
  });

  it('opens the feedback dialog with the courseware name for users who may send feedback', async () => {
    api(lab, 'faculty');
    const { user } = renderApp(`/courseware/${lab.urlAlias}`, { signedInAs: 'faculty' });
    const feedback = await screen.findByRole('button', { name: 'Feedback' });
    expect(screen.getByRole('region', { name: 'Lesson artifacts' }).textContent).toContain('3 lessons');
    await user.click(feedback);
    const dialog = await screen.findByRole('dialog', { name: 'Send feedback' });
    expect(within(dialog).getByText(lab.name)).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Message/ })).toBeInTheDocument();
    expect((within(dialog).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('goes to /courseware when the item does not exist, without an error dialog', async () => {
    api(() => reply(404, { code: 'not_found', message: MESSAGES.contentNotFound }));
    const { router } = renderApp('/courseware/no-such-thing');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware'));
    expect(screen.queryByRole('dialog', { name: 'Error' })).toBeNull();
  });

  it('draws the item once it has loaded, never a skeleton that then grows', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    api(async () => {
      await gate;
      return lab;
    });
    let skeletonSeen = false;
    const watcher = new MutationObserver(() => {
      if (document.querySelector('[data-testid="content-loading"]')) skeletonSeen = true;
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    renderApp(`/courseware/${lab.urlAlias}`);
    // The page's code is in (the route's lazy import gets the same module), the item is not: the loader
    // waits for it, so nothing of the page is drawn meanwhile.
    await import('./content-detail-page');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: lab.name })).toBeInTheDocument();
    watcher.disconnect();
    expect(skeletonSeen).toBe(false);
  });
});
