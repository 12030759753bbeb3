/**
 * The query keys of paged lists (001 §4), apart from the hook so that route loaders can fill the first
 * page (issue 22) without the hook in the first download.
 */

/** The source of a list as a visitor sees it (the lists' pages name theirs `'visitor'` or `'editor'`). */
export const VISITOR_LIST_SOURCE = 'visitor';

/** The query key of one page of a paged list: the list's key, its source and the page's token. */
export function pagedListPageKey(key: readonly unknown[], source: string, token: string | null) {
  return [...key, source, token] as const;
}
