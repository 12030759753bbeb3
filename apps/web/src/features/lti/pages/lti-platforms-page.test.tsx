/** The admin registers LMS platforms for the LTI 1.3 tool (issue 26). */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LtiPlatform } from '@portal/shared/schemas/lti';
import { makeSession } from '../../../testing/fixtures';
import { mockApi, type MockRequest } from '../../../testing/mock-api';
import { renderApp } from '../../../testing/render-app';
import { splitDeploymentIds } from '../components/platform-form';

function platform(n: number, name: string): LtiPlatform {
  return {
    id: `6a0c8a2e-1b3d-4c5e-8f70-00000000000${n}`,
    name,
    issuer: 'https://canvas.instructure.com',
    clientId: `1000000000000${n}`,
    deploymentIds: [`${n}:abc`],
    authUrl: 'https://sso.canvaslms.com/api/lti/authorize_redirect',
    tokenUrl: 'https://sso.canvaslms.com/login/oauth2/token',
    jwksUrl: 'https://sso.canvaslms.com/api/lti/security/jwks',
    allowedEmailDomains: [],
    newAccountsNeedApproval: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  };
}

function api() {
  return mockApi({
    'GET /api/v1/auth/messages': () => ({ items: [] }),
    'GET /api/v1/auth/session': () => makeSession('admin'),
    'GET /api/v1/admin/lti/platforms': (r: MockRequest) =>
      r.url.searchParams.get('nextPageToken') === 'page-2'
        ? { items: [platform(2, 'Moodle of Test College')], nextPageToken: null }
        : { items: [platform(1, 'Canvas of Test University')], nextPageToken: 'page-2' },
    'POST /api/v1/admin/lti/platforms': (r: MockRequest) => ({ ...platform(3, 'x'), ...(r.body as object) }),
    'GET /api/v1/admin/lti/keys': () => ({
      items: [{ kid: 'key-1', createdAt: '2026-11-01T10:00:00.000Z', retiresAt: null, isSigning: true }],
    }),
  });
}

describe('LMS platforms', () => {
  it('reads deployment ids one per line or comma separated', () => {
    expect(splitDeploymentIds('1:abc\n 2:def, 3\n\n')).toEqual(['1:abc', '2:def', '3']);
  });

  it(
    'lists the platforms page by page and registers one checked by the shared schema',
    { timeout: 60_000 },
    async () => {
      const { requests } = api();
      const { user } = renderApp('/admin/lti', { signedInAs: 'admin' });
      expect(await screen.findByText('Canvas of Test University', {}, { timeout: 20_000 })).toBeVisible();
      expect(
        screen.getByText(
          'http://localhost:3000/lti/login'.replace('http://localhost:3000', window.location.origin),
        ),
      ).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Show more platforms' }));
      expect(await screen.findByText('Moodle of Test College')).toBeVisible();
      expect(screen.getByText('Signs')).toBeVisible();

      await user.click(screen.getByRole('button', { name: 'Register a platform' }));
      const fill = async (label: RegExp, value: string) => {
        const box = screen.getByRole('textbox', { name: label });
        await user.clear(box);
        await user.type(box, value);
      };
      await fill(/^Name/, 'Moodle of State College');
      await fill(/^Issuer/, 'http://moodle.state.example.edu');
      await fill(/^Client ID/, 'Xq3rRZbq9kJ2Ld7');
      await fill(/^Deployment IDs/, '3');
      await fill(/^Authentication request URL/, 'https://moodle.state.example.edu/mod/lti/auth.php');
      await fill(/^Access token URL/, 'https://moodle.state.example.edu/mod/lti/token.php');
      await fill(/^Public keyset URL/, 'https://moodle.state.example.edu/mod/lti/certs.php');
      await fill(/^Allowed e-mail domains/, 'State.example.edu\nnot a domain');
      await user.click(screen.getByRole('checkbox', { name: 'New accounts wait for approval' }));
      await user.click(screen.getByRole('button', { name: 'Register platform' }));
      expect(await screen.findByText('Enter an https:// address')).toBeVisible();
      expect(screen.getByText('Enter a domain such as school.edu')).toBeVisible();
      await fill(/^Allowed e-mail domains/, 'State.example.edu');
      expect(requests.some((r) => r.method === 'POST')).toBe(false);

      await fill(/^Issuer/, 'https://moodle.state.example.edu');
      await user.click(screen.getByRole('button', { name: 'Register platform' }));
      await waitFor(() =>
        expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
          name: 'Moodle of State College',
          issuer: 'https://moodle.state.example.edu',
          clientId: 'Xq3rRZbq9kJ2Ld7',
          deploymentIds: ['3'],
          authUrl: 'https://moodle.state.example.edu/mod/lti/auth.php',
          tokenUrl: 'https://moodle.state.example.edu/mod/lti/token.php',
          jwksUrl: 'https://moodle.state.example.edu/mod/lti/certs.php',
          allowedEmailDomains: ['state.example.edu'],
          newAccountsNeedApproval: true,
        }),
      );
      expect(await screen.findByText('Moodle of State College is saved.')).toBeVisible();
    },
  );
});
