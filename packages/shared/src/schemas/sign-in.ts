/**
 * The sign-in part of the identity contract (001 §2 /login; DESIGN.md "Sign-in"; issue 20): the form of
 * the built-in sign-in page, its PKCE fields, and the code exchange's request. The server parses them;
 * the web app needs their types only, so they stay out of the app's first load.
 */
import { z } from 'zod';
import { PASSWORD_MAX, PKCE_VERIFIER_MAX, PKCE_VERIFIER_MIN } from '../limits.js';
import { EmailSchema, ReturnAddressSchema, TokenAudienceSchema } from './identity.js';

/**
 * PKCE (RFC 7636 §4.1–4.3, S256 only, as OAuth 2.1 asks): the app keeps a random `code_verifier` and
 * sends the sign-in page `code_challenge` = base64url(SHA-256(verifier)), without padding (43
 * characters), with `code_challenge_method=S256`. The sign-on code is then exchanged only with the
 * verifier, so a code that leaks (an address bar, a log, a Referer) buys nothing.
 */
export const CodeVerifierSchema = z
  .string()
  .min(PKCE_VERIFIER_MIN)
  .max(PKCE_VERIFIER_MAX)
  .regex(/^[A-Za-z0-9._~-]+$/);
export const CodeChallengeSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);
export const CodeChallengeMethodSchema = z.literal('S256');
/** The PKCE fields the app hands the sign-in page (query of GET /auth/login, hidden fields of its form). */
export const CodeChallengeParamsSchema = z.object({
  code_challenge: CodeChallengeSchema,
  code_challenge_method: CodeChallengeMethodSchema,
});
export type CodeChallengeParams = z.infer<typeof CodeChallengeParamsSchema>;

/** The form of the built-in sign-in page (/auth/login): the fields typed, the return addresses and PKCE. */
export const LoginFormSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX),
  redirect: ReturnAddressSchema,
  referrer: ReturnAddressSchema,
  code_challenge: CodeChallengeSchema.optional(),
  code_challenge_method: CodeChallengeMethodSchema.optional(),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

/**
 * Exchange a single-use single-sign-on code (query `s`) for an access token of the code's audience:
 * the portal's entry guard asks for `portal` (the default) and sends the PKCE `code_verifier` it made
 * before sending the browser to sign in (required for a portal code); the range UI asks for
 * `exercise-area`.
 */
export const TokenRequestSchema = z.object({
  code: z.string().min(16).max(256),
  audience: TokenAudienceSchema.optional(),
  code_verifier: CodeVerifierSchema.optional(),
});
export type TokenRequest = z.infer<typeof TokenRequestSchema>;
