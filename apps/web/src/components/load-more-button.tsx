import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';

/** What LoadMoreButton needs of an infinite query (TanStack Query's useInfiniteQuery result). */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The button under a list paged by `nextPageToken` (DESIGN.md: every list of the API is paged): shown while
 * `query` has a next page, it fetches that page; while it does, it is disabled and says "Loading…".
 * Props: `query`, `label` (what it says, e.g. "Show more users"), `sx` (spacing; a top margin by default).
 */
export function LoadMoreButton({
  query,
  label,
  sx = { mt: 2 },
}: {
  query: PagedQuery;
  label: string;
  sx?: SxProps<Theme>;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} sx={sx}>
      {query.isFetchingNextPage ? 'Loading…' : label}
    </Button>
  );
}
