import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import { PORTRAIT_DATA_MAX } from '@portal/shared/limits';
import type { Role } from '@portal/shared/enums';
import type { Content } from '@portal/shared/schemas/courseware';
import { KNOWLEDGE, makeContent, makeContributor, makeSession, uuid } from '../../../testing/fixtures';
import { mockApi, reply, type MockHandler, type MockRequest } from '../../../testing/mock-api';
import { installProseMirrorDom } from '../../../testing/prosemirror-dom';
import { renderApp } from '../../../testing/render-app';
import { SLOW_TEST_MS, button, field, findTitle, typeIn } from '../../../testing/editor-form';

installProseMirrorDom();

/** A dialog by its title. */
const findDialog = async (title: string) =>
  (await screen.findByText(title, { selector: 'h2' })).closest<HTMLElement>('[role="dialog"]')!;

const CONFLICT =
  'This content was changed by someone else since you opened it. Reload it to see their changes, then make your edits again.';

const parent = { id: uuid(), name: 'SEED Labs', urlAlias: 'seed-labs' };
const contributor = makeContributor();

function item(overrides: Partial<Content> = {}) {
  return makeContent({
    name: 'Buffer Overflow Attack Lab',
    urlAlias: 'seed-labs/buffer-overflow-attack-lab',
    status: 'published',
    parentId: parent.id,
    ancestors: [parent],
    version: 4,
    keywords: ['shellcode'],
    contributors: [contributor],
    ...overrides,
  });
}

/** Mocks the page's reads; `content` is what GET answers (it may change after a save). */
function api(content: () => Content, role: Role, extra: Record<string, MockHandler> = {}) {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/contributors': () => ({ contributors: [contributor], nextPageToken: null }),
    'GET /api/v1/auth/session': () => makeSession(role),
    'GET /api/v1/content/*': (request) =>
      request.url.pathname.endsWith('/descendant-count') ? { descendantCount: 3 } : content(),
    ...extra,
  });
}

const writes = (requests: MockRequest[], method: string) => requests.filter((r) => r.method === method);

async function openEditor(content: Content) {
  const { user, router } = renderApp(`/courseware/${content.urlAlias}`, { signedInAs: 'contenteditor' });
  await user.click(await screen.findByText('Edit', { selector: 'button' }));
  await findTitle(`Edit: ${content.name}`);
  return { user, router };
}

