/** Sealing secrets at rest (issue 20 "Keys at rest") and the SECRETS_KEY configuration. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { SecretsKeyError, isSealed, openSecret, parseSecretsKey, sealSecret } from './secrets.js';

const key = () => crypto.randomBytes(32);

describe('sealSecret and openSecret', () => {
  it('seals with AES-256-GCM as v1:<iv>:<tag>:<ciphertext>, a new IV each time, and opens it again', () => {
    const keyring = { current: key(), previous: [] };
    const a = sealSecret(keyring, 'the-secret', 'signing_key:k-1');
    const b = sealSecret(keyring, 'the-secret', 'signing_key:k-1');
    expect(a).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('the-secret');
    expect(openSecret(keyring, a, 'signing_key:k-1')).toEqual({ plain: 'the-secret', resealed: false });
  });

  it('refuses a sealed value moved to another place, or altered by one bit', () => {
    const keyring = { current: key(), previous: [] };
    const sealed = sealSecret(keyring, 'the-secret', 'signing_key:k-1');
    expect(() => openSecret(keyring, sealed, 'signing_key:k-2')).toThrow(SecretsKeyError);
    // One bit of the ciphertext flipped (the last base64url character may carry only padding bits).
    const parts = sealed.split(':');
    const cipher = Buffer.from(parts[3]!, 'base64url');
    cipher[0] = cipher[0]! ^ 1;
    const altered = [...parts.slice(0, 3), cipher.toString('base64url')].join(':');
    expect(() => openSecret(keyring, altered, 'signing_key:k-1')).toThrow(SecretsKeyError);
  });

  it('reads plain values, asking to seal them once a key is set', () => {
    expect(openSecret({ current: null, previous: [] }, 'plain', 'x')).toEqual({
      plain: 'plain',
      resealed: false,
    });
    expect(openSecret({ current: key(), previous: [] }, 'plain', 'x')).toEqual({
      plain: 'plain',
      resealed: true,
    });
    expect(sealSecret({ current: null, previous: [] }, 'plain', 'x')).toBe('plain');
  });

  it('opens with a previous key and asks to seal again under the current one', () => {
    const old = key();
    const sealed = sealSecret({ current: old, previous: [] }, 's', 'x');
    expect(openSecret({ current: key(), previous: [key(), old] }, sealed, 'x')).toEqual({
      plain: 's',
      resealed: true,
    });
    expect(() => openSecret({ current: key(), previous: [] }, sealed, 'x')).toThrow(/SECRETS_KEY/);
    expect(() => openSecret({ current: null, previous: [] }, sealed, 'x')).toThrow(/SECRETS_KEY is not set/);
    expect(isSealed(sealed)).toBe(true);
  });
});

describe('SECRETS_KEY in the configuration', () => {
  const load = (env: Record<string, string>) =>
    loadConfig({ LOG_LEVEL: 'silent', ...env } as NodeJS.ProcessEnv);

  it('takes 32 bytes in base64 (openssl rand -base64 32), and earlier keys comma separated', () => {
    const current = key();
    const previous = [key(), key()];
    const config = load({
      SECRETS_KEY: current.toString('base64'),
      SECRETS_KEY_PREVIOUS: previous.map((k) => k.toString('base64url')).join(' , '),
    });
    expect(config.secretsKeyring.current!.equals(current)).toBe(true);
    expect(config.secretsKeyring.previous.map((k) => k.toString('hex'))).toEqual(
      previous.map((k) => k.toString('hex')),
    );
    expect(load({}).secretsKeyring).toEqual({ current: null, previous: [] });
  });

  it.each([
    ['too short', crypto.randomBytes(16).toString('base64')],
    ['too long', crypto.randomBytes(33).toString('base64')],
    ['not base64', 'a passphrase of more than thirty-two characters!'],
    ['hex', crypto.randomBytes(32).toString('hex')],
  ])('refuses a malformed key (%s), naming the variable', (_, value) => {
    expect(() => load({ SECRETS_KEY: value })).toThrow(/SECRETS_KEY: must be 32 bytes in base64/);
    expect(() => load({ SECRETS_KEY_PREVIOUS: `${key().toString('base64')},${value}` })).toThrow(
      /SECRETS_KEY_PREVIOUS: each key must be 32 bytes in base64/,
    );
  });

  it('parses the key as openssl writes it', () => {
    const bytes = key();
    expect(parseSecretsKey(`${bytes.toString('base64')}\n`)!.equals(bytes)).toBe(true);
  });
});
