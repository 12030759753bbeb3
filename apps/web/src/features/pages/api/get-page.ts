/**
 * GET /api/v1/pages/by-href?href → Page (001 §7 "Get page by href"; the href lower-cased; 404 for a page
 * the caller may not see, e.g. unpublished for a visitor).
 */
import { queryOptions } from '@tanstack/react-query';
import { trimCharacters } from '@portal/shared/text';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export const PAGES_KEY = ['pages'] as const;

/** The path of a page as looked up: lower-cased, with one leading slash and no trailing one. */
export function normaliseHref(path: string): string {
  return `/${trimCharacters(path.toLowerCase(), '/')}`;
}

export function pageByHrefQueryOptions(href: string) {
  const normal = normaliseHref(href);
  return queryOptions({
    queryKey: [...PAGES_KEY, 'href', normal],
    queryFn: ({ signal }) =>
      apiRequest('/api/v1/pages/by-href', {
        query: { href: normal },
        schema: lazySchema(() => import('@portal/shared/schemas/pages'), 'PageSchema'),
        signal,
      }),
    retry: false,
    meta: { ignoreNotFound: true },
  });
}
