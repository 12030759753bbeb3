/**
 * The PKCE verifier this tab keeps while it signs in (lib/pkce.ts makes it; issue 20), read once by the
 * entry guard when the code comes back in `?s=`. Apart from lib/pkce.ts so the app's entry stays small.
 */

/** The sessionStorage key of the verifier. */
export const PKCE_VERIFIER_KEY = 'portal.pkce-verifier';

/** The verifier of this tab's pending sign-in, removed as it is read (single use); null when none. */
export function takePkceVerifier(): string | null {
  try {
    const verifier = window.sessionStorage.getItem(PKCE_VERIFIER_KEY);
    window.sessionStorage.removeItem(PKCE_VERIFIER_KEY);
    return verifier;
  } catch {
    return null;
  }
}
