import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@portal/shared/errors';
import { mockApi, reply } from '../testing/mock-api';
import { ApiError } from './api-client';
import { clearAccessToken, getAccessToken, setAccessToken } from './auth-token';
import { saveDownload } from './save-download';

const signIn = (accessToken: string) =>
  setAccessToken({ accessToken, expiresAt: Math.floor(Date.now() / 1000) + 3600, expiresIn: 3600 });

afterEach(() => clearAccessToken());

describe('saveDownload (a CSV export that needs the token)', () => {
  it('sends the token and saves the answer under its file name', async () => {
    const { requests } = mockApi({ 'GET /api/v1/coverage/export': () => 'kind,code\r\n' });
    signIn('t-export');
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    await saveDownload('/api/v1/coverage/export', 'coverage.csv');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer t-export');
    expect(saved).toEqual(['coverage.csv']);
    click.mockRestore();
  });

  it('answers an error by the rules of every request: the server’s words, its request id, an ended session', async () => {
    mockApi({
      'GET /api/v1/admin/newsletter/subscribers/export': () =>
        reply(500, { code: 'internal', message: 'The export could not be written.', requestId: 'req-7' }),
      'GET /api/v1/coverage/export': () =>
        reply(401, { code: 'unauthenticated', message: 'The access token is not valid.' }),
    });
    signIn('t-old');
    const failed = await saveDownload('/api/v1/admin/newsletter/subscribers/export', 'x.csv').catch(
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(ApiError);
    expect((failed as ApiError).message).toBe('The export could not be written.');
    expect((failed as ApiError).requestId).toBe('req-7');
    const ended = await saveDownload('/api/v1/coverage/export', 'coverage.csv').catch((e: unknown) => e);
    expect((ended as ApiError).message).toBe(MESSAGES.sessionExpired);
    await vi.waitFor(() => expect(getAccessToken()).toBeNull());
  });
});
