/**
 * A file's preview from its row on the item page (issue 37): offered to those who may download only,
 * shown in a dialog by its kind, with Download beside it, closed by Escape with focus back on Preview.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/shared/enums';
import type { FilePreview } from '@portal/shared/schemas/preview';
import { browser } from '../../../../lib/browser';
import { makeContent, makeSession, uuid } from '../../../../testing/fixtures';
import { mockApi } from '../../../../testing/mock-api';
import { renderApp } from '../../../../testing/render-app';

// pdf.js cannot draw in jsdom: the PDF stays loading, which is what a user sees before it draws.
vi.mock('./pdf-document', () => ({
  openPdf: () => ({ promise: new Promise(() => undefined), close: () => undefined }),
  loadPdfJs: () => new Promise(() => undefined),
  readPageTexts: () => Promise.resolve([]),
}));

const sourceId = uuid();
const zipId = uuid();
const pdfId = uuid();
const notesId = uuid();
const lab = makeContent({
  files: [
    { id: sourceId, name: 'Exploit code', filename: 'exploit.py', type: 'text/x-python', size: 120 },
    { id: zipId, name: 'Lab files', filename: 'lab.zip', type: 'application/zip', size: 4_000 },
    { id: pdfId, name: 'Handout', filename: 'handout.pdf', type: 'application/pdf', size: 90_000 },
    { id: notesId, name: 'Notes', filename: 'notes.md', type: 'text/markdown', size: 300 },
  ],
});

function preview(fileId: string, fields: Partial<FilePreview>): FilePreview {
  return {
    fileId,
    name: 'x',
    filename: 'x',
    type: 'application/octet-stream',
    size: 1,
    kind: 'none',
    language: null,
    contentUrl: null,
    html: null,
    text: null,
    entries: null,
    entryCount: null,
    truncated: false,
    ...fields,
  };
}

const previews: Record<string, FilePreview> = {
  [sourceId]: preview(sourceId, {
    kind: 'text',
    language: 'python',
    text: 'def main():\n    print("<script>")\n',
    contentUrl: `/api/v1/files/${sourceId}/preview/content?exp=1&sig=s`,
  }),
  [zipId]: preview(zipId, {
    kind: 'zip-listing',
    entries: [
      { name: 'lab/', size: 0, isDirectory: true },
      { name: 'lab/setup.sh', size: 2048, isDirectory: false },
    ],
    entryCount: 3,
    truncated: true,
  }),
  [notesId]: preview(notesId, {
    kind: 'markdown',
    html: '<h1>Setup</h1><p>Run <code>make</code>.</p>',
    truncated: true,
  }),
  [pdfId]: preview(pdfId, {
    kind: 'pdf',
    contentUrl: `/api/v1/files/${pdfId}/preview/content?exp=1&sig=s`,
  }),
};

function open(role?: Role) {
  const api = mockApi({
    'GET /api/v1/knowledge': () => ({ items: [], nextPageToken: null }),
    [`GET /api/v1/content/${lab.id}/files`]: () => ({ files: [] }),
    'GET /api/v1/content/*': () => lab,
    [`GET /api/v1/content/${lab.id}/follow`]: () => ({ following: false, via: null }),
    'GET /api/v1/files/*': ({ url }) => {
      const [, , , , fileId, last] = url.pathname.split('/');
      if (last === 'preview') return previews[fileId!];
      return { publicUrl: `/api/v1/files/${fileId}/content?sig=d`, name: 'file' };
    },
    ...(role ? { 'GET /api/v1/auth/session': () => makeSession(role) } : {}),
  });
  return { ...renderApp(`/courseware/${lab.urlAlias}`, role ? { signedInAs: role } : {}), ...api };
}

describe('file preview', () => {
  it('is offered on each file row to those who may download', async () => {
    open('faculty');
    expect(await screen.findByRole('button', { name: 'Preview Exploit code, exploit.py' })).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Preview / })).toHaveLength(4);
  });

  it.each([
    ['a visitor', undefined],
    ['a student', 'student'],
  ] as const)('is not offered to %s', async (_who, role) => {
    open(role);
    await screen.findByRole('heading', { level: 1, name: lab.name });
    await screen.findAllByTestId('file-name');
    expect(screen.queryByRole('button', { name: /^Preview / })).toBeNull();
  });

  it('shows a source file as highlighted text, with Download, the note, and Escape closing it', async () => {
    const { user, requests } = open('faculty');
    const download = vi.spyOn(browser, 'download').mockImplementation(() => undefined);
    const button = await screen.findByRole('button', { name: 'Preview Exploit code, exploit.py' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: /Exploit code/ });
    expect(within(dialog).getByText('exploit.py')).toBeVisible();
    expect(within(dialog).getByRole('note').textContent).toBe('Previewing does not count as a download.');
    const code = await within(dialog).findByLabelText('File text (python)');
    expect(code.textContent).toBe('def main():\n    print("<script>")\n');
    // Highlighted: the keyword is a token, the file's markup stays text.
    await waitFor(() => expect(code.querySelector('.hljs-keyword')?.textContent).toBe('def'));
    expect(code.querySelector('script')).toBeNull();
    // Opening the preview asked for the preview, not for a download link.
    expect(requests.some((r) => r.url.pathname.endsWith('/download-url'))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith(`/api/v1/files/${sourceId}/content?sig=d`));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
    download.mockRestore();
  });

  it("lists a zip's entries and says the listing was cut", async () => {
    const { user } = open('faculty');
    await user.click(await screen.findByRole('button', { name: 'Preview Lab files, lab.zip' }));
    const table = await screen.findByRole('table', { name: 'Files in the archive' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['PathSize', 'lab/folder', 'lab/setup.sh2.0 KB']);
    expect(screen.getByText('The first 2 of 3 entries are listed.')).toBeVisible();
  });

  it("shows Markdown as the server's rendering and says it was cut", async () => {
    const { user } = open('faculty');
    await user.click(await screen.findByRole('button', { name: 'Preview Notes, notes.md' }));
    const dialog = await screen.findByRole('dialog', { name: /Notes/ });
    expect(await within(dialog).findByRole('heading', { name: 'Setup' })).toBeVisible();
    expect(within(dialog).getByText('make').tagName).toBe('CODE');
    expect(within(dialog).getByText('Only the beginning of the file is shown.')).toBeVisible();
  });

  it('says a PDF is loading until pdf.js has opened it', async () => {
    const { user } = open('faculty');
    await user.click(await screen.findByRole('button', { name: 'Preview Handout, handout.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: /Handout/ });
    expect(await within(dialog).findByText('Loading the PDF…')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close the preview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
