/**
 * The signed-in session as the app sees it (001 §4 Session, Impersonation, Logout; §6): the token from
 * `auth-token`, and the identity, claims and permission flags the server derives
 * (GET /api/v1/auth/session). The flags are the server's; the app only mirrors them to show or hide
 * controls (hiding a button is not security).
 *
 * - `login` counts the user as logged in when the session answer holds the user-role claim (else the
 *   token is cleared), then reads the courseware product subscription from the claims, and starts the
 *   refresh timer: TOKEN_REFRESH_BEFORE_S before expiry it fetches a new token (POST /api/v1/auth/refresh)
 *   and logs in again, if more than that remains; otherwise the user is logged out.
 * - A failed authentication clears the token. Whenever the token goes (logout, expiry, a refused
 *   request), timers stop and the identity, claims, subscription and messages are dropped.
 * - `logout` also goes where 001 §4 says for the brand variant.
 */
import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { BrandVariant } from '@portal/shared/enums';
import { MESSAGES } from '@portal/shared/errors';
import { TOKEN_EXPIRY_SKEW_S, TOKEN_REFRESH_BEFORE_S } from '@portal/shared/limits';
import {
  CLAIM,
  COURSEWARE_PRODUCT,
  VISITOR_PERMISSIONS,
  type Claim,
  type Permission,
  type PermissionFlags,
} from '@portal/shared/permissions';
import type { Actor, Identity, TokenResponse } from '@portal/shared/schemas/identity';
import { redirect } from 'react-router';
import { paths } from '../config/paths';
import { ApiError, apiRequest, lazySchema } from './api-client';
import {
  beginImpersonation,
  clearAccessToken,
  endImpersonation,
  getAccessToken,
  getAccessTokenSecondsLeft,
  getAccessTokenSnapshot,
  getImpersonation,
  setAccessToken,
  subscribeToAccessToken,
  type StoredImpersonation,
} from './auth-token';
import { reportError } from './error-reporting';

/** Query keys that belong to the signed-in user and go with the session. */
const SESSION_QUERY_ROOTS: readonly string[] = ['session', 'messages', 'identity-admin'];
/** Public data kept across logout. */
const PUBLIC_QUERY_ROOTS: readonly string[] = ['knowledge'];
/** What refetchUserData leaves alone: public data, and the session `login` has just read. */
const KEPT_ON_SIGN_IN_ROOTS: readonly string[] = [...PUBLIC_QUERY_ROOTS, 'session'];
/** A refresh that got no answer is tried again this much later, while the token lasts. */
const REFRESH_RETRY_MS = 15_000;

/** The identity schemas, loaded with the first request about the session (issue 22). */
const loadIdentitySchemas = () => import('@portal/shared/schemas/identity');

/** Query options of the session for one token; the key carries the token so a new sign-in refetches. */
export function sessionQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['session', token],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/auth/session', {
        schema: lazySchema(loadIdentitySchemas, 'SessionResponseSchema'),
        signal,
      }),
    staleTime: 5 * 60_000,
  });
}

let refreshTimer: ReturnType<typeof setTimeout> | undefined;
/** The token `login` last succeeded with. */
let loggedInToken: string | null = null;
let unbind: (() => void) | undefined;

function stopRefresh(): void {
  if (refreshTimer !== undefined) clearTimeout(refreshTimer);
  refreshTimer = undefined;
}

function dropSessionData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (q) => SESSION_QUERY_ROOTS.includes(String(q.queryKey[0])) });
}

/**
 * Refetches what may depend on who is signed in (everything but public data and the session itself,
 * which `login` has just read for its token): after an impersonation starts or ends, and once the stored
 * session of a page the server rendered for a visitor has signed in (issue 34, issue 37: the person's
 * marks, what only they may see). Resolves when the refetches settle.
 */
export function refetchUserData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => !KEPT_ON_SIGN_IN_ROOTS.includes(String(q.queryKey[0])),
  });
}

/**
 * Ties the session to the app's query client (once per router): whenever the token goes, the timers
 * stop and the user's data are dropped; what remains on screen is fetched again as a visitor.
 */
export function bindSession(queryClient: QueryClient): void {
  unbind?.();
  stopRefresh();
  loggedInToken = null;
  let last = getAccessToken();
  unbind = subscribeToAccessToken(() => {
    const token = getAccessTokenSnapshot()?.accessToken ?? null;
    if (token === null && last !== null) {
      stopRefresh();
      loggedInToken = null;
      // After the request that ended the session has settled: removing its query while it runs
      // would cancel it silently, and its error (the reason, for the error dialog) would be lost.
      setTimeout(() => {
        if (getAccessTokenSnapshot() !== null) return;
        dropSessionData(queryClient);
        void refetchUserData(queryClient);
      }, 0);
    }
    last = token;
  });
}

