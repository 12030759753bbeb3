/**
 * /lti/start (issue 26): where a verified LTI launch lands. The app makes this tab's PKCE verifier
 * (lib/pkce.ts) and sends the browser to the server's /lti/sign-on with the launch's hand-off and the
 * challenge; the server answers with the portal's ordinary sign-on code `?s=` on the picker or the
 * linked item, which the entry guard exchanges with the verifier, as after the sign-in form.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { browser } from '../../lib/browser';

/** What /lti/start shows when it cannot go on. */
export interface LtiStartState {
  error: string | null;
}

/** The loader of /lti/start. */
export function createLtiStartLoader() {
  return async ({ request }: LoaderFunctionArgs): Promise<LtiStartState> => {
    const launch = new URL(request.url).searchParams.get('launch');
    if (!launch) return { error: 'This launch link is incomplete. Open the tool again from your course.' };
    try {
      const { startPkce } = await import('../../lib/pkce');
      const challenge = await startPkce();
      browser.assign(`/lti/sign-on?${new URLSearchParams({ launch, ...challenge }).toString()}`);
      return { error: null };
    } catch {
      return { error: 'This browser cannot sign in here (no Web Crypto). Open the portal over https.' };
    }
  };
}
