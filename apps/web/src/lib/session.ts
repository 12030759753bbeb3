/**
 * The signed-in session as the app sees it (001 §4 Session, §6): the token from `auth-token`, and the
 * identity, claims and permission flags the server derives (GET /api/v1/auth/session). The flags are
 * the server's; the app only mirrors them to show or hide controls (hiding a button is not security).
 */
import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { VISITOR_PERMISSIONS, type Permission, type PermissionFlags } from '@portal/shared/permissions';
import { SessionResponseSchema, type Identity } from '@portal/shared/schemas/identity';
import { apiRequest } from './api-client';
import { getAccessTokenSnapshot, subscribeToAccessToken } from './auth-token';

/** Query options of the session for one token; the key carries the token so a new sign-in refetches. */
export function sessionQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['session', token],
    queryFn: ({ signal }) => apiRequest('/api/v1/auth/session', { schema: SessionResponseSchema, signal }),
    staleTime: 5 * 60_000,
  });
}

/** The current access token, re-rendering on sign-in, logout, expiry and 401. */
export function useAccessToken(): string | null {
  const snapshot = useSyncExternalStore(subscribeToAccessToken, getAccessTokenSnapshot, () => null);
  return snapshot?.accessToken ?? null;
}

/** What components need to know about the session. */
export interface SessionState {
  isLoggedIn: boolean;
  identity: Identity | null;
  permissions: PermissionFlags;
}

/**
 * The session: signed out (visitor flags) without a valid token; with one, the identity and flags from
 * the server (loaded by the entry guard before the layout renders).
 */
export function useSession(): SessionState {
  const token = useAccessToken();
  const query = useQuery({
    ...sessionQueryOptions(token ?? ''),
    enabled: token !== null,
  });
  if (token === null || !query.data) {
    return { isLoggedIn: token !== null, identity: null, permissions: VISITOR_PERMISSIONS };
  }
  return {
    isLoggedIn: true,
    identity: query.data.identity,
    permissions: { ...VISITOR_PERMISSIONS, ...query.data.permissions },
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
 * The in-app login route for a sign-in started from `from` (a path with query), e.g. `/login?from=%2Fcourseware`.
 * The /login route decides where the sign-in page sends the user back to (001 §2).
 */
export function loginPath(from: string): string {
  return `/login?from=${encodeURIComponent(from)}`;
}
