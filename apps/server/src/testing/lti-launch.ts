/**
 * Launches of the LTI tool as a platform's browser makes them (issues 26 and 33), for the LTI tests and
 * the attack tests: login initiation (its state cookie kept, as a browser keeps it), the id token signed
 * by the mock platform, the launch, proving the account, and the app's hand-off to a portal token.
 */
import { beforeAll, expect } from 'vitest';
import { LtiPlatformSchema, type LtiPlatform } from '@portal/shared/schemas/lti';
import { decodeJwt, type JWTPayload } from 'jose';
import { LTI_CLAIM } from '../modules/lti/lti.service.js';
import { PASSWORD, TEST_PKCE } from './fixtures.js';
import { ROLE, type MockPlatform, type PlatformStyle } from './lti-platform.js';
import type { TestContext } from './test-app.js';

/** A form body for app.inject. */
export const formOf = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** The launching user's default address: the test app's faculty account. */
export const FACULTY_EMAIL = 'faculty@test.example.edu';

/**
 * Registers the mock platform in each style as an admin does, before the file's tests.
 * @returns the registered platforms by style name, filled once the hook ran
 */
export function registerPlatforms(
  ctx: TestContext,
  as: (role: 'admin') => Promise<Record<string, string>>,
  platform: () => MockPlatform,
  styles: readonly PlatformStyle[],
): Record<string, LtiPlatform> {
  const registered: Record<string, LtiPlatform> = {};
  beforeAll(async () => {
    for (const style of styles) {
      const made = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/admin/lti/platforms',
        headers: await as('admin'),
        payload: platform().registration(style),
      });
      expect(made.statusCode, made.body).toBe(201);
      registered[style.name] = LtiPlatformSchema.parse(made.json());
    }
  });
  return registered;
}

/** The launch helpers over one test app and mock platform. */
export function ltiLauncher(ctx: TestContext, platform: () => MockPlatform) {
  const base = () => ctx.config.publicBaseUrl;

  /** A login initiation; the state and nonce sent to the platform, and the cookie binding the state. */
  async function login(style: PlatformStyle, targetLinkUri = `${base()}/courseware`) {
    const started = await ctx.app.inject({
      method: 'GET',
      url: `/lti/login?${new URLSearchParams({
        iss: style.issuer,
        login_hint: 'user-42',
        target_link_uri: targetLinkUri,
        lti_message_hint: 'hint-7',
        client_id: style.clientId,
        lti_deployment_id: style.deploymentId,
      }).toString()}`,
    });
    expect(started.statusCode, started.body).toBe(302);
    const location = new URL(started.headers.location as string);
    const setCookie = String(started.headers['set-cookie']);
    return {
      location,
      setCookie,
      state: location.searchParams.get('state')!,
      nonce: location.searchParams.get('nonce')!,
      cookie: setCookie.split(';')[0]!,
    };
  }

  /**
   * The claims of a launch as the platform signs them; `sub` is the platform's id of the e-mail's person
   * unless given, so each person is one platform user.
   */
  function claims(
    style: PlatformStyle,
    nonce: string,
    kind: 'deepLinking' | 'resourceLink',
    overrides: JWTPayload = {},
  ): JWTPayload {
    const email = typeof overrides.email === 'string' ? overrides.email : FACULTY_EMAIL;
    const common: JWTPayload = {
      iss: style.issuer,
      aud: style.clientId,
      sub: `lms-user-${email}`,
      nonce,
      email,
      name: 'Test Faculty',
      [LTI_CLAIM.version]: '1.3.0',
      [LTI_CLAIM.deploymentId]: style.deploymentId,
      [LTI_CLAIM.roles]: [ROLE.instructor],
    };
    const message =
      kind === 'deepLinking'
        ? {
            [LTI_CLAIM.messageType]: 'LtiDeepLinkingRequest',
            [LTI_CLAIM.deepLinkingSettings]: {
              deep_link_return_url: `${platform().origin}/deep_linking_return?course=5`,
              accept_types: ['link', 'ltiResourceLink'],
              accept_presentation_document_targets: ['iframe', 'window'],
              accept_multiple: true,
              data: 'opaque-platform-data-91',
            },
          }
        : {
            [LTI_CLAIM.messageType]: 'LtiResourceLinkRequest',
            [LTI_CLAIM.resourceLink]: { id: 'link-3' },
            [LTI_CLAIM.targetLinkUri]: `${base()}/courseware/network-security-course/packet-analysis`,
          };
    return { ...common, ...message, ...overrides };
  }

  /** Posts a launch; `cookie` is the state cookie the browser sends back (none: a browser keeping none). */
  function postLaunch(idToken: string, state: string, cookie?: string) {
    const body = formOf({ id_token: idToken, state });
    return ctx.app.inject({
      method: 'POST',
      url: '/lti/launch',
      payload: body.payload,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    });
  }

  /** A whole launch from the browser that started it: login, the signed token, the post. */
  async function launch(
    style: PlatformStyle,
    kind: 'deepLinking' | 'resourceLink',
    overrides: JWTPayload = {},
    options: Parameters<MockPlatform['sign']>[1] = {},
  ) {
    const { state, nonce, cookie } = await login(style);
    return postLaunch(await platform().sign(claims(style, nonce, kind, overrides), options), state, cookie);
  }

  /** Proves the account on the page a launch was sent to, with its password; the hand-off address. */
  async function proveWithPassword(linkPath: string, password = PASSWORD) {
    const handoff = new URL(linkPath, base()).searchParams.get('launch')!;
    return ctx.app.inject({ method: 'POST', url: '/lti/link', ...formOf({ launch: handoff, password }) });
  }

  /** The hand-off as the app does it: its PKCE challenge to /lti/sign-on, then the code exchange. */
  async function signOn(startPath: string) {
    const handoff = new URL(startPath, base()).searchParams.get('launch')!;
    const signedOn = await ctx.app.inject({
      method: 'GET',
      url: `/lti/sign-on?${new URLSearchParams({ launch: handoff, ...TEST_PKCE.form }).toString()}`,
    });
    expect(signedOn.statusCode, signedOn.body).toBe(303);
    const landing = new URL(signedOn.headers.location as string, base());
    const exchanged = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      payload: { code: landing.searchParams.get('s'), code_verifier: TEST_PKCE.verifier },
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const token = (exchanged.json() as { accessToken: string }).accessToken;
    return { landing, handoff, headers: { authorization: `Bearer ${token}` }, subject: decodeJwt(token).sub };
  }

  /** Links the default faculty account to its platform user of `style` (a launch proved once), if not yet. */
  async function linkFaculty(style: PlatformStyle) {
    const first = await launch(style, 'resourceLink');
    expect(first.headers.location, first.body).toMatch(/^\/lti\/(link|start)\?launch=/);
    if (String(first.headers.location).startsWith('/lti/start'))
      return signOn(first.headers.location as string);
    const proved = await proveWithPassword(first.headers.location as string);
    expect(proved.statusCode, proved.body).toBe(303);
    return signOn(proved.headers.location as string);
  }

  return { base, login, claims, postLaunch, launch, proveWithPassword, signOn, linkFaculty };
}