describe('content edit mode (000 §2, §4)', { timeout: SLOW_TEST_MS }, () => {
  it('shows no edit, delete or restore controls to faculty', async () => {
    const content = item();
    api(() => content, 'faculty');
    renderApp(`/courseware/${content.urlAlias}`, { signedInAs: 'faculty' });
    await findTitle(content.name);
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
  });

  it('saves the edited fields with the loaded version and leaves edit mode', async () => {
    const original = item();
    let content = original;
    const { requests } = api(() => content, 'contenteditor', {
      'PUT /api/v1/content/*': (request) => {
        const body = request.body as { name: string; keywords: string[] };
        content = item({ id: original.id, name: body.name, keywords: body.keywords, version: 5 });
        return { id: content.id, urlAlias: content.urlAlias, version: 5 };
      },
    });
    const { user } = await openEditor(original);
    const name = field('name');
    await user.clear(name);
    await typeIn(user, name, 'Buffer Overflow Lab (Set-UID)');
    await typeIn(user, field('keywords'), 'stack smashing');
    await user.keyboard('{Enter}');
    await user.click(button('Save'));

    expect(await findTitle('Buffer Overflow Lab (Set-UID)')).toBeInTheDocument();
    const [put] = writes(requests, 'PUT');
    expect(put?.url.pathname).toBe(`/api/v1/content/${original.id}`);
    expect(put?.body).toMatchObject({
      name: 'Buffer Overflow Lab (Set-UID)',
      version: 4,
      keywords: ['shellcode', 'stack smashing'],
      contributorIds: [contributor.id],
      urlAlias: 'seed-labs/buffer-overflow-attack-lab',
    });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('cancel restores the last saved copy', async () => {
    const content = item();
    const { requests } = api(() => content, 'contenteditor');
    const { user } = await openEditor(content);
    const name = field('name');
    await user.clear(name);
    await typeIn(user, name, 'Something else');
    await user.click(button('Cancel'));
    expect(await findTitle(content.name)).toBeInTheDocument();
    await user.click(button('Edit'));
    expect((field('name') as HTMLInputElement).value).toBe(content.name);
    expect(writes(requests, 'PUT')).toHaveLength(0);
  });

  it('focuses the first invalid field and sends nothing', async () => {
    const content = item();
    const { requests } = api(() => content, 'contenteditor');
    const { user } = await openEditor(content);
    await user.clear(field('name'));
    await user.clear(field('urlAlias'));
    await user.click(button('Save'));
    await waitFor(() => expect(document.activeElement).toBe(field('name')));
    expect(screen.getByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('URL alias is required.')).toBeInTheDocument();
    expect(screen.getByText('Some fields need your attention.')).toBeInTheDocument();
    expect(writes(requests, 'PUT')).toHaveLength(0);
  });

  it('says so when someone else saved first (409), and stays in edit mode with the edits', async () => {
    const content = item();
    api(() => content, 'contenteditor', {
      'PUT /api/v1/content/*': () =>
        reply(409, {
          code: 'conflict',
          message: CONFLICT,
          details: { issues: [{ field: 'body.version', message: CONFLICT }], currentVersion: 5 },
        }),
    });
    const { user } = await openEditor(content);
    const name = field('name');
    await typeIn(user, name, ' v2');
    await user.click(button('Save'));
    const alert = await screen.findByText(new RegExp('changed by someone else'));
    expect(alert.textContent).toContain('Your changes are still in the form below.');
    expect(button('Load the latest version')).toBeInTheDocument();
    expect((field('name') as HTMLInputElement).value).toBe(`${content.name} v2`);
    expect((button('Save') as HTMLButtonElement).disabled).toBe(false);
  });

  it('shows an alias clash at the alias field', async () => {
    const content = item();
    api(() => content, 'contenteditor', {
      'PUT /api/v1/content/*': () =>
        reply(409, {
          code: 'conflict',
          message: 'The URL alias "seed-labs" is already used by another item. Choose another.',
          details: {
            issues: [
              {
                field: 'body.urlAlias',
                message: 'The URL alias "seed-labs" is already used by another item. Choose another.',
              },
            ],
          },
        }),
    });
    const { user } = await openEditor(content);
    const alias = field('urlAlias');
    await user.clear(alias);
    await typeIn(user, alias, 'seed-labs');
    await user.click(button('Save'));
    await waitFor(() => expect(document.activeElement).toBe(alias));
    expect(alias.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText(/is already used by another item/).length).toBeGreaterThan(0);
  });

  it('adds a section and a child module from the create menu, and a TKS item from its search list', async () => {
    const content = item({ tkss: [] });
    const { requests } = api(() => content, 'contenteditor', {
      'PUT /api/v1/content/*': () => ({ id: content.id, urlAlias: content.urlAlias, version: 5 }),
    });
    const { user } = await openEditor(content);
    await user.click(button('Add section or child'));
    await user.click(await screen.findByText('Section', { selector: 'li' }));
    await typeIn(user, field('sections.0.name'), 'Learning objectives');
    await user.click(button('Add section or child'));
    await user.click(await screen.findByText('Child module', { selector: 'li' }));
    await typeIn(user, field('children.0.name'), 'Set-UID Basics');
    expect(
      screen.getByText('/courseware/seed-labs/buffer-overflow-attack-lab/set-uid-basics'),
    ).toBeInTheDocument();

    const tks = field('tksIds');
    await typeIn(user, tks, 'T0084');
    await user.click(await screen.findByText('T0084', { selector: '[role="option"] strong' }));
    await user.click(button('Save'));
    await waitFor(() => expect(writes(requests, 'PUT')).toHaveLength(1));
    expect(writes(requests, 'PUT')[0]?.body).toMatchObject({
      sections: [{ name: 'Learning objectives', description: '' }],
      children: [{ name: 'Set-UID Basics' }],
      tksIds: ['tks-T0084'],
    });
  });

  it('suggests alignments: Accept adds one to its list and records it, Reject records it, Save keeps the accepted', async () => {
    const content = item();
    const suggestion = (
      knowledgeId: string,
      type: 'TKS' | 'KU',
      code: string,
      name: string,
      score: number,
    ) => ({
      knowledgeId,
      type,
      code,
      name,
      score,
      textScore: score,
      neighbourScore: 0,
      matchedWords: ['penetration', 'testing'],
      neighbours: type === 'KU' ? ['Return-to-libc Attack Lab'] : [],
    });
    const { requests } = api(() => content, 'contenteditor', {
      [`GET /api/v1/content/${content.id}/alignment-suggestions`]: () => ({
        items: [
          suggestion('tks-T0028', 'TKS', 'T0028', KNOWLEDGE[1]!.name, 0.82),
          suggestion('ku-NSC', 'KU', 'NSC', 'Network Security Administration', 0.41),
        ],
        nextPageToken: null,
      }),
      [`POST /api/v1/content/${content.id}/alignment-decisions`]: (request) => ({
        ...(request.body as object),
        contentId: content.id,
        decidedAt: new Date().toISOString(),
      }),
      'PUT /api/v1/content/*': () => ({ id: content.id, urlAlias: content.urlAlias, version: 5 }),
    });
    const { user } = await openEditor(content);
    await user.click(button('Suggest alignments'));
    const list = await screen.findByRole('list', { name: 'Suggested alignments' });
    expect(await screen.findByText('2 suggestions, best first.', { exact: false })).toBeInTheDocument();
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('T0028');
    expect(rows[0]).toHaveTextContent('Score 82% · Matched: penetration, testing');
    expect(rows[1]).toHaveTextContent('Also on similar items: Return-to-libc Attack Lab');

    await user.click(within(rows[0]!).getByRole('button', { name: 'Accept' }));
    expect(await within(rows[0]!).findByText('Accepted: added below, save to keep it')).toBeInTheDocument();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Reject' }));
    expect(await within(rows[1]!).findByText('Rejected: not suggested again')).toBeInTheDocument();
    expect(writes(requests, 'POST').map((r) => r.body)).toEqual([
      { knowledgeId: 'tks-T0028', decision: 'accepted', score: 0.82, rank: 1 },
      { knowledgeId: 'ku-NSC', decision: 'rejected', score: 0.41, rank: 2 },
    ]);

    await user.click(button('Save'));
    await waitFor(() => expect(writes(requests, 'PUT')).toHaveLength(1));
    expect(writes(requests, 'PUT')[0]?.body).toMatchObject({ tksIds: ['tks-T0028'], kuIds: [] });
  });

  it('says when there is nothing to suggest, and why a decision was not recorded', async () => {
    const content = item();
    let answer: unknown = { items: [], nextPageToken: null };
    api(() => content, 'contenteditor', {
      [`GET /api/v1/content/${content.id}/alignment-suggestions`]: () => answer,
      [`POST /api/v1/content/${content.id}/alignment-decisions`]: () =>
        reply(404, { code: 'not_found', message: 'This TKS, KSA, KU or CyBOK area does not exist.' }),
    });
    const { user } = await openEditor(content);
    await user.click(button('Suggest alignments'));
    expect(await screen.findByText(/No suggestions: nothing in the saved name/)).toBeInTheDocument();
    answer = {
      items: [
        {
          knowledgeId: 'ku-BCY',
          type: 'KU',
          code: 'BCY',
          name: 'Basic Cyber Operations',
          score: 0.5,
          textScore: 1,
          neighbourScore: 0,
          matchedWords: ['cyber'],
          neighbours: [],
        },
      ],
      nextPageToken: null,
    };
    await user.click(button('Suggest again'));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(
      await screen.findByText('Not recorded: This TKS, KSA, KU or CyBOK area does not exist.'),
    ).toBeInTheDocument();
  });

  it('removes a file by listing it for deletion', async () => {
    const fileId = uuid();
    const content = item({
      files: [
        { id: fileId, name: 'Lab handout', filename: 'handout.pdf', type: 'application/pdf', size: 10 },
      ],
    });
    const { requests } = api(() => content, 'contenteditor', {
      'PUT /api/v1/content/*': () => ({ id: content.id, urlAlias: content.urlAlias, version: 5 }),
    });
    const { user } = await openEditor(content);
    await user.click(screen.getByLabelText('Remove file Lab handout'));
    await user.click(button('Save'));
    await waitFor(() => expect(writes(requests, 'PUT')).toHaveLength(1));
    expect(writes(requests, 'PUT')[0]?.body).toMatchObject({ files: [], deletedFileIds: [fileId] });
  });
});

describe('contributors editor (000 §3 Contributor, §5)', { timeout: SLOW_TEST_MS }, () => {
  it('requires the fields of 000 §5, checks the e-mail, creates the contributor and adds it', async () => {
    const content = item({ contributors: [] });
    const created = makeContributor({
      prefix: null,
      firstName: 'Grace',
      lastName: 'Hopper',
      school: 'Navy',
      email: 'grace@example.edu',
    });
    const { requests } = api(() => content, 'contenteditor', {
      'POST /api/v1/contributors': () => reply(201, created),
      'PUT /api/v1/content/*': () => ({ id: content.id, urlAlias: content.urlAlias, version: 5 }),
    });
    const { user } = await openEditor(content);
    await user.click(button('New contributor'));
    const dialog = await findDialog('New contributor');
    const input = (name: string) => dialog.querySelector<HTMLInputElement>(`[data-field="${name}"]`)!;
    await user.click(within(dialog).getByText('Save contributor', { selector: 'button' }));
    await waitFor(() => expect(document.activeElement).toBe(input('firstName')));
    expect(within(dialog).getByText('First name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('School is required.')).toBeInTheDocument();

    await typeIn(user, input('firstName'), 'Grace');
    await typeIn(user, input('lastName'), 'Hopper');
    await typeIn(user, input('school'), 'Navy');
    await typeIn(user, input('email'), 'not-an-email');
    await user.click(within(dialog).getByText('Save contributor', { selector: 'button' }));
    await waitFor(() => expect(document.activeElement).toBe(input('email')));
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(
      requests.filter((r) => r.url.pathname === '/api/v1/contributors' && r.method === 'POST'),
    ).toHaveLength(0);

    await user.clear(input('email'));
    await typeIn(user, input('email'), 'grace@example.edu');
    await user.click(within(dialog).getByText('Save contributor', { selector: 'button' }));
    await waitFor(() => expect(screen.queryByText('New contributor', { selector: 'h2' })).toBeNull());
    expect(
      requests.find((r) => r.url.pathname === '/api/v1/contributors' && r.method === 'POST')?.body,
    ).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      school: 'Navy',
      email: 'grace@example.edu',
    });
    expect(screen.getByLabelText('Remove Grace Hopper')).toBeInTheDocument();
    await user.click(button('Save'));
    await waitFor(() => expect(writes(requests, 'PUT')).toHaveLength(1));
    expect(writes(requests, 'PUT')[0]?.body).toMatchObject({ contributorIds: [created.id] });
  });

  it("shows the server's field issue at its field and focuses it", async () => {
    const content = item({ contributors: [] });
    const taken = 'A contributor with this e-mail address exists already.';
    api(() => content, 'contenteditor', {
      'POST /api/v1/contributors': () =>
        reply(409, {
          code: 'conflict',
          message: taken,
          details: { issues: [{ field: 'body.email', message: taken }] },
        }),
    });
    const { user } = await openEditor(content);
    await user.click(button('New contributor'));
    const dialog = await findDialog('New contributor');
    const input = (name: string) => dialog.querySelector<HTMLInputElement>(`[data-field="${name}"]`)!;
    await typeIn(user, input('firstName'), 'Grace');
    await typeIn(user, input('lastName'), 'Hopper');
    await typeIn(user, input('school'), 'Navy');
    await typeIn(user, input('email'), 'grace@example.edu');
    await user.click(within(dialog).getByText('Save contributor', { selector: 'button' }));
    await waitFor(() => expect(input('email').getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(document.activeElement).toBe(input('email')));
    expect(within(dialog).getAllByText(taken).length).toBeGreaterThan(0);
  });

  it('rejects a portrait of 10,000,000,000 bytes or more with the file-too-large error dialog', async () => {
    const content = item();
    api(() => content, 'contenteditor');
    const { user } = await openEditor(content);
    await user.click(button('New contributor'));
    const dialog = await findDialog('New contributor');
    const portrait = new File([new Uint8Array(1)], 'me.png', { type: 'image/png' });
    Object.defineProperty(portrait, 'size', { value: PORTRAIT_DATA_MAX });
    await user.upload(within(dialog).getByLabelText('Portrait'), portrait);
    const error = await findDialog('Error');
    expect(within(error).getByText(MESSAGES.fileTooLarge)).toBeInTheDocument();
    expect(within(dialog).getByText('No portrait.')).toBeInTheDocument();
  });
});

describe('archive, restore and delete (000 §4, §5)', { timeout: SLOW_TEST_MS }, () => {
  it('shows the archived warning, hides Edit and restores to unpublished after confirmation', async () => {
    const archived = item({ status: 'archived' });
    let content = archived;
    const { requests } = api(() => content, 'contenteditor', {
      'PATCH /api/v1/content/*': () => {
        content = item({ id: archived.id, status: 'unpublished', version: 5 });
        return { id: content.id, urlAlias: content.urlAlias, version: 5 };
      },
    });
    const { user } = renderApp(`/courseware/${content.urlAlias}`, { signedInAs: 'contenteditor' });
    expect(await screen.findByText(MESSAGES.archived)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(button('Restore'));
    const dialog = await findDialog('Restore content');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.queryByText(MESSAGES.archived)).toBeNull());
    expect(writes(requests, 'PATCH')[0]?.body).toEqual({ status: 'unpublished', version: 4 });
    expect(button('Edit')).toBeInTheDocument();
  });

  it('shows the uncurated warning for items tagged uncurated', async () => {
    const content = item({ tags: ['uncurated'] });
    api(() => content, 'faculty');
    renderApp(`/courseware/${content.urlAlias}`, { signedInAs: 'faculty' });
    expect(await screen.findByText(MESSAGES.uncurated)).toBeInTheDocument();
  });

  it('deletes only with the checkbox ticked, says how many descendants go, then opens the parent', async () => {
    const content = item();
    const { requests } = api(() => content, 'contenteditor', {
      'DELETE /api/v1/content/*': () => ({ deletedCount: 4, parent }),
    });
    const { user, router } = renderApp(`/courseware/${content.urlAlias}`, { signedInAs: 'contenteditor' });
    await user.click(await screen.findByText('Delete', { selector: 'button' }));
    const dialog = await findDialog('Delete content');
    expect((await within(dialog).findByTestId('descendant-count')).textContent).toContain(
      '3 descendant items',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(MESSAGES.deleteRequired);
    expect(writes(requests, 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('checkbox'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courseware/seed-labs'));
    expect(writes(requests, 'DELETE')[0]?.url.pathname).toBe(`/api/v1/content/${content.id}`);
  });
});
