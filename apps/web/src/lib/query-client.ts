/**
 * The TanStack Query client: failed queries and mutations go to the shell's error dialog (001 §8) unless
 * they are silently ignored or the query says it handles a 404 itself (`meta.ignoreNotFound`).
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isNotFoundError } from './api-client';
import { reportError } from './error-reporting';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The caller handles a 404 (e.g. redirects), so it is not reported. */
      ignoreNotFound?: boolean;
    };
    mutationMeta: {
      /** The caller shows errors itself. */
      silent?: boolean;
    };
  }
}

/** Client errors are not retried; a server error or no response is retried once. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) return false;
  return failureCount < 1;
}

/** Creates the app's query client (one per page load, one per test). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.ignoreNotFound && isNotFoundError(error)) return;
        reportError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) reportError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 60_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
