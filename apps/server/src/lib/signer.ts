/**
 * HMAC signers over a secret kept in the `setting` table (created once, shared by every instance through
 * the database): download links (files) and the digests' unsubscribe links (follows) each have their own
 * secret. With SECRETS_KEY set the secret is stored sealed (lib/secrets.ts, issue 20 "Keys at rest"); one
 * stored plain or under a key of SECRETS_KEY_PREVIOUS is sealed again under SECRETS_KEY here, at start.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { setting } from '../db/schema/identity.js';
import { NO_SECRETS_KEY, openSecret, sealSecret, type SecretsKeyring } from './secrets.js';

/** Bytes of a new secret. */
const SECRET_BYTES = 32;

/** Signs and checks a list of parts (joined by newlines) with HMAC-SHA-256; signatures are base64url. */
export interface Signer {
  sign(parts: string[]): string;
  /** In constant time. */
  verify(parts: string[], signature: string): boolean;
}

/**
 * The signer whose secret is the `setting` row `settingKey`, created on first use.
 * @param keyring config.secretsKeyring
 * @throws SecretsKeyError when the stored secret does not open with the keyring
 */
export async function createSettingSigner(
  db: Db,
  settingKey: string,
  keyring: SecretsKeyring = NO_SECRETS_KEY,
): Promise<Signer> {
  await db
    .insert(setting)
    .values({
      key: settingKey,
      value: sealSecret(keyring, crypto.randomBytes(SECRET_BYTES).toString('base64url'), settingKey),
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(setting).where(eq(setting.key, settingKey));
  const { plain, resealed } = openSecret(keyring, row!.value, settingKey);
  if (resealed) {
    // Only while it still holds the value read: another instance may have sealed it meanwhile.
    await db
      .update(setting)
      .set({ value: sealSecret(keyring, plain, settingKey) })
      .where(and(eq(setting.key, settingKey), eq(setting.value, row!.value)));
  }
  const key = Buffer.from(plain, 'base64url');
  const mac = (parts: string[]) => crypto.createHmac('sha256', key).update(parts.join('\n')).digest();
  return {
    sign: (parts) => mac(parts).toString('base64url'),
    verify(parts, signature) {
      const expected = mac(parts);
      const given = Buffer.from(signature, 'base64url');
      return given.length === expected.length && crypto.timingSafeEqual(given, expected);
    },
  };
}