/**
 * Logs in with the stored token (001 §4): the session must hold the user-role claim, else the token is
 * cleared. Then the refresh timer starts. Already logged in with this token: nothing to do.
 * @returns whether the user is logged in
 */
export async function login(queryClient: QueryClient): Promise<boolean> {
  const token = getAccessToken();
  if (!token) return false;
  if (loggedInToken === token) return true;
  let claims: Claim[];
  try {
    claims = (await queryClient.fetchQuery(sessionQueryOptions(token))).claims;
  } catch (error) {
    // A failed authentication clears the token; a server that cannot be reached does not.
    const isRefused = error instanceof ApiError && !error.isNoResponse && error.httpStatus < 500;
    if (isRefused && getAccessToken() === token) clearAccessToken();
    return false;
  }
  if (getAccessToken() !== token) return false;
  if (!claims.some((claim) => claim.type === CLAIM.role)) {
    clearAccessToken();
    return false;
  }
  loggedInToken = token;
  scheduleRefresh(queryClient);
  return true;
}

function scheduleRefresh(queryClient: QueryClient, delayMs?: number): void {
  stopRefresh();
  const left = getAccessTokenSecondsLeft();
  if (left === null) return;
  if (delayMs === undefined && left <= TOKEN_REFRESH_BEFORE_S) {
    // 001 §4: not more than the refresh margin left, so the user is logged out.
    clearAccessToken();
    return;
  }
  const delay = delayMs ?? (left - TOKEN_REFRESH_BEFORE_S) * 1000;
  refreshTimer = setTimeout(() => void relogin(queryClient), Math.min(delay, 2_147_483_647));
}

/** POST /api/v1/auth/refresh: a new token for the current, still valid one. */
export function refreshAccessToken(): Promise<TokenResponse> {
  return apiRequest('/api/v1/auth/refresh', {
    method: 'POST',
    schema: lazySchema(loadIdentitySchemas, 'TokenResponseSchema'),
  });
}

async function relogin(queryClient: QueryClient): Promise<void> {
  refreshTimer = undefined;
  const token = getAccessToken();
  if (!token) return;
  try {
    setAccessToken(await refreshAccessToken());
    // A token string login() already knows (signed in the same second) leaves it nothing to do, so
    // the next refresh is scheduled here, by the new expiry.
    if ((await login(queryClient)) && refreshTimer === undefined) scheduleRefresh(queryClient);
  } catch (error) {
    const now = getAccessToken();
    // Another token arrived meanwhile (a new sign-in): this failure is not about it.
    if (now !== null && now !== token) return;
    const left = getAccessTokenSecondsLeft() ?? 0;
    if (
      error instanceof ApiError &&
      error.isNoResponse &&
      left - TOKEN_EXPIRY_SKEW_S > REFRESH_RETRY_MS / 1000
    ) {
      scheduleRefresh(queryClient, REFRESH_RETRY_MS);
      return;
    }
    // A failed refresh logs the user out, saying why (001 §8).
    clearAccessToken();
    reportError(
      error instanceof ApiError && error.endedSession
        ? error
        : Object.assign(new ApiError('unauthenticated', MESSAGES.sessionExpired, 401), {
            endedSession: true,
          }),
    );
  }
}

/**
 * Logs out (001 §4 Logout): clears timers, tokens, messages, claims and subscriptions (every cached
 * answer but public data), then says where to go: the national variant to the home page, the state
 * variant to `route`, or nowhere (null: reload the page).
 */
export function logout(
  queryClient: QueryClient,
  options: { brand: BrandVariant; route?: string },
): string | null {
  stopRefresh();
  loggedInToken = null;
  clearAccessToken();
  queryClient.removeQueries({ predicate: (q) => !PUBLIC_QUERY_ROOTS.includes(String(q.queryKey[0])) });
  if (options.brand === 'national') return paths.home;
  return options.route ?? null;
}

/**
 * Starts acting as another user (001 §4 Impersonation): the admin's token and `returnPath` are kept.
 * Call it from a page the other user may see: what is on screen is fetched again as them, and a
 * refusal (403) would end the session.
 * @returns whether the login as that user succeeded
 */
export async function startImpersonation(
  queryClient: QueryClient,
  token: TokenResponse,
  returnPath: string,
): Promise<boolean> {
  beginImpersonation(token, returnPath);
  dropSessionData(queryClient);
  void refetchUserData(queryClient);
  return login(queryClient);
}

/**
 * Stops acting as another user: the admin's token comes back.
 * @returns the stored impersonation path, or null when not impersonating
 */
export async function stopImpersonation(queryClient: QueryClient): Promise<string | null> {
  const path = endImpersonation();
  dropSessionData(queryClient);
  void refetchUserData(queryClient);
  await login(queryClient);
  return path;
}

/** True from just before a server-rendered page hydrates until its stored session has been read. */
let isSessionRestoring = false;
const sessionKnownListeners = new Set<() => void>();

function subscribeToSessionKnown(listener: () => void): () => void {
  sessionKnownListeners.add(listener);
  return () => sessionKnownListeners.delete(listener);
}

