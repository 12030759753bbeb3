/**
 * GET /api/v1/coverage → CoverageMatrix (issue 25): every work role, KU and CyBOK area with its aligned
 * items, covered share and gaps; editors also get the unpublished column, so the key holds that.
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { CoverageMatrix } from '@portal/shared/schemas/coverage';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export async function getCoverage(signal?: AbortSignal): Promise<CoverageMatrix> {
  return apiRequest('/api/v1/coverage', {
    schema: lazySchema(() => import('@portal/shared/schemas/coverage'), 'CoverageMatrixSchema'),
    signal,
  });
}

/** The coverage matrix; `isEditor` keys the answer that holds the unpublished column. */
export function useCoverage(isEditor: boolean) {
  return useQuery({ queryKey: ['coverage', isEditor], queryFn: ({ signal }) => getCoverage(signal) });
}

/**
 * GET /api/v1/coverage/work-roles/{id}/gaps?nextPageToken → CoverageGapPage: a work role's uncovered
 * statements, most specific first, page by page; fetched only once `enabled` (the reader asked for all).
 */
export function useWorkRoleGaps(roleId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['coverage', 'gaps', roleId],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/v1/coverage/work-roles/${encodeURIComponent(roleId)}/gaps`, {
        query: { nextPageToken: pageParam ?? undefined },
        schema: lazySchema(() => import('@portal/shared/schemas/coverage'), 'CoverageGapPageSchema'),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
    enabled,
  });
}
