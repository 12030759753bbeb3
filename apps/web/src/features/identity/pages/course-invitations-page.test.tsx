/** Faculty invite students to a course by e-mail (issue 5). */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KNOWLEDGE, makeSearchResponse, makeSession, makeSummary } from '../../../testing/fixtures';
import { mockApi, reply, type MockHandler, type MockRequest } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { splitEmails } from './course-invitations-page';

const COURSE = makeSummary({ name: 'Network Security Course', categories: ['course'], category: 'course' });

function api(extra: Record<string, MockHandler> = {}) {
  let invited: string[] = [];
  return mockApi({
    'GET /api/v1/knowledge': () => ({ items: KNOWLEDGE, nextPageToken: null }),
    'GET /api/v1/auth/messages': () => ({ items: [] }),
    'GET /api/v1/auth/session': () => makeSession('faculty'),
    'GET /api/v1/content/search': () => makeSearchResponse({ items: [COURSE] }),
    [`GET /api/v1/courses/${COURSE.id}/invitations`]: () => ({
      items: invited.map((email, k) => ({
        id: `5f0c8a2e-1b3d-4c5e-8f70-00000000c00${k}`,
        courseId: COURSE.id,
        email,
        createdAt: '2025-03-01T10:00:00.000Z',
        acceptedAt: null,
      })),
    }),
    [`POST /api/v1/courses/${COURSE.id}/invitations`]: (r: MockRequest) => {
      invited = (r.body as { emails: string[] }).emails;
      return { items: [] };
    },
    ...extra,
  });
}

describe('course invitations', () => {
  it('splits addresses on lines, commas, semicolons and spaces', () => {
    expect(splitEmails('a@x.edu, b@x.edu;\nc@x.edu  a@x.edu')).toEqual(['a@x.edu', 'b@x.edu', 'c@x.edu']);
  });

  it('picks a course, refuses a bad address, and invites the rest', { timeout: 60_000 }, async () => {
    const { requests } = api();
    const { user } = renderApp('/invitations', { signedInAs: 'faculty' });
    await user.click(await screen.findByRole('combobox', { name: 'Course' }, { timeout: 20_000 }));
    await user.click(await screen.findByRole('option', { name: 'Network Security Course' }));
    const box = await screen.findByRole('textbox', { name: 'Student e-mail addresses' });
    await user.click(box);
    await user.paste('ann@school.example, nope');
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Not valid e-mail addresses: nope');
    expect(document.activeElement).toBe(box);

    await user.clear(box);
    await user.paste('ann@school.example\nbob@school.example');
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    await waitFor(() =>
      expect(
        requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith('/invitations'))?.body,
      ).toEqual({
        emails: ['ann@school.example', 'bob@school.example'],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Invitations' });
    expect(await within(table).findByText('bob@school.example')).toBeInTheDocument();
  });

  it("shows the server's issue under the addresses and focuses them", { timeout: 60_000 }, async () => {
    api({
      [`POST /api/v1/courses/${COURSE.id}/invitations`]: () =>
        reply(400, {
          code: 'invalid_input',
          message: 'Some fields are not valid.',
          details: { issues: [{ field: 'body.emails.1', message: 'This address cannot be invited.' }] },
        }),
    });
    const { user } = renderApp('/invitations', { signedInAs: 'faculty' });
    await user.click(await screen.findByRole('combobox', { name: 'Course' }, { timeout: 20_000 }));
    await user.click(await screen.findByRole('option', { name: 'Network Security Course' }));
    const box = await screen.findByRole('textbox', { name: 'Student e-mail addresses' });
    await user.click(box);
    await user.paste('ann@school.example bob@school.example');
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('This address cannot be invited.')).toBeInTheDocument();
    const error = await screen.findByRole('dialog', { name: 'Error' });
    await user.click(within(error).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });
});
