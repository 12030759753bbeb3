import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import { mockApi, reply } from '../testing/mock-api';
import { ApiError } from './api-client';
import { clearAccessToken, getAccessToken, setAccessToken } from './auth-token';
import { DownloadError, downloadProblem, saveDownload } from './save-download';

const signIn = (accessToken: string) =>
  setAccessToken({ accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3600, expiresIn: 3600 });

const COVERAGE = { type: 'text/csv', filename: 'coverage.csv' };
const CSV = { 'Content-Type': 'text/csv; charset=utf-8' };

afterEach(() => clearAccessToken());

/** The names of the files the browser was asked to save. */
function watchSaves() {
  const saved: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  return { saved, restore: () => click.mockRestore() };
}

describe('saveDownload (a CSV export that needs the token)', () => {
  it('sends the token and saves the answer under its file name', async () => {
    const { requests } = mockApi({ 'GET /api/v1/coverage/export': () => reply(200, 'kind,code\r\n', CSV) });
    signIn('t-export');
    const { saved, restore } = watchSaves();
    await saveDownload('/api/v1/coverage/export', COVERAGE);
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer t-export');
    expect(requests[0]?.headers.get('accept')).toBe('text/csv');
    expect(saved).toEqual(['coverage.csv']);
    restore();
  });

  it('answers an error by the rules of every request: the server’s words, its request id, an ended session', async () => {
    mockApi({
      'GET /api/v1/admin/newsletter/subscribers/export': () =>
        reply(500, { code: 'internal', message: 'The export could not be written.', requestId: 'req-7' }),
      'GET /api/v1/coverage/export': () =>
        reply(401, { code: 'unauthenticated', message: 'The access token is not valid.' }),
    });
    signIn('t-old');
    const failed = await saveDownload('/api/v1/admin/newsletter/subscribers/export', {
      type: 'text/csv',
      filename: 'x.csv',
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).message).toBe('The export could not be written.');
    expect((failed as ApiError).requestId).toBe('req-7');
    expect(downloadProblem(failed, 'x.csv')).toBe(
      'x.csv was not downloaded: The export could not be written.',
    );
    const ended = await saveDownload('/api/v1/coverage/export', COVERAGE).catch((e: unknown) => e);
    expect((ended as ApiError).message).toBe(MESSAGES.sessionExpired);
    await vi.waitFor(() => expect(getAccessToken()).toBeNull());
  });

  it('saves nothing and says so when the answer is not a file of the type asked for', async () => {
    mockApi({
      'GET /api/v1/coverage/export': () =>
        reply(200, '<!doctype html><title>Home</title>', { 'Content-Type': 'text/html; charset=utf-8' }),
    });
    const { saved, restore } = watchSaves();
    const failed = await saveDownload('/api/v1/coverage/export', COVERAGE).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(DownloadError);
    expect(downloadProblem(failed, 'coverage.csv')).toBe(
      'coverage.csv was not downloaded: the server sent text/html instead of the file. Please try again later; if it keeps happening, tell support.',
    );
    expect(saved).toEqual([]);
    restore();
  });

  it('says so in words when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const failed = await saveDownload('/api/v1/coverage/export', COVERAGE).catch((e: unknown) => e);
    expect(downloadProblem(failed, 'coverage.csv')).toBe(
      'coverage.csv was not downloaded: the server could not be reached. Check your connection and try again.',
    );
  });
});
