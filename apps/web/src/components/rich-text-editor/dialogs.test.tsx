import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { IMAGE_LINK, WEB_OR_MAIL_LINK } from '@portal/shared/schemas/common';
import { installProseMirrorDom } from '../../testing/prosemirror-dom';
import { LinkDialog } from './link-dialog';
import { RichTextEditor } from './rich-text-editor';

installProseMirrorDom();

/** The editor inside an outer form, as the content and news forms hold it; counts the outer submits. */
function Harness() {
  const [html, setHtml] = useState('');
  const [outerSubmits, setOuterSubmits] = useState(0);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        setOuterSubmits((n) => n + 1);
      }}
    >
      <RichTextEditor label="Description" field="description" value="" onChange={setHtml} />
      <output data-testid="html">{html}</output>
      <output data-testid="outer-submits">{outerSubmits}</output>
    </form>
  );
}

/** The link dialog alone, showing what it applied. */
function LinkHarness({ initial = '' }: { initial?: string }) {
  const [applied, setApplied] = useState<string | null>(null);
  return (
    <>
      {applied === null ? (
        <LinkDialog initial={initial} onClose={() => setApplied('closed')} onApply={setApplied} />
      ) : (
        <output data-testid="applied">{applied === '' ? '(removed)' : applied}</output>
      )}
    </>
  );
}

describe('rich-text editor dialogs (001 §2)', () => {
  it('link: a javascript: address shows the shared link message under the field and focuses it', async () => {
    const user = userEvent.setup();
    render(<LinkHarness />);
    const address = screen.getByRole('textbox', { name: 'Address' });
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(await screen.findByText(WEB_OR_MAIL_LINK.message)).toBeDefined();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(address);
    expect(screen.queryByTestId('applied')).toBeNull();
    await user.clear(address);
    await user.type(address, '  mailto:help@example.edu ');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('applied')).textContent).toBe('mailto:help@example.edu');
  });

  it('link: an empty address removes the link', async () => {
    const user = userEvent.setup();
    render(<LinkHarness initial="https://example.edu/" />);
    const address = screen.getByRole('textbox', { name: 'Address' });
    expect((address as HTMLInputElement).value).toBe('https://example.edu/');
    await user.clear(address);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByTestId('applied')).textContent).toBe('(removed)');
  });

  it('image: both fields are required, the address is checked, and a good image is inserted', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image' });
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(await screen.findByText('The image address is required.')).toBeDefined();
    expect(screen.getByText('Alt text is required.')).toBeDefined();
    const address = screen.getByRole('textbox', { name: /Image address/ });
    await waitFor(() => expect(document.activeElement).toBe(address));

    await user.type(address, 'data:image/png;base64,AAAA');
    await user.type(screen.getByRole('textbox', { name: /Alt text/ }), 'A lab diagram');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    expect(await screen.findByText(IMAGE_LINK.message)).toBeDefined();
    expect(dialog.isConnected).toBe(true);

    await user.clear(address);
    await user.type(address, '/files/diagram.png');
    await user.click(screen.getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('html').textContent).toContain(
      '<img src="/files/diagram.png" alt="A lab diagram">',
    );
    expect(screen.getByTestId('outer-submits').textContent).toBe('0');
  });

  it('video: Enter in the dialog inserts the video without submitting the form around the editor', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Video' }));
    const field = await screen.findByRole('textbox', { name: /YouTube address or video id/ });
    await user.type(field, '{Enter}');
    expect(await screen.findByText('A YouTube address or video id is required.')).toBeDefined();
    expect(document.activeElement).toBe(field);
    await user.type(field, 'dQw4w9WgXcQ{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('html').textContent).toContain('youtube-nocookie.com/embed/dQw4w9WgXcQ'),
    );
    expect(screen.getByTestId('outer-submits').textContent).toBe('0');
  });
});
