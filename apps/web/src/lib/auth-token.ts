/**
 * The access token of the session (001 §4 Session): kept in localStorage so a reload stays signed in,
 * and observable so the shell re-renders when it appears or goes (sign-in, logout, expiry, a 401).
 *
 * Expiry is kept by the browser's own clock: a token given with `expiresIn` seconds expires that long
 * after it arrived, whatever the difference between this clock and the server's. A token counts only
 * while now < expiry − TOKEN_EXPIRY_SKEW_S; a timer drops it at that moment.
 *
 * Impersonation (001 §4): while an admin acts as another user, the admin's own token and the path to
 * return to are kept beside it, and restored on exit.
 */
import { ACCESS_TOKEN_TTL_S, TOKEN_EXPIRY_SKEW_S } from '@portal/shared/limits';
import type { TokenResponse } from '@portal/shared/schemas/identity';

const STORAGE_KEY = 'portal.session';
const ORIGINAL_KEY = 'portal.session.original';

/** The stored token and its expiry (seconds since the epoch, by this browser's clock). */
export interface StoredToken {
  accessToken: string;
  expiresAt: number;
}

/** The admin's own token and the path to return to, while impersonating. */
export interface StoredImpersonation {
  token: StoredToken;
  path: string;
}

// What this browser wrote itself, checked by hand: the module runs before a page's first paint, where
// zod is not loaded (issue 22).
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isStoredToken(value: unknown): value is StoredToken {
  return (
    isRecord(value) &&
    typeof value['accessToken'] === 'string' &&
    value['accessToken'].length > 0 &&
    typeof value['expiresAt'] === 'number'
  );
}

function isStoredImpersonation(value: unknown): value is StoredImpersonation {
  return isRecord(value) && isStoredToken(value['token']) && typeof value['path'] === 'string';
}

const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

/** Milliseconds left before the token stops counting (may be negative). */
function msLeft(token: StoredToken): number {
  return (token.expiresAt - TOKEN_EXPIRY_SKEW_S) * 1000 - Date.now();
}

function read<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (isValid(value)) return value;
    window.localStorage.removeItem(key);
  } catch {
    // Storage unavailable (private mode) or corrupt: behave as signed out.
  }
  return null;
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Kept in memory only.
  }
}

function readStorage(): StoredToken | null {
  const token = read(STORAGE_KEY, isStoredToken);
  if (token && msLeft(token) > 0) return token;
  write(STORAGE_KEY, null);
  return null;
}

let current: StoredToken | null = readStorage();
let original: StoredImpersonation | null = current ? read(ORIGINAL_KEY, isStoredImpersonation) : null;
scheduleExpiry();

function emit(): void {
  for (const listener of listeners) listener();
}

function scheduleExpiry(): void {
  if (expiryTimer !== undefined) clearTimeout(expiryTimer);
  expiryTimer = undefined;
  if (!current) return;
  // setTimeout holds at most 2^31−1 ms; tokens live an hour, so this is only a guard.
  const delay = Math.min(Math.max(msLeft(current), 0), 2_147_483_647);
  expiryTimer = setTimeout(() => {
    if (current && msLeft(current) <= 0) clearAccessToken();
    else scheduleExpiry();
  }, delay);
}

/** A token response as stored: its expiry by this browser's clock. */
function toStored(token: TokenResponse): StoredToken {
  return { accessToken: token.accessToken, expiresAt: Date.now() / 1000 + token.expiresIn };
}

/** The bearer token to send, or null when signed out or expired (checked against the clock). */
export function getAccessToken(): string | null {
  if (current && msLeft(current) <= 0) clearAccessToken();
  return current?.accessToken ?? null;
}

/** Seconds until the token expires (by this browser's clock), or null without one. */
export function getAccessTokenSecondsLeft(): number | null {
  return current ? current.expiresAt - Date.now() / 1000 : null;
}

/** Stores a token obtained from the sign-in service (exchange, refresh, impersonation). */
export function setAccessToken(token: TokenResponse): void {
  current = toStored(token);
  write(STORAGE_KEY, current);
  scheduleExpiry();
  emit();
}

/**
 * Stores a bearer token given in the address (001 §2 entry guard, query `t`). Its lifetime is read from
 * its own claims; a token that cannot be read, or has expired, is not stored.
 * @returns whether it was stored
 */
export function setAccessTokenFromJwt(jwt: string): boolean {
  const payload = decodeJwtPayload(jwt);
  if (!payload || typeof payload.exp !== 'number') return false;
  // The time left by this clock, but never more than the token's own lifetime.
  const lifetime = typeof payload.iat === 'number' ? payload.exp - payload.iat : ACCESS_TOKEN_TTL_S;
  const expiresIn = Math.min(lifetime, ACCESS_TOKEN_TTL_S, payload.exp - Date.now() / 1000);
  if (!(expiresIn > 0)) return false;
  setAccessToken({ accessToken: jwt, expiresAt: payload.exp, expiresIn: Math.floor(expiresIn) });
  return true;
}

/** The claims of a JWT, unverified (the server verifies every request). */
export function decodeJwtPayload(jwt: string): Record<string, unknown> | null {
  const part = jwt.split('.')[1];
  if (!part || !/^[A-Za-z0-9_-]+$/.test(part)) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = decodeURIComponent(
      [...atob(base64)].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join(''),
    );
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Forgets the tokens, the admin's kept one included (logout, expiry, or a refused token). */
export function clearAccessToken(): void {
  const had = current !== null || original !== null;
  current = null;
  original = null;
  write(STORAGE_KEY, null);
  write(ORIGINAL_KEY, null);
  scheduleExpiry();
  if (had) emit();
}

/**
 * Starts acting as another user: keeps the current token and `returnPath`, then uses `token`.
 * @throws Error when signed out or already impersonating
 */
export function beginImpersonation(token: TokenResponse, returnPath: string): void {
  if (!current) throw new Error('Sign in before acting as another user.');
  if (original) throw new Error('You are already acting as another user.');
  original = { token: current, path: returnPath };
  write(ORIGINAL_KEY, original);
  setAccessToken(token);
}

/**
 * Stops acting as another user: the kept token comes back (unless it expired meanwhile, which signs
 * out).
 * @returns the path stored when it began, or null when not impersonating
 */
export function endImpersonation(): string | null {
  if (!original) return null;
  const { token, path } = original;
  original = null;
  write(ORIGINAL_KEY, null);
  if (msLeft(token) > 0) {
    current = token;
    write(STORAGE_KEY, current);
    scheduleExpiry();
    emit();
  } else {
    clearAccessToken();
  }
  return path;
}

/** The kept impersonation (the admin's token and the return path), or null. */
export function getImpersonation(): StoredImpersonation | null {
  return original;
}

/** Subscribes to token changes (for useSyncExternalStore); returns the unsubscribe function. */
export function subscribeToAccessToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current token as a stable snapshot (for useSyncExternalStore). */
export function getAccessTokenSnapshot(): StoredToken | null {
  return current;
}
