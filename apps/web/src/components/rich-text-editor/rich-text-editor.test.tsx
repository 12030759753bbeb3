import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { installProseMirrorDom } from '../../testing/prosemirror-dom';
import { RichTextEditor } from './rich-text-editor';

installProseMirrorDom();

function Harness({ initial = '' }: { initial?: string }) {
  const [html, setHtml] = useState(initial);
  return (
    <>
      <RichTextEditor label="Description" field="description" value={initial} onChange={setHtml} />
      <output data-testid="html">{html}</output>
    </>
  );
}

/** A paste event carrying the given files and HTML, as a browser sends it. */
function pasteInto(target: Element, { files = [], html = '' }: { files?: File[]; html?: string }) {
  const event = new Event('paste', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'clipboardData', {
    value: {
      files,
      types: html ? ['text/html'] : ['Files'],
      getData: (type: string) => (type === 'text/html' ? html : ''),
    },
  });
  fireEvent(target, event);
}

describe('RichTextEditor (001 §2)', () => {
  it('opens the upload dialog named pasted-image.png for the first pasted image file', async () => {
    render(<Harness />);
    const box = screen.getByRole('textbox', { name: 'Description' });
    pasteInto(box, {
      files: [
        new File([new Uint8Array([1, 2, 3])], 'clipboard.png', { type: 'image/png' }),
        new File([new Uint8Array([4])], 'second.jpg', { type: 'image/jpeg' }),
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: 'Upload image' });
    expect(screen.getByLabelText('File name')).toHaveProperty('value', 'pasted-image.png');
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Alt text is required.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
  });

  it('embeds a YouTube video through the privacy-enhanced host', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Video' }));
    const field = screen.getByRole('textbox', { name: /YouTube address or video id/ });
    await userEvent.type(field, 'https://vimeo.com/1{Enter}');
    expect(await screen.findByText('Enter a YouTube address or video id.')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('html').textContent).toContain(
        'src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"',
      ),
    );
  });

  it('reads a stored YouTube iframe back', () => {
    render(
      <Harness initial='<p>Watch</p><iframe src="https://www.youtube-nocookie.com/embed/abc123" width="560" height="315"></iframe>' />,
    );
    expect(document.querySelector('iframe')?.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/abc123',
    );
  });
});
