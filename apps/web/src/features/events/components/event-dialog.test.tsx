/** The event dialog (001 §2, §5): the shared schema's messages, the server's field issues, saving. */
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PAGE_WEB_OR_MAIL_LINK } from '@portal/shared/schemas/common';
import type { Event } from '@portal/shared/schemas/events';
import { REQUIRED } from '@portal/shared/schemas/news';
import { mockApi, reply } from '../../../testing/mock-api';
import { installProseMirrorDom } from '../../../testing/prosemirror-dom';
import { renderComponent } from '../../../testing/render-component';
import { EventDialog } from './event-dialog';

installProseMirrorDom();

const EVENT: Event = {
  id: '5f0c8a2e-1b3d-4c5e-8f70-00000000e001',
  urlAlias: 'capture-the-flag',
  name: 'Capture the flag',
  description: '<p>Teams of four.</p>',
  link: 'https://ctf.example.edu/',
  location: 'Room 101',
  status: 'published',
  date: '2025-04-01T15:00:00.000Z',
  timeZone: 'America/New_York',
  createdTimestamp: '2025-02-01T10:00:00.000Z',
  modifiedTimestamp: '2025-02-01T10:00:00.000Z',
};

/** The dialog as the events page holds it: open until saved, then the saved event's name. */
function Host({ item }: { item: Event | null }) {
  const [saved, setSaved] = useState<Event | null>(null);
  if (saved) return <output>Saved: {saved.name}</output>;
  return <EventDialog item={item} onClose={() => undefined} onSaved={setSaved} />;
}

describe('EventDialog', () => {
  it('shows the schema’s messages under the fields, focuses the first, and sends nothing', async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderComponent(<Host item={EVENT} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    const link = within(dialog).getByRole('textbox', { name: /Link/ });
    await user.clear(link);
    await user.type(link, 'javascript:alert(1)');
    await user.clear(within(dialog).getByRole('textbox', { name: /Location/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(PAGE_WEB_OR_MAIL_LINK.message)).toBeInTheDocument();
    expect(within(dialog).getByText(REQUIRED)).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(link));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a 400 answer’s field issue under its field, focuses it, and stays open', async () => {
    mockApi({
      [`PUT /api/v1/events/${EVENT.id}`]: () =>
        reply(400, {
          code: 'invalid_input',
          message: 'Some fields are not valid.',
          details: { issues: [{ field: 'body.location', message: 'Please enter a room we have.' }] },
        }),
    });
    const { user } = renderComponent(<Host item={EVENT} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Please enter a room we have.')).toBeInTheDocument();
    const location = within(dialog).getByRole('textbox', { name: /Location/ });
    await waitFor(() => expect(document.activeElement).toBe(location));
    expect(within(dialog).getByText(/^The event was not saved\./)).toBeInTheDocument();
  });

  it('saves the edited event with the shared request’s values', async () => {
    const { requests } = mockApi({
      [`PUT /api/v1/events/${EVENT.id}`]: () => ({ ...EVENT, location: 'Room 102' }),
    });
    const { user } = renderComponent(<Host item={EVENT} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    const location = within(dialog).getByRole('textbox', { name: /Location/ });
    await user.clear(location);
    await user.type(location, 'Room 102');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved: Capture the flag')).toBeInTheDocument();
    expect(requests[0]?.body).toMatchObject({
      name: 'Capture the flag',
      link: 'https://ctf.example.edu/',
      location: 'Room 102',
      timeZone: 'America/New_York',
    });
  });
});
