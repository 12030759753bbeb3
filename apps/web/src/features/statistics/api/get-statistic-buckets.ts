/**
 * GET /api/v1/statistics/contentfiledownload/{metric}/buckets?from&to&timeZone&view&resolution&limit&token
 * → { items: StatisticBucket[], nextPageToken } (001 §7 "get category metric buckets"), followed page by
 * page until no token is left.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CategoryGroup, StatisticMetric } from '@portal/shared/enums';
import type { StatisticBucket } from '@portal/shared/schemas/statistics';
import { apiRequest, lazySchema } from '../../../lib/api-client';
import { fetchAllPages } from '../../../lib/fetch-all-pages';

export interface BucketFilter {
  from: string;
  to: string;
  timeZone: string;
  view?: CategoryGroup;
  /** Page size; the top tables ask for their row count and take the first page only. */
  limit?: number;
}

/** Fetches the buckets of one metric; all pages unless `firstPageOnly`. */
export async function getStatisticBuckets(
  metric: StatisticMetric,
  filter: BucketFilter,
  options: { firstPageOnly?: boolean; signal?: AbortSignal } = {},
): Promise<StatisticBucket[]> {
  const fetchPage = (token: string | null) =>
    apiRequest(`/api/v1/statistics/contentfiledownload/${metric}/buckets`, {
      schema: lazySchema(() => import('@portal/shared/schemas/statistics'), 'StatisticBucketPageSchema'),
      query: { ...filter, resolution: 'day', token },
      signal: options.signal,
    });
  if (options.firstPageOnly) return (await fetchPage(null)).items;
  return fetchAllPages(fetchPage, (page) => page.items);
}

export function statisticBucketsQueryOptions(
  metric: StatisticMetric,
  filter: BucketFilter,
  firstPageOnly = false,
) {
  return queryOptions({
    queryKey: ['statistics', 'buckets', metric, filter, firstPageOnly],
    queryFn: ({ signal }) => getStatisticBuckets(metric, filter, { firstPageOnly, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The buckets of one metric for a filter; `enabled` false leaves it unfetched (comparison off). */
export function useStatisticBuckets(
  metric: StatisticMetric,
  filter: BucketFilter,
  options: { firstPageOnly?: boolean; enabled?: boolean } = {},
) {
  return useQuery({
    ...statisticBucketsQueryOptions(metric, filter, options.firstPageOnly),
    enabled: options.enabled ?? true,
  });
}
