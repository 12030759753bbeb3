/** The page builder's section dialog (001 §2 Page editing dialogs, §5): schema messages, server answers. */
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Page, PageSection } from '@portal/shared/schemas/pages';
import { mockApi, reply } from '../../../testing/mock-api';
import { renderComponent } from '../../../testing/render-component';
import { SectionDialog } from './section-dialog';

const SECTION: PageSection = {
  id: '5f0c8a2e-1b3d-4c5e-8f70-00000000f101',
  index: 0,
  key: null,
  widgets: [{ kind: 'calloutBox', text: 'Labs open at nine.' }],
};

const PAGE: Page = {
  id: '5f0c8a2e-1b3d-4c5e-8f70-00000000f001',
  href: '/community/workshops',
  title: 'Workshops',
  parentId: null,
  status: 'published',
  layout: { name: 'handSortedList', parameters: [] },
  sections: [SECTION],
  meta: { description: 'Workshops for faculty.', images: [] },
  version: 3,
  createdTimestamp: '2025-02-01T10:00:00.000Z',
  modifiedTimestamp: '2025-02-01T10:00:00.000Z',
};

/** The dialog as the page builder holds it: open until saved, then the saved section's text. */
function Host({ section }: { section: PageSection | null }) {
  const [saved, setSaved] = useState<Page | null>(null);
  if (saved) return <output>Saved: {JSON.stringify(saved.sections[0]?.widgets[0])}</output>;
  return <SectionDialog page={PAGE} section={section} onClose={() => undefined} onSaved={setSaved} />;
}

describe('SectionDialog', () => {
  it('asks for a widget kind before anything is sent', async () => {
    const { fetchMock } = mockApi({});
    const { user } = renderComponent(<Host section={null} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add section' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a widget kind.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a 400 answer’s issue under the widget’s field and focuses it', async () => {
    mockApi({
      [`PUT /api/v1/pages/${PAGE.id}/sections/${SECTION.id}`]: () =>
        reply(400, {
          code: 'invalid_input',
          message: 'Some fields are not valid.',
          details: { issues: [{ field: 'body.widgets.0.text', message: 'This text is not allowed here.' }] },
        }),
    });
    const { user } = renderComponent(<Host section={SECTION} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit section' });
    const text = await within(dialog).findByRole('textbox', { name: /^Text/ });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This text is not allowed here.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(text));
  });

  it('saves the edited widget', async () => {
    const { requests } = mockApi({
      [`PUT /api/v1/pages/${PAGE.id}/sections/${SECTION.id}`]: (request) => ({
        ...PAGE,
        sections: [{ ...SECTION, ...(request.body as object) }],
      }),
    });
    const { user } = renderComponent(<Host section={SECTION} />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit section' });
    const text = await within(dialog).findByRole('textbox', { name: /^Text/ });
    await user.clear(text);
    await user.type(text, 'Labs open at ten.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Saved: {"kind":"calloutBox","text":"Labs open at ten."}'),
    ).toBeInTheDocument();
    expect(requests[0]?.body).toEqual({
      key: null,
      widgets: [{ kind: 'calloutBox', text: 'Labs open at ten.' }],
    });
  });
});
