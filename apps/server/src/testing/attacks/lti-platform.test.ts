/**
 * Attacks from a registered LMS (issue 33), one test per attack, as a platform's admin (or a user who
 * may change their own e-mail there) would try them with the platform's own signing key:
 * - an Instructor launch naming a curator's e-mail, to take over the curator's editing rights;
 * - a Learner launch naming an existing student's e-mail, to take over the student's account;
 * - an Instructor launch naming an unknown address, to get a portal account marked as confirmed.
 * Each ran to a portal session before the launch was bound to the platform's user (`lti_identity`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account } from '../../db/schema/identity.js';
import { LTI_CLAIM } from '../../modules/lti/lti.service.js';
import { TEST_PKCE } from '../fixtures.js';
import { ltiLauncher, registerPlatforms } from '../lti-launch.js';
import { CANVAS, ROLE, startMockPlatform, type MockPlatform } from '../lti-platform.js';
import { useTestApp } from '../use-test-app.js';

let platform: MockPlatform;
beforeAll(async () => {
  platform = await startMockPlatform();
});
afterAll(async () => platform.close());

const { ctx, as } = useTestApp({ tree: true, env: { LTI_ALLOW_LOOPBACK_HTTP: 'true' } });
const lti = ltiLauncher(ctx, () => platform);

registerPlatforms(ctx, as, () => platform, [CANVAS]);

/** Tries to trade whatever hand-off a launch answered with for a portal sign-on code. */
async function tradeHandOff(location: string | undefined) {
  const handoff = location ? new URL(location, lti.base()).searchParams.get('launch') : null;
  if (!handoff) return undefined;
  const signedOn = await ctx.app.inject({
    method: 'GET',
    url: `/lti/sign-on?${new URLSearchParams({ launch: handoff, ...TEST_PKCE.form }).toString()}`,
  });
  return signedOn.statusCode;
}

describe('a registered platform naming portal accounts', () => {
  it("gets no session from an Instructor launch carrying a curator's e-mail", async () => {
    const launched = await lti.launch(CANVAS, 'deepLinking', {
      email: 'contenteditor@test.example.edu',
      name: 'Not The Curator',
    });
    expect(launched.statusCode).toBe(403);
    expect(launched.body).toContain('never signed in from an LMS');
    expect(await tradeHandOff(launched.headers.location as string | undefined)).toBeUndefined();
  });

  it("gets no session from a Learner launch carrying an existing student's e-mail", async () => {
    const launched = await lti.launch(CANVAS, 'resourceLink', {
      email: 'student@test.example.edu',
      [LTI_CLAIM.roles]: [ROLE.learner],
    });
    // The launch waits for the student to prove the account: its hand-off buys nothing meanwhile.
    expect(launched.headers.location).toMatch(/^\/lti\/link\?launch=/);
    expect(await tradeHandOff(launched.headers.location as string)).toBe(400);
  });

  it('gets no confirmed account from an Instructor launch carrying an unknown address', async () => {
    const launched = await lti.launch(CANVAS, 'deepLinking', { email: 'made.up@attacker.example.org' });
    expect(launched.statusCode).toBe(303);
    const [made] = await ctx.database.db
      .select({ verifiedAt: account.emailVerifiedAt })
      .from(account)
      .where(eq(account.email, 'made.up@attacker.example.org'));
    expect(made?.verifiedAt).toBeNull();
  });
});
