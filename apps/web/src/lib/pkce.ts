/**
 * PKCE for the app's sign-in (RFC 7636, S256; issue 20): before the browser leaves for the sign-in page
 * the app makes a random code verifier and keeps it in this tab's sessionStorage; the sign-in page gets
 * only its challenge, and the entry guard sends the verifier with the code that comes back in `?s=`.
 * A code read from an address bar, a log or a Referer is worthless without the verifier. This module
 * loads with /login; the entry guard reads the verifier through the smaller `pkce-verifier.ts`.
 */
import { PKCE_VERIFIER_MIN } from '@portal/shared/limits';
import type { CodeChallengeParams } from '@portal/shared/schemas/sign-in';
import { PKCE_VERIFIER_KEY } from './pkce-verifier';

/** base64url without padding (RFC 4648 §5), as RFC 7636 asks for the verifier and the challenge. */
function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '');
}

/** The S256 challenge of a verifier: base64url(SHA-256(verifier)), 43 characters. */
export async function s256Challenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

/**
 * Starts a sign-in: a new verifier (32 random bytes from Web Crypto, 43 base64url characters) replaces
 * any earlier one of this tab.
 * @returns the query the sign-in page takes: `code_challenge` and `code_challenge_method=S256`
 * @throws when Web Crypto's digest is unavailable (a page served over plain http from a host other
 *   than localhost)
 */
export async function startPkce(): Promise<CodeChallengeParams> {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  if (verifier.length < PKCE_VERIFIER_MIN) throw new Error('The code verifier is too short.');
  const challenge = await s256Challenge(verifier);
  window.sessionStorage.setItem(PKCE_VERIFIER_KEY, verifier);
  return { code_challenge: challenge, code_challenge_method: 'S256' };
}