/**
 * Marks the stored session as unread (issue 34): called before a server-rendered page, drawn for a visitor,
 * is hydrated; `endSessionRestore` once the stored session has signed in, or failed to.
 */
export function beginSessionRestore(): void {
  isSessionRestoring = true;
}

/** Marks the stored session as read (see beginSessionRestore); pages waiting for it decide now. */
export function endSessionRestore(): void {
  isSessionRestoring = false;
  for (const listener of sessionKnownListeners) listener();
}

/** The current access token, re-rendering on sign-in, logout, expiry and refused requests. */
export function useAccessToken(): string | null {
  const snapshot = useSyncExternalStore(subscribeToAccessToken, getAccessTokenSnapshot, () => null);
  return snapshot?.accessToken ?? null;
}

/** The kept impersonation (admin's token, return path), re-rendering when it starts or ends. */
export function useImpersonation(): StoredImpersonation | null {
  return useSyncExternalStore(subscribeToAccessToken, getImpersonation, () => null);
}

/** What components need to know about the session. */
export interface SessionState {
  /**
   * Whether the app knows who is calling (issue 34 "Guards that wait for the session"): false on the server,
   * while a server-rendered page hydrates and until its stored session has been read, and while the
   * session of a stored token has not answered; true otherwise. While it is false, a page whose view depends
   * on the caller draws a neutral state, and no guard redirects or rewrites the address.
   */
  isKnown: boolean;
  isLoggedIn: boolean;
  identity: Identity | null;
  claims: Claim[];
  permissions: PermissionFlags;
  /** The courseware product subscription (001 §4, §6). */
  isSubscribed: boolean;
  /** The admin acting as this user, per the server. */
  impersonator: Actor | null;
}

/**
 * The session: signed out (visitor flags) without a valid token; with one, the identity and flags from
 * the server (loaded by the entry guard before the layout renders, or after a server-rendered page has
 * hydrated). A component that decides from the flags and from `isKnown` reads both here, in one render.
 */
export function useSession(): SessionState {
  const isRestored = useSyncExternalStore(
    subscribeToSessionKnown,
    () => !isSessionRestoring,
    () => false,
  );
  const token = useAccessToken();
  const query = useQuery({ ...sessionQueryOptions(token ?? ''), enabled: token !== null });
  if (token === null || !query.data) {
    return {
      isKnown: isRestored && (token === null || query.isError),
      isLoggedIn: token !== null,
      identity: null,
      claims: [],
      permissions: VISITOR_PERMISSIONS,
      isSubscribed: false,
      impersonator: null,
    };
  }
  const { identity, claims, permissions, impersonator } = query.data;
  return {
    isKnown: isRestored,
    isLoggedIn: true,
    identity,
    claims,
    permissions: { ...VISITOR_PERMISSIONS, ...permissions },
    isSubscribed: claims.some((c) => c.type === CLAIM.product && c.value === COURSEWARE_PRODUCT),
    impersonator: impersonator ?? null,
  };
}

/**
 * Whether the user holds a permission flag (STYLE.md habit 4), e.g. `useCan('CanViewFiles')`.
 * `IsLogin` is true while a valid token exists.
 */
export function useCan(permission: Permission): boolean {
  const session = useSession();
  if (permission === 'IsLogin') return session.isLoggedIn;
  return session.permissions[permission];
}

/**
 * The session's flags for a route loader, waiting for the session answer; visitor flags when signed
 * out or when the answer fails.
 */
export async function loadPermissions(queryClient: QueryClient): Promise<PermissionFlags> {
  const token = getAccessToken();
  if (!token) return VISITOR_PERMISSIONS;
  try {
    const session = await queryClient.ensureQueryData(sessionQueryOptions(token));
    return { ...VISITOR_PERMISSIONS, ...session.permissions };
  } catch {
    return VISITOR_PERMISSIONS;
  }
}

/**
 * The in-app login route for a sign-in started from `from` (a path with query), e.g. `/login?from=%2Fcourseware`.
 * The /login route decides where the sign-in page sends the user back to (001 §2).
 */
export function loginPath(from: string): string {
  return `/login?from=${encodeURIComponent(from)}`;
}

/**
 * A route loader that lets in only users holding `permission` and sends everyone else home (as 001 §2
 * does for the editor pages).
 */
export function createPermissionGuard(queryClient: QueryClient, permission: Permission) {
  return async () => {
    const permissions = await loadPermissions(queryClient);
    if (!permissions[permission]) throw redirect(paths.home);
    return null;
  };
}

/**
 * Asked before a token handed in `?t=` (issue 9) or a sign-on code in `?s=` (issue 20) replaces the
 * session of someone already signed in: a link must not silently swap the account.
 */
export const ADOPT_TOKEN_QUESTION =
  'This link signs you in with another account. You are signed in already: switch to the account of the link?';
