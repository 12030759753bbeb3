/** Identity: sign-in, single-sign-on code exchange, the session's identity and permissions (001 §2–§4, §6). */
import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX } from '../limits.js';
import { PERMISSIONS } from '../permissions.js';

export const ClaimSchema = z.object({
  type: z.string(),
  value: z.string(),
  scopes: z.array(z.string()).optional(),
});

/** Identity carried by the access token (001 §3). */
export const IdentitySchema = z.object({
  subject: z.string(),
  displayName: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  provider: z.string(),
  exp: z.number().int(),
});
export type Identity = z.infer<typeof IdentitySchema>;

export const LoginFormSchema = z.object({
  email: z.email('Enter a valid e-mail address.').max(EMAIL_MAX),
  password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX),
  redirect: z.string().max(2048).optional(),
  referrer: z.string().max(2048).optional(),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

/** Exchange a single-use single-sign-on code (query `s`) for an access token. */
export const TokenRequestSchema = z.object({ code: z.string().min(16).max(256) });
export const TokenResponseSchema = z.object({
  accessToken: z.string(),
  /** Expiry, seconds since the epoch. */
  expiresAt: z.number().int(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** The entitlement endpoint: the session's identity, claims and derived flags. */
export const SessionResponseSchema = z.object({
  identity: IdentitySchema,
  claims: z.array(ClaimSchema),
  permissions: z.record(z.enum(PERMISSIONS), z.boolean()),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;
