/**
 * The access token of the session (001 §4 Session): kept in localStorage so a reload stays signed in,
 * and observable so the shell re-renders when it appears or goes (sign-in, logout, expiry, a 401).
 * A token counts only while now < exp − TOKEN_EXPIRY_SKEW_S; a timer drops it at that moment.
 */
import { z } from 'zod';
import { TOKEN_EXPIRY_SKEW_S } from '@portal/shared/limits';
import type { TokenResponse } from '@portal/shared/schemas/identity';

const STORAGE_KEY = 'portal.session';

const StoredTokenSchema = z.object({ accessToken: z.string().min(1), expiresAt: z.number().int() });
/** The stored token and its expiry (seconds since the epoch). */
export type StoredToken = z.infer<typeof StoredTokenSchema>;

const listeners = new Set<() => void>();
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

/** Milliseconds left before the token stops counting (may be negative). */
function msLeft(token: StoredToken): number {
  return (token.expiresAt - TOKEN_EXPIRY_SKEW_S) * 1000 - Date.now();
}

function readStorage(): StoredToken | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = StoredTokenSchema.safeParse(JSON.parse(raw));
    if (parsed.success && msLeft(parsed.data) > 0) return parsed.data;
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode) or corrupt: behave as signed out.
  }
  return null;
}

let current: StoredToken | null = readStorage();
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

/** The bearer token to send, or null when signed out or expired (checked against the clock). */
export function getAccessToken(): string | null {
  if (current && msLeft(current) <= 0) clearAccessToken();
  return current?.accessToken ?? null;
}

/** Stores a token obtained from POST /api/v1/auth/token. */
export function setAccessToken(token: TokenResponse): void {
  current = { accessToken: token.accessToken, expiresAt: token.expiresAt };
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Kept in memory only.
  }
  scheduleExpiry();
  emit();
}

/** Forgets the token (logout, expiry, or a 401 for it). */
export function clearAccessToken(): void {
  const had = current !== null;
  current = null;
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
  scheduleExpiry();
  if (had) emit();
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
