/**
 * Builds the Fastify application as an ordered list of plugins: the infrastructure every request goes
 * through, the job queue and the API reference, who calls, then each area module (its routes, job
 * handlers and timers; `modules/<area>/index.ts`), and last the web app's files and pages for every
 * other path. The order matters: a hook applies to the routes registered after it.
 * The instance keeps no state of its own between requests (DESIGN.md "Shape of the system").
 */
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { codeForStatus, type ErrorBody } from '@portal/shared/errors';
import { BODY_MAX_BYTES, FILE_MAX_BYTES } from '@portal/shared/limits';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { redactingLoggerOptions } from './lib/redact.js';
import type { FileStore } from './lib/storage.js';
import { createFileStore } from './lib/file-store-factory.js';
import apiReference from './plugins/api-reference.js';
import dbPlugin from './plugins/db.js';
import errorHandler from './plugins/error-handler.js';
import metrics from './plugins/metrics.js';
import operations from './plugins/operations.js';
import requestGuards from './plugins/request-guards.js';
import requestId, { REQUEST_ID_HEADER, requestIdGenerator } from './plugins/request-id.js';
import routeAccess from './plugins/route-access.js';
import publicCache from './plugins/public-cache.js';
import readReplicas from './plugins/read-replicas.js';
import renderCache from './plugins/render-cache.js';
import serverRender from './plugins/server-render.js';
import serverTiming from './plugins/server-timing.js';
import { contributorsModule } from './modules/contributors/index.js';
import { coursewareModule } from './modules/courseware/index.js';
import { eventsModule } from './modules/events/index.js';
import { feedbackModule } from './modules/feedback/index.js';
import { followsModule } from './modules/follows/index.js';
import { filesModule } from './modules/files/index.js';
import { formsModule } from './modules/forms/index.js';
import { identityModule, identitySessions } from './modules/identity/index.js';
import { importsModule } from './modules/imports/index.js';
import { jobsModule } from './modules/jobs/index.js';
import { knowledgeModule } from './modules/knowledge/index.js';
import { searchGeneration } from './modules/knowledge/coverage.repository.js';
import { lessonsModule } from './modules/lessons/index.js';
import { ltiModule } from './modules/lti/index.js';
import { mailModule } from './modules/mail/index.js';
import { newsModule } from './modules/news/index.js';
import { organizationsModule } from './modules/organizations/index.js';
import { pagesModule } from './modules/pages/index.js';
import { appPageHead, seoModule } from './modules/seo/index.js';
import { siteModule } from './modules/site/index.js';
import { lastDownloadsStatement, statisticsModule } from './modules/statistics/index.js';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Defaults to the local folder DATA_DIR/files. */
  fileStore?: FileStore;
  /** pino options; false silences the log (tests). */
  logger?: boolean | object;
}

/** Builds (but does not start) the application. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    // Secrets in query strings and headers never reach the log (lib/redact.ts).
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof options.logger === 'object' ? options.logger : {}),
            ...redactingLoggerOptions(),
          },
    // Only trusted proxies may name the client's address (rate limits per address rely on request.ip).
    trustProxy: config.trustProxy,
    // A trusted proxy's X-Request-Id, else a new UUID; on every log line of the request (plugins/request-id.ts).
    genReqId: requestIdGenerator(config.trustProxy),
    bodyLimit: BODY_MAX_BYTES,
    routerOptions: { maxParamLength: 4096 },
    // Errors raised before routing (bad URL, over-long parameter) get the same body shape.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 400;
      const body: ErrorBody = { code: codeForStatus(status), message: error.message, requestId: request.id };
      void (reply as FastifyReply).status(status).header(REQUEST_ID_HEADER, request.id).send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const fileStore = options.fileStore ?? (await createFileStore(config));
  await app.register(dbPlugin, { database, config, fileStore });
  // `request.readDb`: the replica (or the primary) of the reads that may be a little behind (issue 36).
  await app.register(readReplicas);
  await app.register(errorHandler);
  await app.register(requestId);
  // Before any route: records the route table and refuses a route under /api/v1/ without declared access.
  await app.register(routeAccess);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-src': ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        'form-action': ["'self'"],
        // ASVS 5.0 3.4.3: no page sets a <base>, so none may (an injected one would redirect relative URLs).
        'base-uri': ["'none'"],
        'upgrade-insecure-requests': null,
      },
    },
  });
  // Before compression, whose onSend hook must come after the one that sets the Server-Timing header.
  await app.register(serverTiming);
  // Health, ready and load shedding (after serverTiming, whose onRequest hook a refused answer needs).
  await app.register(operations);
  await app.register(metrics);
  // Public answers: 304 before any route runs, and the Cache-Control of shared caches (issue 39).
  await app.register(publicCache, { readGeneration: searchGeneration });
  // After it (its classes and ETag), before compression: kept public answers served without a render.
  await app.register(renderCache);
  await app.register(compress, { global: true, threshold: 2048 });
  await app.register(formbody);
  // Streamed uploads; no file may exceed the largest upload limit (001 §9), routes set tighter ones.
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES } });
  await app.register(jobsModule);
  // Before every route it documents.
  await app.register(apiReference);
  await app.register(identitySessions);
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(requestGuards);

  // The area modules, each its routes, job handlers and timers (modules/<area>/index.ts).
  await app.register(identityModule);
  await app.register(mailModule);
  await app.register(siteModule);
  await app.register(coursewareModule, { lastDownloadsStatement });
  await app.register(filesModule);
  await app.register(importsModule);
  await app.register(lessonsModule);
  await app.register(contributorsModule);
  await app.register(knowledgeModule);
  await app.register(feedbackModule);
  await app.register(followsModule);
  await app.register(statisticsModule);
  await app.register(organizationsModule);
  await app.register(formsModule);
  await app.register(newsModule);
  await app.register(pagesModule);
  await app.register(eventsModule);
  await app.register(seoModule);
  await app.register(ltiModule);

  // Last: the web app's files, and every address no route took (a 404, or the app's page).
  await app.register(serverRender, { pageHead: appPageHead });
  return app;
}
