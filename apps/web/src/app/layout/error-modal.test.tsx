/** The error dialog shows the server's request id beside the code, selectable to copy (issue 23). */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { apiErrorOf } from '../../lib/api-error-answer';
import { clearReportedError, reportError } from '../../lib/error-reporting';
import { ErrorModal } from './error-modal';

afterEach(() => {
  act(() => clearReportedError());
  cleanup();
});

describe('ErrorModal', () => {
  it("shows the answer's request id beside its code", async () => {
    render(<ErrorModal />);
    const body = { code: 'conflict', message: 'Someone changed it first.', requestId: 'req-7f3a9c' };
    act(() => reportError(apiErrorOf(409, 'Conflict', body, null)));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Someone changed it first.');
    expect(dialog.textContent).toContain('Code: conflict · Request id: req-7f3a9c');
    const id = screen.getByTestId('error-request-id');
    expect(id.textContent).toBe('req-7f3a9c');
    expect(getComputedStyle(id).userSelect).toBe('all');
  });

  it('shows the code alone when the answer carried no id', async () => {
    render(<ErrorModal />);
    act(() => reportError(apiErrorOf(500, 'Internal Server Error', 'proxy error page', null)));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Code: internal');
    expect(dialog.textContent).not.toContain('Request id');
  });
});
