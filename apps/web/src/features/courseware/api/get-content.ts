/**
 * GET /api/v1/content/{idOrAlias} → Content (000 §7 "get one content item by id or alias"). The id or
 * alias is lower-cased and URL-encoded whole, so an alias with slashes is one path segment (000 §2).
 * A 404 is handled by the caller (redirect to /courseware), so it is not reported.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Content } from '@portal/shared/schemas/courseware';
import { normaliseIdOrAlias } from '@portal/shared/path-segments';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Fetches one content item. @throws ApiError not_found when it does not exist or is not visible */
export function getContent(idOrAlias: string, signal?: AbortSignal): Promise<Content> {
  return apiRequest(`/api/v1/content/${encodeURIComponent(normaliseIdOrAlias(idOrAlias))}`, {
    schema: lazySchema(() => import('@portal/shared/schemas/courseware'), 'ContentSchema'),
    signal,
  });
}

/** Query options of one content item, keyed by its normalised id or alias. */
export function contentQueryOptions(idOrAlias: string) {
  const key = normaliseIdOrAlias(idOrAlias);
  return queryOptions({
    queryKey: ['courseware', 'content', key],
    queryFn: ({ signal }) => getContent(key, signal),
    meta: { ignoreNotFound: true },
  });
}

/** One content item for the detail page. */
export function useContent(idOrAlias: string) {
  return useQuery({ ...contentQueryOptions(idOrAlias), enabled: normaliseIdOrAlias(idOrAlias).length > 0 });
}
