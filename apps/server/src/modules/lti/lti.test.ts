/**
 * The LTI 1.3 tool end to end against a mock platform (issue 26): registration by an admin, the tool's
 * JWKS, login initiation, launches signed as Canvas and Moodle sign them, the hand-off to the app's
 * sign-on code, the deep-linking response verified with the tool's published keys, a resource link
 * launch, and every refusal with the page a person sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { LtiPlatformPageSchema, LtiPlatformSchema, LtiToolKeysSchema } from '@portal/shared/schemas/lti';
import { TEST_PKCE } from '../../testing/fixtures.js';
import { formOf, ltiLauncher, registerPlatforms } from '../../testing/lti-launch.js';
import { CANVAS, MOODLE, ROLE, startMockPlatform, type MockPlatform } from '../../testing/lti-platform.js';
import { useTestApp } from '../../testing/use-test-app.js';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ltiKey } from '../../db/schema/lti.js';
import { NO_SECRETS_KEY, isSealed, openSecret } from '../../lib/secrets.js';
import { resealToolKeys, signToolJwt } from './lti-keys.service.js';
import { createPlatform } from './lti-platforms.service.js';
import { LTI_CLAIM } from './lti.service.js';

let platform: MockPlatform;
beforeAll(async () => {
  platform = await startMockPlatform();
});
afterAll(async () => platform.close());

const { ctx, as, tree, accounts } = useTestApp({ tree: true, env: { LTI_ALLOW_LOOPBACK_HTTP: 'true' } });
const { base, login, claims, postLaunch, launch, signOn, linkFaculty } = ltiLauncher(ctx, () => platform);
const form = formOf;

registerPlatforms(ctx, as, () => platform, [CANVAS, MOODLE]);

describe('platform registration', () => {
  it('lists the platforms by name, page by page', async () => {
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/admin/lti/platforms?limit=1',
      headers: await as('admin'),
    });
    const page = LtiPlatformPageSchema.parse(first.json());
    expect(page.items.map((p) => p.name)).toEqual([CANVAS.name]);
    const second = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/lti/platforms?limit=1&nextPageToken=${page.nextPageToken}`,
      headers: await as('admin'),
    });
    expect(LtiPlatformPageSchema.parse(second.json()).items.map((p) => p.name)).toEqual([MOODLE.name]);
  });

  it('refuses an address that is not https, and an issuer and client id registered already', async () => {
    const headers = await as('admin');
    const plain = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/lti/platforms',
      headers,
      payload: {
        ...platform.registration(CANVAS),
        clientId: 'other',
        jwksUrl: 'http://lms.example.edu/jwks',
      },
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.body).toContain('Enter an https:// address');
    const twice = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/lti/platforms',
      headers,
      payload: platform.registration(CANVAS),
    });
    expect(twice.statusCode).toBe(409);
  });

  it('changes and deletes a platform, and answers 404 for one that is gone', async () => {
    const headers = await as('admin');
    const made = LtiPlatformSchema.parse(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/admin/lti/platforms',
          headers,
          payload: { ...platform.registration(CANVAS), clientId: 'to-delete' },
        })
      ).json(),
    );
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/lti/platforms/${made.id}`,
      headers,
      payload: { ...platform.registration(CANVAS), clientId: 'to-delete', deploymentIds: ['1', '2'] },
    });
    expect(LtiPlatformSchema.parse(changed.json()).deploymentIds).toEqual(['1', '2']);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/lti/platforms/${made.id}`,
      headers,
    });
    expect(deleted.statusCode).toBe(204);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/lti/platforms/${made.id}`,
      headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses plain-http loopback addresses where LTI_ALLOW_LOOPBACK_HTTP is off', async () => {
    await expect(
      createPlatform(
        ctx.app.db,
        { ...platform.registration(CANVAS), clientId: 'loopback' },
        {
          allowLoopbackHttp: false,
        },
      ),
    ).rejects.toMatchObject({ code: 'rule_broken', details: { field: 'authUrl' } });
  });
});

describe('tool keys', () => {
  it('publishes its key in the JWKS and keeps a rotated key verifying', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as {
      keys: { kid: string; kty: string; d?: string }[];
    };
    expect(before.keys.length).toBeGreaterThanOrEqual(1);
    expect(before.keys.every((k) => k.kty === 'RSA' && k.d === undefined)).toBe(true);
    const rotated = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/lti/keys/rotate',
      headers: await as('admin'),
    });
    const keys = LtiToolKeysSchema.parse(rotated.json()).items;
    const signing = keys.filter((k) => k.isSigning);
    expect(signing).toHaveLength(1);
    expect(keys.filter((k) => !k.isSigning).map((k) => k.kid)).toEqual(
      expect.arrayContaining(before.keys.map((k) => k.kid)),
    );
    const after = (await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json() as {
      keys: { kid: string }[];
    };
    expect(after.keys.map((k) => k.kid)).toEqual(
      expect.arrayContaining([signing[0]!.kid, ...before.keys.map((k) => k.kid)]),
    );
  });
});

describe('tool keys at rest', () => {
  it('seals the keys under SECRETS_KEY at start and still signs with them', async () => {
    const keyring = { current: crypto.randomBytes(32), previous: [] };
    await signToolJwt(ctx.app.db, NO_SECRETS_KEY, { iss: 'x' }, 60);
    expect(await resealToolKeys(ctx.app.db, keyring)).toBeGreaterThan(0);
    const rows = await ctx.app.db.select().from(ltiKey);
    expect(rows.every((row) => isSealed(row.privateKey))).toBe(true);
    const jwt = await signToolJwt(ctx.app.db, keyring, { iss: 'x' }, 60);
    const jwks = (await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    await expect(jwtVerify(jwt, createLocalJWKSet(jwks))).resolves.toBeDefined();
    await expect(signToolJwt(ctx.app.db, NO_SECRETS_KEY, { iss: 'x' }, 60)).rejects.toThrow(/SECRETS_KEY/);
    // Back to plain, as the rest of this file runs without SECRETS_KEY.
    for (const row of rows) {
      const plain = openSecret(keyring, row.privateKey, `lti_key:${row.kid}`).plain;
      await ctx.app.db.update(ltiKey).set({ privateKey: plain }).where(eq(ltiKey.kid, row.kid));
    }
  });
});

describe('deep linking', () => {
  it.each([
    ['Canvas', CANVAS],
    ['Moodle', MOODLE],
  ])('signs the instructor in, lets them choose items and returns them to %s', async (_name, style) => {
    await linkFaculty(style);
    const launched = await launch(style, 'deepLinking');
    expect(launched.statusCode, launched.body).toBe(303);
    expect(launched.headers.location).toMatch(/^\/lti\/start\?launch=/);
    expect(platform.lastUserAgent()).toMatch(/portal/);

    const { landing, headers, subject } = await signOn(launched.headers.location as string);
    expect(subject).toBe(accounts.faculty);
    const launchId = /^\/lti\/deep-linking\/([0-9a-f-]{36})$/.exec(landing.pathname)![1]!;

    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/lti/deep-linking/${launchId}`,
      headers,
    });
    expect(shown.json()).toMatchObject({ platformName: style.name, acceptMultiple: true });
    // Another account cannot see or answer this launch.
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/lti/deep-linking/${launchId}`,
      headers: await as('contenteditor'),
    });
    expect(foreign.statusCode).toBe(404);

    const chosen = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/lti/deep-linking/${launchId}/response`,
      headers,
      payload: { contentIds: [tree.lab, tree.module] },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const returnPath = (chosen.json() as { returnPath: string }).returnPath;

    const page = await ctx.app.inject({ method: 'GET', url: returnPath });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`form-action ${platform.origin}`);
    expect(page.headers['content-security-policy']).not.toContain("unsafe-inline'; script");
    expect(page.body).toContain(`action="${platform.origin}/deep_linking_return?course=5"`);
    expect(page.body).toContain('<script src="/lti/auto-submit.js" defer></script>');
    expect(page.body).not.toMatch(/<script>/);
    const jwt = /name="JWT" value="([^"]+)"/.exec(page.body)![1]!;

    // The platform checks the response with the tool's published keys.
    const jwks = (await ctx.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks), {
      issuer: style.clientId,
      audience: style.issuer,
    });
    expect(payload[LTI_CLAIM.messageType]).toBe('LtiDeepLinkingResponse');
    expect(payload[LTI_CLAIM.version]).toBe('1.3.0');
    expect(payload[LTI_CLAIM.deploymentId]).toBe(style.deploymentId);
    expect(payload[LTI_CLAIM.data]).toBe('opaque-platform-data-91');
    expect(payload[LTI_CLAIM.contentItems]).toEqual([
      expect.objectContaining({
        type: 'ltiResourceLink',
        title: 'Cross-Site Scripting Lab',
        url: `${base()}/courseware/network-security-course/packet-analysis/cross-site-scripting-lab`,
      }),
      expect.objectContaining({
        type: 'ltiResourceLink',
        title: 'Packet Analysis',
        url: `${base()}/courseware/network-security-course/packet-analysis`,
      }),
    ]);

    // The response is handed over once; the launch is then closed.
    const again = await ctx.app.inject({ method: 'GET', url: returnPath });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('already sent or has expired');
    const closed = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/lti/deep-linking/${launchId}`,
      headers,
    });
    expect(closed.statusCode).toBe(404);
  });

  it('serves the static script the return page needs, and lets registered platforms frame /lti pages', async () => {
    const script = await ctx.app.inject({ method: 'GET', url: '/lti/auto-submit.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain("getElementById('lti-return').submit()");
    const csp = String(script.headers['content-security-policy']);
    expect(csp).toMatch(/frame-ancestors 'self' [^;]*https:\/\/canvas\.instructure\.com/);
    expect(script.headers['x-frame-options']).toBeUndefined();
    const other = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(String(other.headers['content-security-policy'])).not.toContain('canvas.instructure.com');
  });

  it('makes an instructor without an account a faculty member', async () => {
    const launched = await launch(CANVAS, 'deepLinking', {
      email: 'New.Teacher@College.example.edu',
      name: 'New Teacher',
    });
    expect(launched.statusCode, launched.body).toBe(303);
    const { headers } = await signOn(launched.headers.location as string);
    const session = await ctx.app.inject({ method: 'GET', url: '/api/v1/auth/session', headers });
    expect(session.json()).toMatchObject({ identity: { email: 'new.teacher@college.example.edu' } });
    expect(JSON.stringify(session.json())).toContain('"CanViewFiles":true');
  });

  it('refuses a learner without an account with a clear page', async () => {
    const launched = await launch(MOODLE, 'deepLinking', {
      email: 'learner@college.example.edu',
      [LTI_CLAIM.roles]: [ROLE.learner],
    });
    expect(launched.statusCode).toBe(403);
    expect(launched.headers['content-type']).toContain('text/html');
    expect(launched.body).toContain('Only instructors can choose courseware here');
  });

  it('never signs in an admin account from a platform', async () => {
    const launched = await launch(CANVAS, 'deepLinking', { email: 'admin@test.example.edu' });
    expect(launched.statusCode).toBe(403);
    expect(launched.body).toContain('never signed in from an LMS');
  });

  it('uses a hand-off once', async () => {
    await linkFaculty(CANVAS);
    const launched = await launch(CANVAS, 'deepLinking');
    const { handoff } = await signOn(launched.headers.location as string);
    const twice = await ctx.app.inject({
      method: 'GET',
      url: `/lti/sign-on?${new URLSearchParams({ launch: handoff, ...TEST_PKCE.form }).toString()}`,
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('expired or was already used');
  });
});

describe('resource link', () => {
  it('signs the user in and opens the linked item', async () => {
    await linkFaculty(MOODLE);
    const { state, nonce, cookie } = await login(
      MOODLE,
      `${base()}/courseware/network-security-course/packet-analysis`,
    );
    const launched = await postLaunch(
      await platform.sign(claims(MOODLE, nonce, 'resourceLink')),
      state,
      cookie,
    );
    expect(launched.statusCode, launched.body).toBe(303);
    const { landing, subject } = await signOn(launched.headers.location as string);
    expect(landing.pathname).toBe('/courseware/network-security-course/packet-analysis');
    expect(subject).toBe(accounts.faculty);
  });

  it('opens the item as a visitor sees it for a learner without an account', async () => {
    const launched = await launch(CANVAS, 'resourceLink', {
      email: 'learner@college.example.edu',
      [LTI_CLAIM.roles]: [ROLE.learner],
    });
    expect(launched.statusCode).toBe(303);
    expect(launched.headers.location).toBe('/courseware/network-security-course/packet-analysis');
  });

  it('never leaves the portal, whatever the target link says', async () => {
    const launched = await launch(CANVAS, 'resourceLink', {
      email: 'learner@college.example.edu',
      [LTI_CLAIM.roles]: [ROLE.learner],
      [LTI_CLAIM.targetLinkUri]: `${base()}/.//evil.example/courseware`,
    });
    expect(launched.headers.location).toBe('/courseware');
  });
});

describe('refused launches', () => {
  /** A launch whose token is changed by `change`; returns the page. */
  async function refused(
    change: (c: JWTPayload) => JWTPayload,
    options: Parameters<MockPlatform['sign']>[1] = {},
    style = CANVAS,
  ) {
    const { state, nonce, cookie } = await login(style);
    const answer = await postLaunch(
      await platform.sign(change(claims(style, nonce, 'deepLinking')), options),
      state,
      cookie,
    );
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.body).toContain('The courseware tool could not open');
    return answer;
  }

  it('refuses a bad signature', async () => {
    const answer = await refused((c) => c, { key: 'foreign' });
    expect(answer.statusCode).toBe(401);
    expect(answer.body).toContain('signature does not match');
  });

  it('refuses a replayed launch: the same state, and the same token with a new state', async () => {
    const { state, nonce, cookie } = await login(CANVAS);
    const token = await platform.sign(claims(CANVAS, nonce, 'deepLinking'));
    expect((await postLaunch(token, state, cookie)).statusCode).toBe(303);
    const sameState = await postLaunch(token, state, cookie);
    expect(sameState.statusCode).toBe(400);
    expect(sameState.body).toContain('expired or was already used');
    const fresh = await login(CANVAS);
    const replayed = await postLaunch(token, fresh.state, fresh.cookie);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.body).toContain('nonce does not match');
  });

  it('refuses a token for another audience', async () => {
    const answer = await refused((c) => ({ ...c, aud: 'another-tool' }));
    expect(answer.statusCode).toBe(401);
    expect(answer.body).toContain('meant for another tool');
  });

  it('refuses several audiences without this tool as authorized party', async () => {
    const answer = await refused((c) => ({
      ...c,
      aud: [CANVAS.clientId, 'another-tool'],
      azp: 'another-tool',
    }));
    expect(answer.statusCode).toBe(401);
    expect(answer.body).toContain('authorized party');
  });

  it('refuses an expired token', async () => {
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const answer = await refused((c) => c, { issuedAtS: hourAgo, expiresInS: 300 });
    expect(answer.statusCode).toBe(401);
    expect(answer.body).toContain('The launch has expired');
  });

  it('refuses an unknown deployment', async () => {
    const answer = await refused((c) => ({ ...c, [LTI_CLAIM.deploymentId]: '99:unknown' }));
    expect(answer.statusCode).toBe(403);
    expect(answer.body).toContain('deployment of the tool is not registered');
  });

  it('refuses a token signed as another issuer than the login', async () => {
    const answer = await refused((c) => ({ ...c, iss: 'https://lms.unknown.example.edu' }));
    expect(answer.statusCode).toBe(401);
    expect(answer.body).toContain('another platform');
  });

  it('refuses a login initiation from an unknown issuer', async () => {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/lti/login',
      ...form({
        iss: 'https://lms.unknown.example.edu',
        login_hint: 'u',
        target_link_uri: `${base()}/courseware`,
      }),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('is not registered with this portal');
  });

  it('refuses a login initiation for an unknown deployment or a target outside the portal', async () => {
    const params = {
      iss: CANVAS.issuer,
      client_id: CANVAS.clientId,
      login_hint: 'u',
      target_link_uri: `${base()}/courseware`,
    };
    const deployment = await ctx.app.inject({
      method: 'GET',
      url: `/lti/login?${new URLSearchParams({ ...params, lti_deployment_id: 'nope' }).toString()}`,
    });
    expect(deployment.statusCode).toBe(403);
    const outside = await ctx.app.inject({
      method: 'GET',
      url: `/lti/login?${new URLSearchParams({ ...params, target_link_uri: 'https://evil.example/x' }).toString()}`,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.body).toContain('outside this portal');
  });

  it('refuses a launch without a state it issued', async () => {
    const answer = await postLaunch('not-a-token', 'unknown-state');
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('expired or was already used');
  });
});
