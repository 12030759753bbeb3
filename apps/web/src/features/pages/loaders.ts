/**
 * The page lookup of the route loaders (001 §2): the catch-all shows a dynamic page at an unknown path,
 * and a built-in site page gives way to an editable page at its link (issue 11 "Demo pages"). The page
 * schemas load only when a lookup runs, not with the first download.
 */
import type { QueryClient } from '@tanstack/react-query';

/**
 * Whether a page the caller may see exists at `href` (a path, any case, with or without slashes); the
 * page is left in the query cache for the dynamic page. Never throws: a failed lookup or download (404
 * included) counts as no page.
 */
export async function hasPageAt(queryClient: QueryClient, href: string): Promise<boolean> {
  try {
    const { pageByHrefQueryOptions } = await import('./api/get-page');
    await queryClient.fetchQuery(pageByHrefQueryOptions(href));
    return true;
  } catch {
    return false;
  }
}
