/**
 * GET /api/v1/content/{id}/files?children=true → { files } (000 §7 "get files of a content id including
 * children"): the files of an item and of its visible descendants, each with the item it belongs to.
 * Fetched only for users who may view files (the zip download offers itself when there are any).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentFilesResponse } from '@portal/shared/schemas/courseware';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Fetches the files of an item's tree. */
export function getTreeFiles(contentId: string, signal?: AbortSignal): Promise<ContentFilesResponse> {
  return apiRequest(`/api/v1/content/${encodeURIComponent(contentId)}/files`, {
    schema: lazySchema(() => import('@portal/shared/schemas/courseware'), 'ContentFilesResponseSchema'),
    query: { children: true },
    signal,
  });
}

/** Query options of the files of an item's tree. */
export function treeFilesQueryOptions(contentId: string) {
  return queryOptions({
    queryKey: ['courseware', 'tree-files', contentId],
    queryFn: ({ signal }) => getTreeFiles(contentId, signal),
  });
}

/** The files of an item's tree, when `isEnabled` (the user may view files). */
export function useTreeFiles(contentId: string, isEnabled: boolean) {
  return useQuery({ ...treeFilesQueryOptions(contentId), enabled: isEnabled });
}
