/**
 * Loaders and guards of the courseware routes (000 §2: data is loaded "before entering"), which the route
 * table in app/route-table.ts composes. Each takes the router's query client and leaves what it loads in the
 * query cache, where the pages find it; none throws.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { paths } from '../../config/paths';
import { createPermissionGuard } from '../../lib/session';
import { knowledgeQueryOptions } from '../knowledge/api/get-knowledge';
import { normaliseIdOrAlias } from '@portal/shared/path-segments';
import { contentQueryOptions } from './api/get-content';

/**
 * Loader of the courseware routes: the knowledge list is loaded before entering (000 §2) and cached
 * for the session. A failure is reported by the query cache and the page still opens.
 */
export function createKnowledgeLoader(queryClient: QueryClient) {
  return async () => {
    // Not on the server (issue 22): 400 kB of JSON per rendered page, and nothing a visitor sees first
    // depends on it; the browser loads it after hydration, where the filters ask for it.
    if (import.meta.env.SSR) return null;
    try {
      await queryClient.ensureQueryData(knowledgeQueryOptions());
    } catch {
      // Reported; the filters simply have no knowledge items.
    }
    return null;
  };
}

/**
 * Loader of the courseware landing (issue 22): the first page of the search the address carries (the
 * browse list without one) is in the query cache before the page draws, as the page asks for it, so that
 * the server renders the results. Runs on entering only (the page loads later searches itself); the search
 * modules load with it. Never throws.
 */
export function createSearchLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const [{ searchContentQueryOptions }, { readSearchState, toSearchQuery }] = await Promise.all([
      import('../../lib/api/search-content'),
      import('./lib/search-state'),
    ]);
    const state = readSearchState(new URL(request.url).searchParams);
    await queryClient.prefetchQuery(
      searchContentQueryOptions({ ...toSearchQuery(state), nextPageToken: undefined }),
    );
    return null;
  };
}

/**
 * Loads the content item before entering, side by side with the page code, so that the page draws once,
 * complete: drawn first as a skeleton, the page grew when the item came and pushed the footer down (a
 * layout shift of 0.38 in Lighthouse on a phone). Never throws: a failed load (404 included) is left in
 * the query cache, where the page finds it and answers it (000 §8).
 */
export function createContentLoader(queryClient: QueryClient) {
  return async ({ params }: LoaderFunctionArgs) => {
    const idOrAlias = normaliseIdOrAlias(params['*'] ?? '');
    if (idOrAlias) await queryClient.prefetchQuery(contentQueryOptions(idOrAlias));
    return null;
  };
}

/**
 * Looks a path of the catch-all up as a content item (001 §2): its courseware address (by its alias, else
 * its id) when found, with the item cached under that key for the detail page; null when the path is no
 * content item the caller may see, or the lookup failed. Input: a normalised id or alias.
 */
export async function findContentAddress(
  queryClient: QueryClient,
  idOrAlias: string,
): Promise<string | null> {
  try {
    const content = await queryClient.fetchQuery(contentQueryOptions(idOrAlias));
    queryClient.setQueryData(contentQueryOptions(content.urlAlias || content.id).queryKey, content);
    return paths.content(content.urlAlias || content.id);
  } catch {
    // No item there: the address may be a dynamic page's. The failed lookup is no item's page that went
    // missing, so the server's render must not answer 404 for it (issue 34).
    queryClient.removeQueries({ queryKey: contentQueryOptions(idOrAlias).queryKey, exact: true });
    return null;
  }
}

/** Guard for the archived-content page: content-update and view-archived-content, else home (001 §2). */
export function createArchivedGuard(queryClient: QueryClient) {
  const [canUpdate, canViewArchived] = [
    createPermissionGuard(queryClient, 'CanUpdateContent'),
    createPermissionGuard(queryClient, 'CanViewArchivedContent'),
  ];
  return async () => {
    await canUpdate();
    return canViewArchived();
  };
}
