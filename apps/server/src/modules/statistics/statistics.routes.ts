/**
 * Statistics endpoints under /api/v1 (001 §7 Statistics client, §9 CSV export); each needs
 * CanUpdateContent (001 §2: the dashboard is an editor page):
 * - GET /statistics/metrics                              → CoursewareMetrics
 * - GET /statistics/:category/:metric/buckets?from&to&…  → { items: StatisticBucket[], nextPageToken }
 * - GET /statistics/:category/raw?from&to&limit&token    → { items: DownloadDataPoint[], nextPageToken }
 * - GET /statistics/:category/export?from&to&timeZone    → text/csv, streamed batch by batch
 * A bad filter is a 400 naming the field with the date filter's message (001 §5).
 */
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STATISTIC_CATEGORIES, STATISTIC_METRICS } from '@portal/shared/enums';
import { csvLines } from '../../lib/csv.js';
import { BEARER, errorResponses } from '../../lib/openapi.js';
import {
  CoursewareMetricsSchema,
  DOWNLOAD_CSV_COLUMNS,
  DownloadDataPageSchema,
  DownloadExportQuerySchema,
  RawStatisticsQuerySchema,
  StatisticBucketPageSchema,
  StatisticBucketsQuerySchema,
  downloadCsvFileName,
} from '@portal/shared/schemas/statistics';
import { contentDisposition } from '../../lib/served-files.js';
import {
  downloadCsvBatches,
  getCoursewareMetrics,
  getDownloadData,
  getStatisticBuckets,
} from './statistics.service.js';

const tags = ['statistics'];
const errors = errorResponses(400, 401, 403);
const CategoryParams = z.object({ category: z.enum(STATISTIC_CATEGORIES) });

const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requirePermission('CanUpdateContent');

  app.get(
    '/statistics/metrics',
    {
      onRequest,
      schema: {
        operationId: 'getCoursewareMetrics',
        summary: 'Courseware metrics over the catalogue as the caller may see it (001 §3)',
        tags,
        security: BEARER,
        response: { 200: CoursewareMetricsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => getCoursewareMetrics(app.db, request.session.permissions),
  );

  app.get(
    '/statistics/:category/:metric/buckets',
    {
      onRequest,
      schema: {
        operationId: 'getStatisticBuckets',
        summary: 'Statistic buckets of a category and metric for a date filter, paged (001 §7)',
        tags,
        security: BEARER,
        params: CategoryParams.extend({ metric: z.enum(STATISTIC_METRICS) }),
        querystring: StatisticBucketsQuerySchema,
        response: { 200: StatisticBucketPageSchema, ...errors },
      },
    },
    async (request) =>
      getStatisticBuckets(app.db, {
        category: request.params.category,
        metric: request.params.metric,
        query: request.query,
      }),
  );

  app.get(
    '/statistics/:category/raw',
    {
      onRequest,
      schema: {
        operationId: 'getRawStatistics',
        summary: 'Raw download data points of a date range, oldest first, paged (001 §7)',
        tags,
        security: BEARER,
        params: CategoryParams,
        querystring: RawStatisticsQuerySchema,
        response: { 200: DownloadDataPageSchema, ...errors },
      },
    },
    async (request) => getDownloadData(app.db, request.query),
  );

  app.get(
    '/statistics/:category/export',
    {
      onRequest,
      // Compressing would hold back the rows the client counts for its progress indicator.
      compress: false,
      schema: {
        operationId: 'exportRawStatistics',
        summary: 'CSV of the raw download data of a date range, streamed (001 §9)',
        tags,
        security: BEARER,
        params: CategoryParams,
        querystring: DownloadExportQuerySchema,
        response: {
          200: z.unknown().describe('text/csv: a header row, then one row per download'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      // Each keyset batch becomes one chunk of CSV text: a stream of a few hundred chunks instead of
      // one object per row. A failing batch ends the response early (the client sees a cut file), and
      // is logged.
      async function* csvChunks(): AsyncGenerator<string> {
        yield csvLines([DOWNLOAD_CSV_COLUMNS]);
        for await (const batch of downloadCsvBatches(app.db, request.query)) yield csvLines(batch);
      }
      const csv = Readable.from(csvChunks(), { objectMode: false });
      csv.on('error', (error) => request.log.error({ err: error }, 'download export failed'));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(downloadCsvFileName(from, to)))
        .header('cache-control', 'private, no-store')
        .send(csv);
    },
  );
};

export default statisticsRoutes;
