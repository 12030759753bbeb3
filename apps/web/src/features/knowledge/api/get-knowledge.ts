/**
 * GET /api/v1/knowledge?size=10000&nextPageToken → KnowledgePage, followed until no next-page token
 * (000 §7: fetched in pages of 10000 and cached). Loaded before entering the courseware routes and kept
 * for the session.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { KNOWLEDGE_FETCH_SIZE } from '@portal/shared/limits';
import type { KnowledgeItem, KnowledgePage } from '@portal/shared/schemas/knowledge';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { fetchAllPages } from '../../../lib/fetch-all-pages';

/**
 * Fetches every knowledge item (TKS, KSA and KU), page by page. The list is the same for everyone, so
 * it is asked for without the session's token: it can start before the session is restored, and a
 * browser may serve it from its cache whoever is signed in.
 */
export async function getAllKnowledge(signal?: AbortSignal): Promise<KnowledgeItem[]> {
  return fetchAllPages(
    (nextPageToken) =>
      apiRequest('/api/v1/knowledge', {
        schema: lazySchema(() => import('@portal/shared/schemas/knowledge'), 'KnowledgePageSchema'),
        signal,
        withToken: false,
        query: { size: KNOWLEDGE_FETCH_SIZE, nextPageToken },
      }),
    (page: KnowledgePage) => page.items,
  );
}

/** Query options of the whole knowledge list, cached for the session. */
export function knowledgeQueryOptions() {
  return queryOptions({
    queryKey: ['knowledge'],
    queryFn: ({ signal }) => getAllKnowledge(signal),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/**
 * The knowledge list (already loaded by the route loader, or not: a server-rendered /courseware loads it
 * only when a visitor needs it). `enabled` false leaves it unloaded (issue 22).
 */
export function useKnowledge(enabled = true) {
  return useQuery({ ...knowledgeQueryOptions(), enabled });
}
