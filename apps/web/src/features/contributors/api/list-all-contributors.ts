/**
 * Every contributor for the admin tables' Author column, fetched in pages of CONTENT_LIST_PAGE_SIZE (300)
 * until no next-page token (000 §2 Admin tables, §7 "admin listing 300"), fresh each time a table opens.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { CONTENT_LIST_PAGE_SIZE } from '@portal/shared/limits';
import { getAllContributors } from './get-contributors';

export function allContributorsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'contributors'],
    queryFn: ({ signal }) => getAllContributors(signal, CONTENT_LIST_PAGE_SIZE),
    staleTime: 0,
  });
}

export function useAllContributors() {
  return useQuery(allContributorsQueryOptions());
}
