/** GET /api/v1/statistics/metrics → CoursewareMetrics (001 §3, §7 "get courseware metrics"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CoursewareMetrics } from '@portal/shared/schemas/statistics';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Fetches the courseware metrics counted over the catalogue as the viewer may see it. */
export function getCoursewareMetrics(signal?: AbortSignal): Promise<CoursewareMetrics> {
  return apiRequest('/api/v1/statistics/metrics', {
    schema: lazySchema(() => import('@portal/shared/schemas/statistics'), 'CoursewareMetricsSchema'),
    signal,
  });
}

export function coursewareMetricsQueryOptions() {
  return queryOptions({
    queryKey: ['statistics', 'metrics'],
    queryFn: ({ signal }) => getCoursewareMetrics(signal),
  });
}

/** The courseware metrics for the metrics view. */
export function useCoursewareMetrics() {
  return useQuery(coursewareMetricsQueryOptions());
}
