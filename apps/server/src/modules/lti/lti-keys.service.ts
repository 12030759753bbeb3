/**
 * The LTI tool's own RSA keys (issue 26; LTI Core 1.3 §6 "Security framework"): the newest unretired
 * key signs the tool's messages (RS256), every usable key is published at /.well-known/jwks.json. A
 * rotation makes a new key and keeps the old ones verifying for LTI_KEY_RETIRE_AFTER_S, since
 * platforms cache the JWKS. Private keys are sealed at rest like the token signing keys (lib/secrets.ts).
 */
import crypto from 'node:crypto';
import {
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  type JWK,
  SignJWT,
  type JWTPayload,
} from 'jose';
import { LTI_KEY_RETIRE_AFTER_S } from '@portal/shared/schemas/lti';
import type { LtiToolKeys } from '@portal/shared/schemas/lti';
import type { Db } from '../../db/client.js';
import { openSecret, sealSecret, type SecretsKeyring } from '../../lib/secrets.js';
import * as repo from './lti-keys.repository.js';

export const LTI_ALGORITHM = 'RS256';
const contextOf = (kid: string) => `lti_key:${kid}`;

/** Makes a new key pair and stores it (sealed). */
async function addKey(db: Db, keyring: SecretsKeyring, now: Date): Promise<void> {
  const { publicKey, privateKey } = await generateKeyPair(LTI_ALGORITHM, {
    extractable: true,
    modulusLength: 2048,
  });
  const kid = crypto.randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: LTI_ALGORITHM, use: 'sig' };
  await repo.insertKey(db, {
    kid,
    privateKey: sealSecret(keyring, await exportPKCS8(privateKey), contextOf(kid)),
    publicJwk,
    createdAt: now,
  });
}

/** The usable keys, a first one made when there is none. */
async function usableKeys(db: Db, keyring: SecretsKeyring, now = new Date()): Promise<repo.LtiKeyRow[]> {
  const keys = await repo.listUsableKeys(db, now);
  if (keys.some((k) => k.retiredAt === null)) return keys;
  await addKey(db, keyring, now);
  return repo.listUsableKeys(db, now);
}

/** The public keys that verify the tool's messages, as a JWK Set (RFC 7517 §5). */
export async function toolJwks(db: Db, keyring: SecretsKeyring): Promise<{ keys: JWK[] }> {
  const keys = await usableKeys(db, keyring);
  return { keys: keys.map((k) => k.publicJwk as JWK) };
}

/**
 * Signs a message of the tool with the signing key (RS256, its `kid` in the header).
 * @throws SecretsKeyError when the stored key does not open with the configured SECRETS_KEY
 */
export async function signToolJwt(
  db: Db,
  keyring: SecretsKeyring,
  payload: JWTPayload,
  lifetimeS: number,
): Promise<string> {
  const signing = (await usableKeys(db, keyring)).find((k) => k.retiredAt === null)!;
  const context = contextOf(signing.kid);
  const opened = openSecret(keyring, signing.privateKey, context);
  if (opened.resealed)
    await repo.updatePrivateKey(db, {
      kid: signing.kid,
      from: signing.privateKey,
      to: sealSecret(keyring, opened.plain, context),
    });
  const key = await importPKCS8(opened.plain, LTI_ALGORITHM);
  const nowS = Math.floor(Date.now() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: LTI_ALGORITHM, kid: signing.kid, typ: 'JWT' })
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + lifetimeS)
    .sign(key);
}

/** The keys as admins see them: which signs, when the others retire. */
export async function listToolKeys(db: Db, keyring: SecretsKeyring): Promise<LtiToolKeys> {
  const keys = await usableKeys(db, keyring);
  return {
    items: keys.map((k) => ({
      kid: k.kid,
      createdAt: k.createdAt.toISOString(),
      retiresAt: k.retiredAt ? k.retiredAt.toISOString() : null,
      isSigning: k.retiredAt === null,
    })),
  };
}

/**
 * Rotates the tool key: a new key signs from now on; the keys that signed until now verify for
 * LTI_KEY_RETIRE_AFTER_S more, then leave the JWKS; keys past their time are deleted.
 */
export async function rotateToolKey(db: Db, keyring: SecretsKeyring, now = new Date()): Promise<LtiToolKeys> {
  await db.transaction(async (tx) => {
    await repo.deleteRetiredKeys(tx, now);
    await repo.retireActiveKeys(tx, new Date(now.getTime() + LTI_KEY_RETIRE_AFTER_S * 1000));
    await addKey(tx, keyring, now);
  });
  return listToolKeys(db, keyring);
}

/**
 * Seals every tool key again under the current SECRETS_KEY (run at start, like the token signing keys),
 * so that SECRETS_KEY_PREVIOUS can be dropped after one start.
 * @returns how many keys were written again
 * @throws SecretsKeyError when a stored key opens with none of the configured keys (the start stops)
 */
export async function resealToolKeys(db: Db, keyring: SecretsKeyring): Promise<number> {
  let count = 0;
  for (const row of await repo.listKeys(db)) {
    const context = contextOf(row.kid);
    const { plain, resealed } = openSecret(keyring, row.privateKey, context);
    if (!resealed) continue;
    await repo.updatePrivateKey(db, {
      kid: row.kid,
      from: row.privateKey,
      to: sealSecret(keyring, plain, context),
    });
    count += 1;
  }
  return count;
}
