/** The news dialog (001 §2, §5): the shared schema's messages, the server's field issues, saving. */
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PAGE_WEB_OR_MAIL_LINK } from '@portal/shared/schemas/common';
import { REQUIRED } from '@portal/shared/schemas/news';
import type { News } from '@portal/shared/schemas/news';
import { mockApi, reply, type MockHandler } from '../../../testing/mock-api';
import { installProseMirrorDom } from '../../../testing/prosemirror-dom';
import { renderComponent } from '../../../testing/render-component';
import { NewsDialog } from './news-dialog';

installProseMirrorDom();

const NEWS: News = {
  id: '5f0c8a2e-1b3d-4c5e-8f70-00000000d001',
  urlAlias: 'range-opens',
  name: 'The range opens',
  description: '<p>Labs for every course.</p>',
  image: null,
  link: '/courseware',
  externalLink: null,
  status: 'published',
  date: '2025-03-01T15:00:00.000Z',
  createdTimestamp: '2025-02-01T10:00:00.000Z',
  modifiedTimestamp: '2025-02-01T10:00:00.000Z',
};

/** The dialog as the news page holds it: open until saved, then the saved item's name. */
function Host({ item }: { item: News | null }) {
  const [saved, setSaved] = useState<News | null>(null);
  if (saved) return <output>Saved: {saved.name}</output>;
  return <NewsDialog item={item} onClose={() => undefined} onSaved={setSaved} />;
}

function api(handlers: Record<string, MockHandler> = {}) {
  return mockApi(handlers);
}

describe('NewsDialog', () => {
  it('shows the schema’s messages under the fields, focuses the first, and sends nothing', async () => {
    const { fetchMock } = api();
    const { user } = renderComponent(<Host item={null} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add news' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Link' }), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getAllByText(REQUIRED).length).toBeGreaterThan(0);
    expect(within(dialog).getByText(PAGE_WEB_OR_MAIL_LINK.message)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a 400 answer’s field issue under its field, focuses it, and stays open', async () => {
    api({
      [`PUT /api/v1/news/${NEWS.id}`]: () =>
        reply(400, {
          code: 'invalid_input',
          message: 'Some fields are not valid.',
          details: { issues: [{ field: 'body.externalLink', message: 'This address does not answer.' }] },
        }),
    });
    const { user } = renderComponent(<Host item={NEWS} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit news' });
    await user.type(within(dialog).getByRole('textbox', { name: 'External link' }), 'https://gone.example/');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This address does not answer.')).toBeInTheDocument();
    const external = within(dialog).getByRole('textbox', { name: 'External link' });
    await waitFor(() => expect(document.activeElement).toBe(external));
    expect(within(dialog).getByText(/^The news item was not saved\./)).toBeInTheDocument();
  });

  it('saves the edited item with the shared request’s values', async () => {
    const { requests } = api({
      [`PUT /api/v1/news/${NEWS.id}`]: () => ({ ...NEWS, name: 'The range opens today' }),
    });
    const { user } = renderComponent(<Host item={NEWS} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit news' });
    const title = within(dialog).getByRole('textbox', { name: /Title/ });
    await user.type(title, ' today');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: The range opens today')).toBeInTheDocument();
    expect(requests[0]?.body).toMatchObject({
      name: 'The range opens today',
      link: '/courseware',
      status: 'published',
    });
  });
});
