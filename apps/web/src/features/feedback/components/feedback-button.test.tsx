import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import { FEEDBACK_MESSAGE_MAX, SCREENSHOT_MAX_BYTES } from '@portal/shared/limits';
import { SCREENSHOT_TYPE_MESSAGE } from '@portal/shared/schemas/feedback';
import { KNOWLEDGE, makeContent, makeSession } from '../../../testing/fixtures';
import { mockApi, reply, type MockHandler } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { FEEDBACK_SENT_MESSAGE } from './feedback-button';

const content = makeContent({ name: 'Packet Sniffing Lab', urlAlias: 'packet-sniffing-lab' });

function api(feedback: MockHandler) {
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/auth/session': () => makeSession('faculty'),
    'GET /api/v1/content/*': () => content,
    [`GET /api/v1/content/${content.id}/follow`]: () => ({ following: false, via: null }),
    'POST /api/v1/content/*': feedback,
  });
}

async function openDialog() {
  const view = renderApp(`/courseware/${content.urlAlias}`, { signedInAs: 'faculty' });
  await view.user.click(await screen.findByRole('button', { name: 'Feedback' }));
  return { ...view, dialog: await screen.findByRole('dialog', { name: 'Send feedback' }) };
}

/** The whole app renders in jsdom; on a busy 2-core machine the first render takes seconds. */
const SLOW_TEST_MS = 60_000;

describe('feedback dialog (000 §2, §5)', { timeout: SLOW_TEST_MS }, () => {
  it('requires a message, focusing it, and sends the message with a screenshot', async () => {
    const { requests } = api(() => reply(202, { id: '5f0c8a2e-1b3d-4c5e-8f70-000000000999' }));
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByText('Packet Sniffing Lab')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const message = within(dialog).getByRole('textbox', { name: /Message/ });
    expect(within(dialog).getByText('Message is required.')).toBeInTheDocument();
    expect(document.activeElement).toBe(message);
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(message, 'The set-up script fails on Ubuntu 22.04.');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'error.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Screenshot'), png);
    expect(within(dialog).getByText('error.png')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText(FEEDBACK_SENT_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send feedback' })).toBeNull());
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url.pathname).toBe(`/api/v1/content/${content.id}/feedback`);
    expect(post.body).toEqual({
      message: 'The set-up script fails on Ubuntu 22.04.',
      screenshot: { name: 'error.png', base64: 'iVBORw==' },
    });
  });

  it('refuses screenshots of other types and over 1,000,000 bytes, and caps the message', async () => {
    api(() => reply(202, { id: '5f0c8a2e-1b3d-4c5e-8f70-000000000999' }));
    const { user, dialog } = await openDialog();
    const picker = within(dialog).getByLabelText('Screenshot');
    // The picker's accept list hides other types; a file picked anyway still gets the message.
    await userEvent
      .setup({ applyAccept: false })
      .upload(picker, new File(['x'], 'diagram.bmp', { type: 'image/bmp' }));
    expect(within(dialog).getByText(SCREENSHOT_TYPE_MESSAGE)).toBeInTheDocument();
    const big = new File([new Uint8Array(SCREENSHOT_MAX_BYTES + 1)], 'big.png', { type: 'image/png' });
    await user.upload(picker, big);
    expect(within(dialog).getByText(MESSAGES.uploadTooLarge)).toBeInTheDocument();
    const exact = new File([new Uint8Array(SCREENSHOT_MAX_BYTES)], 'exact.gif', { type: 'image/gif' });
    await user.upload(picker, exact);
    expect(within(dialog).getByText('exact.gif')).toBeInTheDocument();
    expect(within(dialog).queryByText(MESSAGES.uploadTooLarge)).toBeNull();
    const message = within(dialog).getByRole('textbox', { name: /Message/ }) as HTMLTextAreaElement;
    expect(message.maxLength).toBe(FEEDBACK_MESSAGE_MAX);
  });

  it('keeps the dialog open and says why when sending fails', async () => {
    api(() => reply(500, { code: 'internal', message: 'Something went wrong on our side.' }));
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByRole('textbox', { name: /Message/ }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Your feedback was not sent. Something went wrong on our side.',
    );
    expect(screen.getByRole('dialog', { name: 'Send feedback' })).toBeInTheDocument();
  });
});
