/**
 * Revisions of a content item (issue 37; packages/shared/src/schemas/revisions.ts):
 * GET /api/v1/content/{id}/revisions → ContentRevisionList (newest first, paged by nextPageToken),
 * GET /api/v1/content/{id}/revisions/diff?from=&to= → ContentRevisionDiff (both CanViewFiles) and
 * POST /api/v1/content/{id}/revisions/{version}/restore → ContentWriteResponse (CanUpdateContent).
 */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { ContentWriteResponse } from '@portal/shared/schemas/courseware';
import { apiRequest, lazySchema } from '../../../lib/api-client';

const revisionSchemas = () => import('@portal/shared/schemas/revisions');

/** Under the courseware key, so that refreshing the item after a save refreshes its history too. */
const revisionsKey = (contentId: string) => ['courseware', 'revisions', contentId] as const;

/** An item's revisions, one API page at a time (newest first), followed by `nextPageToken`. */
export function contentRevisionsQueryOptions(contentId: string) {
  return infiniteQueryOptions({
    queryKey: revisionsKey(contentId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/v1/content/${encodeURIComponent(contentId)}/revisions`, {
        query: { pageToken: pageParam ?? undefined },
        schema: lazySchema(revisionSchemas, 'ContentRevisionListSchema'),
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextPageToken,
  });
}

/** The differences between revisions `from` and `to` (versions of the item, from ≠ to). */
export function contentRevisionDiffQueryOptions(contentId: string, from: number, to: number) {
  return queryOptions({
    queryKey: [...revisionsKey(contentId), 'diff', from, to],
    queryFn: ({ signal }) =>
      apiRequest(`/api/v1/content/${encodeURIComponent(contentId)}/revisions/diff`, {
        query: { from, to },
        schema: lazySchema(revisionSchemas, 'ContentRevisionDiffSchema'),
        signal,
      }),
  });
}

/**
 * Restores revision `version` as a new revision of the item.
 * @throws ApiError not_found (unknown revision), conflict (saved meanwhile), rule_broken (the current one)
 */
export function restoreContentRevision(contentId: string, version: number): Promise<ContentWriteResponse> {
  return apiRequest(`/api/v1/content/${encodeURIComponent(contentId)}/revisions/${version}/restore`, {
    method: 'POST',
    schema: lazySchema(() => import('@portal/shared/schemas/courseware'), 'ContentWriteResponseSchema'),
  });
}
