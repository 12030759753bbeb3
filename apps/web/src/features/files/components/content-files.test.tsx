/** A curator is told when a file's text could not be read for search (issue 20); nobody else is. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@portal/shared/enums';
import { makeContent, makeSession, uuid } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';

const reason = 'the document took longer than 30 seconds to read.';
const lab = makeContent({
  files: [
    {
      id: uuid(),
      name: 'Long book',
      filename: 'book.pdf',
      type: 'application/pdf',
      size: 9_000_000,
      textNotExtracted: reason,
    },
    { id: uuid(), name: 'Lab sheet', filename: 'lab.md', type: 'text/markdown', size: 2_000 },
  ],
});

function open(role: Role) {
  mockApi({
    'GET /api/v1/knowledge': () => ({ items: [], nextPageToken: null }),
    'GET /api/v1/content/*': () => lab,
    [`GET /api/v1/content/${lab.id}/follow`]: () => ({ following: false, via: null }),
    'GET /api/v1/auth/session': () => makeSession(role),
  });
  return renderApp(`/courseware/${lab.urlAlias}`, { signedInAs: role });
}

describe('a file whose text was not extracted', () => {
  it('shows the reason under the file to a content editor', async () => {
    open('contenteditor');
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(`Text not extracted: ${reason}`);
    expect(note.closest('li')?.textContent).toContain('Long book');
    expect(screen.getAllByRole('note')).toHaveLength(1);
  });

  it('shows nothing of it to faculty', async () => {
    open('faculty');
    await screen.findByRole('button', { name: 'Long book, book.pdf' });
    expect(screen.queryByText(/Text not extracted/)).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
