/**
 * Follows a list endpoint's `nextPageToken` until none is left (000 §7, 001 §7: knowledge, contributors
 * and the admin listing are all loaded this way) and returns every item in order.
 * @param fetchPage fetches one page given the token of the previous one (null for the first)
 * @param itemsOf the items of a page
 */
export async function fetchAllPages<Page extends { nextPageToken: string | null }, Item>(
  fetchPage: (nextPageToken: string | null) => Promise<Page>,
  itemsOf: (page: Page) => readonly Item[],
): Promise<Item[]> {
  const items: Item[] = [];
  let nextPageToken: string | null = null;
  do {
    const page: Page = await fetchPage(nextPageToken);
    items.push(...itemsOf(page));
    nextPageToken = page.nextPageToken;
  } while (nextPageToken);
  return items;
}
