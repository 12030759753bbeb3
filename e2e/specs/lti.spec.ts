/**
 * LTI 1.3 deep linking and a resource link launch in a real browser (issue 26), against a mock platform
 * running in the spec: its own key pair and keyset on a loopback port, a login page that posts the
 * signed id token back as Canvas does, and a return address that checks the portal's signed response
 * with the portal's published keys. The browser follows every redirect and form itself, so the Content
 * Security Policy of the return page (static script, form-action to the platform only) is exercised.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, clientAddress } from './helpers';

const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const DL_CLAIM = 'https://purl.imsglobal.org/spec/lti-dl/claim/';
const ISSUER = 'https://canvas.instructure.com';
const CLIENT_ID = `1000000000${Date.now() % 100_000}`;
const DEPLOYMENT_ID = '17:e2e';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The mock platform: what it signs next, and what came back to its return address. */
interface Platform {
  origin: string;
  kind: 'deepLinking' | 'resourceLink';
  targetLinkUri: string;
  received: Record<string, unknown> | null;
  close(): Promise<void>;
}

async function startPlatform(portalOrigin: string): Promise<Platform> {
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = crypto.randomUUID();
  const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] };
  const sign = (claims: Record<string, unknown>) => {
    const head = `${b64({ alg: 'RS256', kid, typ: 'JWT' })}.${b64(claims)}`;
    return `${head}.${crypto.sign('sha256', Buffer.from(head), privateKey).toString('base64url')}`;
  };
  /** Checks a JWT of the portal with the keys it publishes; its claims, or an error. */
  const verifyPortalJwt = async (jwt: string) => {
    const [head = '', body = '', signature = ''] = jwt.split('.');
    const { kid: portalKid } = JSON.parse(Buffer.from(head, 'base64url').toString()) as { kid: string };
    const keys = (await (await fetch(`${portalOrigin}/.well-known/jwks.json`)).json()) as {
      keys: (crypto.JsonWebKey & { kid: string })[];
    };
    const jwk = keys.keys.find((k) => k.kid === portalKid);
    if (!jwk) throw new Error('no portal key of this kid');
    const key = crypto.createPublicKey({ key: jwk, format: 'jwk' });
    if (!crypto.verify('sha256', Buffer.from(`${head}.${body}`), key, Buffer.from(signature, 'base64url')))
      throw new Error('bad portal signature');
    return JSON.parse(Buffer.from(body, 'base64url').toString()) as Record<string, unknown>;
  };
  const state: Platform = {
    origin: '',
    kind: 'deepLinking',
    targetLinkUri: `${portalOrigin}/lti/launch`,
    received: null,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mock');
    if (url.pathname === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(jwks));
      return;
    }
    if (url.pathname === '/auth') {
      // The platform's OIDC authorization endpoint: it signs the launch and posts it back (form_post).
      const now = Math.floor(Date.now() / 1000);
      const message =
        state.kind === 'deepLinking'
          ? {
              [`${CLAIM}message_type`]: 'LtiDeepLinkingRequest',
              [`${DL_CLAIM}deep_linking_settings`]: {
                deep_link_return_url: `${state.origin}/return`,
                accept_types: ['ltiResourceLink'],
                accept_multiple: true,
                data: 'e2e-opaque-data',
              },
            }
          : {
              [`${CLAIM}message_type`]: 'LtiResourceLinkRequest',
              [`${CLAIM}resource_link`]: { id: 'e2e-link' },
              [`${CLAIM}target_link_uri`]: state.targetLinkUri,
            };
      const idToken = sign({
        iss: ISSUER,
        aud: CLIENT_ID,
        sub: 'e2e-user',
        iat: now,
        exp: now + 300,
        nonce: url.searchParams.get('nonce'),
        email: 'faculty@example.edu',
        name: 'Demo Faculty',
        [`${CLAIM}version`]: '1.3.0',
        [`${CLAIM}deployment_id`]: DEPLOYMENT_ID,
        [`${CLAIM}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
        ...message,
      });
      const action = url.searchParams.get('redirect_uri') ?? '';
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><title>Mock LMS</title><form method="post" action="${escapeAttribute(action)}">` +
            `<input type="hidden" name="id_token" value="${escapeAttribute(idToken)}">` +
            `<input type="hidden" name="state" value="${escapeAttribute(url.searchParams.get('state') ?? '')}">` +
            '<button type="submit">Launch the tool</button></form>',
        );
      return;
    }
    if (url.pathname === '/return' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const jwt = new URLSearchParams(body).get('JWT') ?? '';
        verifyPortalJwt(jwt)
          .then((claims) => {
            state.received = claims;
            const items = claims[`${DL_CLAIM}content_items`] as unknown[];
            response
              .writeHead(200, { 'content-type': 'text/html' })
              .end(`<h1>Received ${items.length} items</h1>`);
          })
          .catch((error: Error) => response.writeHead(400).end(error.message));
      });
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

test.describe('LTI 1.3', () => {
  let platform: Platform;

  test.beforeAll(async ({ request, baseURL }) => {
    platform = await startPlatform(baseURL!);
    const token = await apiToken(request, 'admin@example.edu');
    const made = await request.post('/api/v1/admin/lti/platforms', {
      headers: { authorization: `Bearer ${token}`, ...clientAddress(61) },
      data: {
        name: 'Mock Canvas',
        issuer: ISSUER,
        clientId: CLIENT_ID,
        deploymentIds: [DEPLOYMENT_ID],
        authUrl: `${platform.origin}/auth`,
        tokenUrl: `${platform.origin}/token`,
        jwksUrl: `${platform.origin}/jwks`,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
  });
  test.afterAll(async () => platform.close());

  /** Starts a launch as the platform does and presses the mock LMS's button. */
  async function launch(page: Page, targetLinkUri: string) {
    const query = new URLSearchParams({
      iss: ISSUER,
      client_id: CLIENT_ID,
      lti_deployment_id: DEPLOYMENT_ID,
      login_hint: 'e2e-user',
      target_link_uri: targetLinkUri,
    });
    await page.goto(`/lti/login?${query.toString()}`);
    await page.getByRole('button', { name: 'Launch the tool' }).click();
  }

  test('a faculty member picks courseware and it returns to the platform, signed by the portal', async ({
    page,
    baseURL,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    platform.kind = 'deepLinking';
    await launch(page, `${baseURL}/lti/launch`);
    // The platform names an existing account: it is proved once with its password, then linked.
    await expect(page.getByRole('heading', { name: 'Link your portal account' })).toBeVisible();
    await expect(page.getByText('f••••••@example.edu')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('lti-link-account.png'), fullPage: true });
    await page.getByLabel('Your portal password').fill('wrong-password');
    await page.getByRole('button', { name: 'Link and continue' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('Your portal password').fill('demo');
    await page.getByRole('button', { name: 'Link and continue' }).click();
    await expect(page.getByRole('heading', { name: 'Choose courseware for Mock Canvas' })).toBeVisible();
    await expect(page).toHaveURL(
      (url) => url.pathname.startsWith('/lti/deep-linking/') && !url.searchParams.has('s'),
    );

    const results = page.getByRole('list', { name: 'Search results' });
    await results.getByRole('checkbox').first().check();
    await results.getByRole('checkbox').nth(1).check();
    await page.getByRole('button', { name: 'Add to Mock Canvas' }).click();

    await expect(page.getByRole('heading', { name: 'Received 2 items' })).toBeVisible();
    const received = platform.received!;
    expect(received[`${CLAIM}message_type`]).toBe('LtiDeepLinkingResponse');
    expect(received[`${DL_CLAIM}data`]).toBe('e2e-opaque-data');
    expect(received.aud).toBe(ISSUER);
    const items = received[`${DL_CLAIM}content_items`] as { type: string; url: string }[];
    for (const item of items) {
      expect(item.type).toBe('ltiResourceLink');
      expect(item.url.startsWith(`${baseURL}/courseware/`)).toBe(true);
    }
    expect(violations).toEqual([]);

    // A resource link launch of the first item opens its page, signed in: the platform user is linked now.
    page.on('dialog', (dialog) => void dialog.accept());
    platform.kind = 'resourceLink';
    platform.targetLinkUri = items[0]!.url;
    await launch(page, items[0]!.url);
    await expect(page).toHaveURL((url) => url.href === items[0]!.url);
    await expect(page.getByRole('button', { name: /^Account menu of/ })).toBeVisible();

    // The account page lists the link, and unlinking it makes the next launch ask again.
    await page.getByRole('button', { name: /^Account menu of/ }).click();
    await page.getByRole('menuitem', { name: 'Your account' }).click();
    await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible();
    const links = page.getByRole('list', { name: 'LMS links' });
    await expect(links.getByText('Mock Canvas')).toBeVisible();
    await page.reload();
    await expect(links.getByText('Mock Canvas')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('account-lms-links.png'), fullPage: true });
    await links.getByRole('button', { name: 'Unlink' }).click();
    await page
      .getByRole('dialog', { name: 'Unlink Mock Canvas?' })
      .getByRole('button', { name: 'Unlink' })
      .click();
    await expect(page.getByText('No LMS is linked to your account.')).toBeVisible();
    platform.kind = 'resourceLink';
    await launch(page, items[0]!.url);
    await expect(page.getByRole('heading', { name: 'Link your portal account' })).toBeVisible();
  });

  test('a launch from an unregistered platform gets a page saying so', async ({ page }) => {
    await page.goto(
      `/lti/login?iss=${encodeURIComponent('https://lms.unknown.example.edu')}&login_hint=u&target_link_uri=/`,
    );
    await expect(page.getByRole('alert')).toContainText('is not registered with this portal');
  });
});
