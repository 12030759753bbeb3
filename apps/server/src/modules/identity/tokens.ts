/**
 * Access tokens (DESIGN.md "Sign-in", issue 5): HS256 JWTs of one hour carrying subject, displayName,
 * email, picture, provider, exp and a unique jti, and `act` (the admin) while impersonating (001 §4).
 * Issue 9: each names its audience in `aud` (`portal`, or `exercise-area` for the range UI's tokens; a
 * token is accepted only by its own audience), the sign-in it descends from in `auth_time` (seconds),
 * and its issue time in milliseconds in `iat_ms` (compared with the account's "tokens valid after").
 * No token outlives its sign-in by more than the session's absolute lifetime: `exp` is capped there,
 * and verify refuses a token whose sign-in is older.
 *
 * Keys: each token names its key in the header (`kid`). By default the keys live in the table
 * `signing_key` (in the data directory's database, shared by every instance): the newest active key
 * signs, and older keys keep verifying until they retire, so `rotate()` signs no one out. With
 * JWT_SECRET the key comes from the environment instead (JWT_SECRET_PREVIOUS keeps earlier values
 * verifying); the database keys still verify until they retire, so switching signs no one out either.
 *
 * With SECRETS_KEY set, each key's secret is stored sealed (lib/secrets.ts, issue 20 "Keys at rest");
 * at start every key stored plain, or sealed under a key of SECRETS_KEY_PREVIOUS, is sealed again under
 * SECRETS_KEY, and a key that no configured key opens stops the start with a message saying so.
 *
 * Every instance caches the keys and reloads them after KEY_CACHE_MS, or at once (at most every
 * UNKNOWN_KID_RELOAD_MS) when a token names a key it does not know — another instance rotated.
 */
