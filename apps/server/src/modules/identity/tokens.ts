/**
 * Access tokens (DESIGN.md "Sign-in"): HS256 JWTs of one hour carrying subject, displayName, email,
 * picture, provider and exp. The key comes from JWT_SECRET, or is generated once and kept in the
 * database, so every instance signs and verifies alike.
 */
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '@portal/shared/errors';
import { ACCESS_TOKEN_TTL_S } from '@portal/shared/limits';
import type { Identity } from '@portal/shared/schemas/identity';
import type { Db } from '../../db/client.js';
import { setting } from '../../db/schema/identity.js';

export const TOKEN_PROVIDER = 'portal';
const ISSUER = 'range-portal';
const KEY_SETTING = 'jwt-secret';

export interface TokenSigner {
  sign(identity: Omit<Identity, 'exp' | 'provider'>, nowS?: number): Promise<{ token: string; exp: number }>;
  /** @throws AppError unauthenticated for any token that is forged, expired or malformed */
  verify(token: string): Promise<Identity>;
}

/** Loads (or creates once) the signing key and returns a signer. */
export async function createTokenSigner(db: Db, secret: string | undefined): Promise<TokenSigner> {
  let keyText = secret;
  if (!keyText) {
    const fresh = crypto.randomBytes(48).toString('base64url');
    await db.insert(setting).values({ key: KEY_SETTING, value: fresh }).onConflictDoNothing();
    const [row] = await db.select().from(setting).where(eq(setting.key, KEY_SETTING));
    keyText = row!.value;
  }
  const key = new TextEncoder().encode(keyText);
  return {
    async sign(identity, nowS = Math.floor(Date.now() / 1000)) {
      const exp = nowS + ACCESS_TOKEN_TTL_S;
      const token = await new SignJWT({
        displayName: identity.displayName,
        email: identity.email,
        picture: identity.picture,
        provider: TOKEN_PROVIDER,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(identity.subject)
        .setIssuer(ISSUER)
        .setIssuedAt(nowS)
        .setExpirationTime(exp)
        .sign(key);
      return { token, exp };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw new Error('incomplete');
        return {
          subject: payload.sub,
          displayName: String(payload.displayName ?? ''),
          email: String(payload.email ?? ''),
          picture: typeof payload.picture === 'string' ? payload.picture : null,
          provider: String(payload.provider ?? TOKEN_PROVIDER),
          exp: payload.exp,
        };
      } catch (error) {
        const expired = error instanceof joseErrors.JWTExpired;
        throw new AppError('unauthenticated', expired ? 'jwt expired' : 'The access token is not valid.');
      }
    },
  };
}
