/**
 * Single-use sign-on codes (001 §2, §4; DESIGN.md "Sign-in"; issues 5, 9, 20): issued with their
 * audience and, for the portal, bound to a PKCE challenge (RFC 7636); exchanged once for an access
 * token; and the exercise area's single sign-on code.
 */
import crypto from 'node:crypto';
import { AppError } from '@portal/shared/errors';
import { SSO_CODE_TTL_S } from '@portal/shared/limits';
import type { TokenAudience, TokenResponse } from '@portal/shared/schemas/identity';
import type { Db } from '../../db/client.js';
import { consumeSsoCode, deleteExpiredSsoCodes, insertSsoCode } from './sso-codes.repository.js';
import { issueToken, newSecretToken, sha256, takeUpInvitations } from './identity.service.js';
import type { Session } from './session.js';
import type { TokenSigner } from './tokens.js';

/**
 * Issues a single-use sign-on code for an account, valid SSO_CODE_TTL_S seconds.
 * @param code.audience who may exchange it: `portal` (POST /auth/token) or `exercise-area` (the range UI)
 * @param code.codeChallenge the PKCE S256 challenge the app sent with the sign-in (RFC 7636): the code is
 *   then exchanged only with its verifier. Required for a portal code; null for the exercise area,
 *   whose range UI is not the client that made a verifier.
 * @param code.signedInAt when the session it continues signed in (seconds); default now (a new sign-in)
 * @throws Error when a portal code is asked for without a challenge (a code nobody could exchange)
 */
export async function issueSsoCode(
  db: Db,
  code: { accountId: string; audience: TokenAudience; codeChallenge: string | null; signedInAt?: number },
  now = new Date(),
): Promise<string> {
  if (code.audience === 'portal' && !code.codeChallenge)
    throw new Error('a portal sign-on code needs a PKCE code challenge');
  const secret = newSecretToken();
  await insertSsoCode(db, {
    codeHash: sha256(secret),
    accountId: code.accountId,
    audience: code.audience,
    signedInAt: code.signedInAt === undefined ? now : new Date(code.signedInAt * 1000),
    expiresAt: new Date(now.getTime() + SSO_CODE_TTL_S * 1000),
    codeChallenge: code.codeChallenge,
  });
  // Housekeeping now and then: codes are useless a minute after they were made.
  if (Math.random() < 0.05) await deleteExpiredSsoCodes(db, new Date(now.getTime() - 3_600_000));
  return secret;
}

/** The PKCE S256 challenge of a verifier (RFC 7636 §4.2): base64url(SHA-256(ASCII(verifier))), unpadded. */
export const s256Challenge = (verifier: string) =>
  crypto.createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** Whether a verifier answers a stored challenge; compared in constant time (RFC 7636 §4.6). */
function isVerifierOf(challenge: string, verifier: string | undefined): boolean {
  if (verifier === undefined) return false;
  const expected = Buffer.from(challenge);
  const actual = Buffer.from(s256Challenge(verifier));
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

/**
 * Exchanges a sign-on code for an access token of the code's own audience (001 §2 entry guard, query
 * `s`; issues 9 and 20): a code minted for the exercise area never buys a portal token, nor the
 * reverse, and a code minted with a PKCE challenge (every portal code) is exchanged only with the
 * verifier whose S256 matches it (RFC 7636 §4.6), so a code read from an address bar or a log buys
 * nothing. The code is used up by the attempt whatever its outcome: a wrong or missing verifier, or
 * the wrong audience, spends it. The token carries the code's sign-in time.
 * @param exchange.audience the audience asked for (default `portal`)
 * @param exchange.codeVerifier the PKCE verifier (RFC 7636 §4.5)
 * @throws AppError unauthenticated when the code is unknown, used, expired (SSO_CODE_TTL_S), of another
 *   audience, its verifier is missing or wrong, or the account has no role
 */
export async function exchangeSsoCode(
  db: Db,
  tokens: TokenSigner,
  exchange: { code: string; audience?: TokenAudience; codeVerifier?: string },
): Promise<TokenResponse> {
  const audience = exchange.audience ?? 'portal';
  const used = await consumeSsoCode(db, sha256(exchange.code), new Date());
  const isAnswered =
    used !== undefined &&
    used.audience === audience &&
    (used.codeChallenge === null
      ? audience !== 'portal'
      : isVerifierOf(used.codeChallenge, exchange.codeVerifier));
  if (!used || !isAnswered)
    throw new AppError(
      'unauthenticated',
      'This sign-in link has expired or was already used. Please log in again.',
    );
  if (audience === 'portal') await takeUpInvitations(db, used.accountId);
  return issueToken(db, {
    tokens,
    accountId: used.accountId,
    grant: {
      audience,
      signedInAt: Math.floor(used.signedInAt.getTime() / 1000),
    },
  });
}

/**
 * A single-sign-on code for the exercise area (001 §2 /exercises): its audience is the exercise area,
 * so only the range UI's exchange takes it, and it continues this session (same sign-in time). Not
 * while impersonating: the range UI would get a plain session of the other user, without the record of
 * who acts.
 * @param rangeUiUrl the configured exercise area, or null
 * @throws AppError not_found when no exercise area is configured; conflict while impersonating
 */
export async function issueExerciseAreaCode(
  db: Db,
  session: Session,
  rangeUiUrl: string | null,
): Promise<{ code: string }> {
  if (!rangeUiUrl) throw new AppError('not_found', EXERCISE_AREA_NOT_CONFIGURED);
  if (session.actor)
    throw new AppError('conflict', 'Stop acting as another user before opening the exercise area.');
  const code = await issueSsoCode(db, {
    accountId: session.accountId!,
    audience: 'exercise-area',
    codeChallenge: null,
    signedInAt: session.signedInAt ?? undefined,
  });
  return { code };
}

/** Said when the exercise area is asked for and RANGE_UI_URL is not set. */
export const EXERCISE_AREA_NOT_CONFIGURED = 'The exercise area is not configured.';