import crypto from 'node:crypto';
import { SignJWT, decodeProtectedHeader, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '@portal/shared/errors';
import { ACCESS_TOKEN_TTL_S, SESSION_MAX_AGE_DAYS_DEFAULT } from '@portal/shared/limits';
import type { Actor, Identity, TokenAudience } from '@portal/shared/schemas/identity';
import type { Db } from '../../db/client.js';
import { NO_SECRETS_KEY, openSecret, sealSecret, type SecretsKeyring } from '../../lib/secrets.js';
import {
  deleteRetiredSigningKeys,
  findLegacyJwtSecret,
  insertSigningKey,
  listUsableSigningKeys,
  listSigningKeys,
  retireSigningKeys,
  updateSigningKeySecret,
  type SigningKeyRow,
} from './signing-keys.repository.js';

/** The fixed provider identifier of our own tokens (001 §4 Session). */
export const TOKEN_PROVIDER = 'portal';
const ISSUER = 'range-portal';
const ALGORITHM = 'HS256';
/** Key id of the key that signed tokens before keys had ids; tokens without `kid` name it. */
const LEGACY_KID = 'legacy';
const KEY_CACHE_MS = 60_000;
const UNKNOWN_KID_RELOAD_MS = 5_000;
/**
 * A rotated-out key still verifies for one token lifetime plus the time other instances may keep
 * signing with it before their cache reloads, with a margin.
 */
export const KEY_RETIREMENT_DELAY_MS = (ACCESS_TOKEN_TTL_S + 300) * 1000;

/**
 * A verified token: the identity it carries and, while impersonating, the admin acting; when its
 * sign-in happened (`signedInAt`, seconds) and when it was issued (`issuedAtMs`).
 */
export type VerifiedToken = Identity & {
  actor: Actor | null;
  audience: TokenAudience;
  signedInAt: number;
  issuedAtMs: number;
};

/** What a token is signed with besides the identity. */
export interface SignOptions {
  /** The admin acting as this user (impersonation). */
  actor?: Actor | null;
  /** Default `portal`. */
  audience?: TokenAudience;
  /** When the session's sign-in happened, in seconds; default now (a new sign-in). */
  signedInAt?: number;
}

export interface SigningKeyInfo {
  kid: string;
  source: 'database' | 'environment';
  createdAt: string | null;
  retiresAt: string | null;
  isSigning: boolean;
}

export interface TokenSigner {
  /**
   * Signs a token valid ACCESS_TOKEN_TTL_S seconds from `nowS`.
   * @param options.actor the admin acting as this user (impersonation)
   */
  sign(
    identity: Omit<Identity, 'exp' | 'provider'>,
    nowS?: number,
    options?: SignOptions,
  ): Promise<{ token: string; exp: number }>;
  /**
   * @param audience the audience the token must name (default `portal`)
   * @throws AppError unauthenticated for any token that is forged, expired, retired, malformed, of
   *   another audience or older than the session's absolute lifetime ('jwt expired' when expired)
   */
  verify(token: string, audience?: TokenAudience): Promise<VerifiedToken>;
  /** The session's absolute lifetime, in seconds (SESSION_MAX_AGE_DAYS). */
  readonly sessionMaxAgeS: number;
  /**
   * Makes a new key the signing key; the keys before it retire after KEY_RETIREMENT_DELAY_MS.
   * @throws AppError conflict when the key comes from JWT_SECRET (rotate that in the environment)
   */
  rotate(now?: Date): Promise<{ kid: string }>;
  /** The keys that verify, without their secrets. */
  list(): Promise<SigningKeyInfo[]>;
}

interface LoadedKey {
  kid: string;
  key: Uint8Array;
  source: 'database' | 'environment';
  createdAt: Date | null;
  retiredAt: Date | null;
}

const encode = (secret: string) => new TextEncoder().encode(secret);
const envKid = (secret: string) =>
  `env-${crypto.createHash('sha256').update(secret).digest('base64url').slice(0, 16)}`;
const newSecret = () => crypto.randomBytes(48).toString('base64url');
const newKid = () => `k-${crypto.randomBytes(9).toString('base64url')}`;

/** Where a signing key's secret is kept, bound into its sealed form. */
const keyContext = (kid: string) => `signing_key:${kid}`;

function fromRow(row: SigningKeyRow, keyring: SecretsKeyring): LoadedKey {
  return {
    kid: row.kid,
    key: encode(openSecret(keyring, row.secret, keyContext(row.kid)).plain),
    source: 'database',
    createdAt: row.createdAt,
    retiredAt: row.retiredAt,
  };
}

function refused(message = 'The access token is not valid.'): AppError {
  return new AppError('unauthenticated', message);
}

/**
 * Loads the keys (creating the first database key when there is none and no JWT_SECRET) and returns a
 * signer. A key the old single-key setting held is adopted as the `legacy` key. Stored keys are sealed
 * again under the keyring's current key first (resealSigningKeys).
 * @param keyring SECRETS_KEY and SECRETS_KEY_PREVIOUS (config.secretsKeyring)
 * @throws SecretsKeyError when a stored key does not open with the keyring
 */
export async function createTokenSigner(
  db: Db,
  {
    secret,
    previousSecrets = [],
    sessionMaxAgeS = SESSION_MAX_AGE_DAYS_DEFAULT * 86_400,
    keyring = NO_SECRETS_KEY,
  }: {
    secret: string | undefined;
    previousSecrets?: readonly string[];
    sessionMaxAgeS?: number;
    keyring?: SecretsKeyring;
  },
): Promise<TokenSigner> {
  const seal = (kid: string, plain: string) => ({ kid, secret: sealSecret(keyring, plain, keyContext(kid)) });
  const envKeys: LoadedKey[] = secret
    ? [secret, ...previousSecrets].map((s) => ({
        kid: envKid(s),
        key: encode(s),
        source: 'environment' as const,
        createdAt: null,
        retiredAt: null,
      }))
    : [];

  let keys = new Map<string, LoadedKey>();
  let loadedAt = 0;
  let lastUnknownReload = 0;

  async function load(now = new Date()): Promise<void> {
    let rows = await listUsableSigningKeys(db, now);
    if (rows.length === 0 && !secret) {
      // First start: adopt the key of the old single-key setting (so its tokens stay valid), else make one.
      const legacy = await findLegacyJwtSecret(db);
      await insertSigningKey(db, legacy ? seal(LEGACY_KID, legacy) : seal(newKid(), newSecret()));
      rows = await listUsableSigningKeys(db, now);
    }
    const next = new Map<string, LoadedKey>();
    for (const row of rows) next.set(row.kid, fromRow(row, keyring));
    for (const key of envKeys) next.set(key.kid, key);
    keys = next;
    loadedAt = Date.now();
  }

  async function fresh(): Promise<Map<string, LoadedKey>> {
    if (Date.now() - loadedAt > KEY_CACHE_MS) await load();
    return keys;
  }

  /** With JWT_SECRET its key signs; otherwise the newest active database key. */
  async function signingKey(): Promise<LoadedKey> {
    if (envKeys[0]) return envKeys[0];
    const all = [...(await fresh()).values()].filter((k) => k.source === 'database' && !k.retiredAt);
    all.sort(
      (a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0) || a.kid.localeCompare(b.kid),
    );
    if (!all[0]) {
      await load();
      return signingKey();
    }
    return all[0];
  }

  async function keyFor(kid: string): Promise<LoadedKey | undefined> {
    let found = (await fresh()).get(kid);
    if (!found && Date.now() - lastUnknownReload > UNKNOWN_KID_RELOAD_MS) {
      lastUnknownReload = Date.now();
      await load();
      found = keys.get(kid);
    }
    if (found?.retiredAt && found.retiredAt.getTime() <= Date.now()) return undefined;
    return found;
  }

  await resealSigningKeys(db, keyring);
  await load();

  return {
    sessionMaxAgeS,

    async sign(identity, nowS, options = {}) {
      const key = await signingKey();
      const issuedAtMs = nowS === undefined ? Date.now() : nowS * 1000;
      const iat = Math.floor(issuedAtMs / 1000);
      const signedInAt = options.signedInAt ?? iat;
      // Never past the session's absolute end, however often it is refreshed.
      const exp = Math.min(iat + ACCESS_TOKEN_TTL_S, signedInAt + sessionMaxAgeS);
      const payload: Record<string, unknown> = {
        displayName: identity.displayName,
        email: identity.email,
        picture: identity.picture,
        provider: TOKEN_PROVIDER,
        auth_time: signedInAt,
        iat_ms: issuedAtMs,
      };
      if (options.actor) {
        payload.act = {
          sub: options.actor.subject,
          displayName: options.actor.displayName,
          email: options.actor.email,
        };
      }
      const token = await new SignJWT(payload)
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: key.kid })
        .setSubject(identity.subject)
        // A unique id (RFC 7519 jti): two tokens signed in the same second still differ.
        .setJti(crypto.randomUUID())
        .setIssuer(ISSUER)
        .setAudience(options.audience ?? 'portal')
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key.key);
      return { token, exp };
    },

    async verify(token, audience = 'portal') {
      let kid: string;
      try {
        const header = decodeProtectedHeader(token);
        // Only our algorithm: refuses `alg: none` and key-confusion tricks before any key is touched.
        if (header.alg !== ALGORITHM) throw refused();
        kid = typeof header.kid === 'string' ? header.kid : LEGACY_KID;
      } catch {
        throw refused();
      }
      if (kid.length > 64) throw refused();
      const key = await keyFor(kid);
      if (!key) throw refused();
      try {
        const { payload } = await jwtVerify(token, key.key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience,
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw new Error('incomplete');
        const signedInAt = payload.auth_time;
        const issuedAtMs = payload.iat_ms;
        if (typeof signedInAt !== 'number' || typeof issuedAtMs !== 'number') throw new Error('incomplete');
        if (Date.now() / 1000 > signedInAt + sessionMaxAgeS)
          throw new joseErrors.JWTExpired('session ended', payload);
        const act = payload.act as Record<string, unknown> | undefined;
        const actor =
          act && typeof act === 'object' && typeof act.sub === 'string'
            ? { subject: act.sub, displayName: String(act.displayName ?? ''), email: String(act.email ?? '') }
            : null;
        return {
          subject: payload.sub,
          displayName: String(payload.displayName ?? ''),
          email: String(payload.email ?? ''),
          picture: typeof payload.picture === 'string' ? payload.picture : null,
          provider: String(payload.provider ?? TOKEN_PROVIDER),
          exp: payload.exp,
          actor,
          audience,
          signedInAt,
          issuedAtMs,
        };
      } catch (error) {
        throw refused(error instanceof joseErrors.JWTExpired ? 'jwt expired' : undefined);
      }
    },

    async rotate(now = new Date()) {
      if (secret) {
        throw new AppError(
          'conflict',
          'The signing key comes from JWT_SECRET: set JWT_SECRET_PREVIOUS to the old value and JWT_SECRET to a new one.',
        );
      }
      const kid = newKid();
      await db.transaction(async (tx) => {
        await retireSigningKeys(tx, new Date(now.getTime() + KEY_RETIREMENT_DELAY_MS));
        await insertSigningKey(tx, seal(kid, newSecret()), now);
        await deleteRetiredSigningKeys(tx, now);
      });
      await load(now);
      return { kid };
    },

    async list() {
      await load();
      const signing = await signingKey();
      return [...keys.values()].map((k) => ({
        kid: k.kid,
        source: k.source,
        createdAt: k.createdAt?.toISOString() ?? null,
        retiresAt: k.retiredAt?.toISOString() ?? null,
        isSigning: k.kid === signing.kid,
      }));
    },
  };
}

/**
 * Deletes the keys past their retirement, then seals every stored signing key under the keyring's current key when it is plain or sealed under a
 * previous key (written before SECRETS_KEY was set, or before it was rotated); with no current key, a
 * key sealed under a previous one is written plain. Safe to run on several instances at once: a row is
 * rewritten only while it still holds the value read.
 * @throws SecretsKeyError when a stored key does not open with the keyring
 */
export async function resealSigningKeys(db: Db, keyring: SecretsKeyring, now = new Date()): Promise<number> {
  // Keys past their retirement never verify again: they go rather than being opened.
  await deleteRetiredSigningKeys(db, now);
  let count = 0;
  for (const row of await listSigningKeys(db)) {
    const { plain, resealed } = openSecret(keyring, row.secret, keyContext(row.kid));
    if (!resealed) continue;
    const next = sealSecret(keyring, plain, keyContext(row.kid));
    if (await updateSigningKeySecret(db, { kid: row.kid, from: row.secret, to: next })) count += 1;
  }
  return count;
}
