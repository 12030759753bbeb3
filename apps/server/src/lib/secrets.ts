/**
 * Secrets at rest (issue 20 "Keys at rest"): the access-token signing keys and the download-link
 * secret are stored sealed with AES-256-GCM under `SECRETS_KEY` (32 bytes), as
 * `v1:<iv>:<tag>:<ciphertext>` (each base64url; a 12-byte random IV, the 16-byte GCM tag). The sealed
 * value is bound to where it is kept (`context`, the additional authenticated data), so a sealed value
 * copied into another row does not open. A value stored before the key was set is plain and still
 * read; `resealed` tells the caller to write it again under the current key, which is also how a key
 * is rotated: the keys of `SECRETS_KEY_PREVIOUS` still open what they sealed, and each value is
 * written again under `SECRETS_KEY` at start.
 */
import crypto from 'node:crypto';

/** The version tag of the sealed form. */
const SEALED_PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bytes of an AES-256 key. */
export const SECRETS_KEY_BYTES = 32;

/** The keys secrets are sealed with: `current` seals (none: stored plain), every key opens. */
export interface SecretsKeyring {
  current: Buffer | null;
  previous: readonly Buffer[];
}

/** No SECRETS_KEY: secrets are stored plain (and sealed ones cannot be opened). */
export const NO_SECRETS_KEY: SecretsKeyring = { current: null, previous: [] };

/**
 * A key from its base64 text (`openssl rand -base64 32`).
 * @returns the 32 bytes, or undefined when the text is not base64 of exactly 32 bytes
 */
export function parseSecretsKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const bytes = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === SECRETS_KEY_BYTES ? bytes : undefined;
}

/** Whether a stored value is in the sealed form (else it is plain). */
export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

/**
 * Seals a secret under the current key; plain when no key is set.
 * @param context where the value is kept (e.g. `signing_key:<kid>`); opening needs the same
 */
export function sealSecret(keyring: SecretsKeyring, plain: string, context: string): string {
  if (!keyring.current) return plain;
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyring.current, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
  return `${SEALED_PREFIX}${parts.join(':')}`;
}

/** Why a stored secret could not be opened: the message names the variables to set. */
export class SecretsKeyError extends Error {
  constructor(context: string, hasKey: boolean) {
    super(
      hasKey
        ? `The secret stored as ${context} does not open with SECRETS_KEY or any key of SECRETS_KEY_PREVIOUS. ` +
            'Set SECRETS_KEY to the key it was sealed with (or list that key in SECRETS_KEY_PREVIOUS).'
        : `The secret stored as ${context} is encrypted, but SECRETS_KEY is not set. ` +
            'Set SECRETS_KEY to the key it was sealed with.',
    );
    this.name = 'SecretsKeyError';
  }
}

/** Opens a sealed value with one key; undefined when the key or context does not fit. */
function openWith(key: Buffer, sealed: string, context: string): string | undefined {
  const [iv, tag, ciphertext] = sealed
    .slice(SEALED_PREFIX.length)
    .split(':')
    .map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return undefined;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * Reads a stored secret: a plain value as it is, a sealed one opened with the current or a previous key.
 * @returns the secret, and whether it should be written again (plain while a key is set, sealed under
 *   a previous key, or sealed while no key is set)
 * @throws SecretsKeyError when no key opens it (a wrong SECRETS_KEY, or none set)
 */
export function openSecret(
  keyring: SecretsKeyring,
  stored: string,
  context: string,
): { plain: string; resealed: boolean } {
  if (!isSealed(stored)) return { plain: stored, resealed: keyring.current !== null };
  if (keyring.current) {
    const plain = openWith(keyring.current, stored, context);
    if (plain !== undefined) return { plain, resealed: false };
  }
  for (const key of keyring.previous) {
    const plain = openWith(key, stored, context);
    if (plain !== undefined) return { plain, resealed: true };
  }
  throw new SecretsKeyError(context, keyring.current !== null || keyring.previous.length > 0);
}
