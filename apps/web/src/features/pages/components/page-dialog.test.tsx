/** The page builder's page dialog (001 §5 Add new page / Edit page): schema messages, server answers. */
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PAGE_MESSAGES, type Page } from '@portal/shared/schemas/pages';
import { mockApi, reply } from '../../../testing/mock-api';
import { renderComponent } from '../../../testing/render-component';
import { PageDialog } from './page-dialog';

const PAGE: Page = {
  id: '5f0c8a2e-1b3d-4c5e-8f70-00000000f001',
  href: '/community/workshops',
  title: 'Workshops',
  parentId: null,
  status: 'published',
  layout: { name: 'handSortedList', parameters: [] },
  sections: [],
  meta: { description: 'Workshops for faculty.', images: [] },
  version: 3,
  createdTimestamp: '2025-02-01T10:00:00.000Z',
  modifiedTimestamp: '2025-02-01T10:00:00.000Z',
};

/** The dialog as the page builder holds it: open until saved, then the saved page's title. */
function Host({ page }: { page: Page | null }) {
  const [saved, setSaved] = useState<Page | null>(null);
  if (saved) return <output>Saved: {saved.title}</output>;
  return <PageDialog page={page} onClose={() => undefined} onSaved={setSaved} />;
}

describe('PageDialog', () => {
  it('checks a new page with the shared schema: the link message, the first invalid field focused', async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderComponent(<Host page={null} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add new page' });
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'About our labs.');
    await user.type(within(dialog).getByRole('textbox', { name: /Link/ }), 'Not A Link');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(PAGE_MESSAGES.href)).toBeInTheDocument();
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the one link message at the link when the server says the link is used', async () => {
    const { requests } = mockApi({
      'POST /api/v1/pages': () => reply(409, { code: 'conflict', message: PAGE_MESSAGES.hrefTaken }),
    });
    const { user } = renderComponent(<Host page={null} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add new page' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Labs');
    await user.type(within(dialog).getByRole('textbox', { name: /Description/ }), 'About our labs.');
    const link = within(dialog).getByRole('textbox', { name: /Link/ });
    await user.type(link, '/labs');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(PAGE_MESSAGES.href)).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(link));
    expect(requests[0]?.body).toMatchObject({ title: 'Labs', href: '/labs', status: 'unpublished' });
  });

  it('shows a 400 answer’s field issue under the edited title and focuses it', async () => {
    mockApi({
      [`PATCH /api/v1/pages/${PAGE.id}`]: () =>
        reply(400, {
          code: 'invalid_input',
          message: 'Some fields are not valid.',
          details: { issues: [{ field: 'body.title', message: 'Another page has this title.' }] },
        }),
    });
    const { user } = renderComponent(<Host page={PAGE} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit page' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another page has this title.')).toBeInTheDocument();
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(within(dialog).getByText(/^The page was not saved\./)).toBeInTheDocument();
  });

  it('saves an edited page with its version', async () => {
    const { requests } = mockApi({
      [`PATCH /api/v1/pages/${PAGE.id}`]: () => ({ ...PAGE, title: 'Faculty workshops', version: 4 }),
    });
    const { user } = renderComponent(<Host page={PAGE} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit page' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.clear(title);
    await user.type(title, 'Faculty workshops');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: Faculty workshops')).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({
      title: 'Faculty workshops',
      status: 'published',
      layoutName: 'handSortedList',
      version: 3,
    });
  });
});
