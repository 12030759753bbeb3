/**
 * Builds the Fastify application: infrastructure plugins, the API modules under /api/v1, the sign-in
 * pages under /auth, /dist/env.json, and the built single-page app for every other path.
 * The instance keeps no state of its own between requests (DESIGN.md "Shape of the system").
 */
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { codeForStatus, type ErrorBody } from '@portal/shared/errors';
import { BODY_MAX_BYTES, FILE_MAX_BYTES } from '@portal/shared/limits';
import { isServerPath } from '@portal/shared/server-paths';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { compressForClient } from './lib/negotiated-compression.js';
import { redactingLoggerOptions } from './lib/redact.js';
import type { FileStore } from './lib/storage.js';
import { createFileStore } from './lib/file-store-factory.js';
import authPlugin from './modules/identity/auth.plugin.js';
import dbPlugin from './plugins/db.js';
import errorHandler from './plugins/error-handler.js';
import metrics from './plugins/metrics.js';
import operations from './plugins/operations.js';
import { fillRenderedPage, loadPageRenderer } from './plugins/server-render.js';
import requestId, { REQUEST_ID_HEADER, requestIdGenerator } from './plugins/request-id.js';
import { createTokenSigner } from './modules/identity/tokens.js';
import authPagesRoutes from './modules/identity/auth-pages.routes.js';
import authRoutes from './modules/identity/auth.routes.js';
import identityAdminRoutes from './modules/identity/identity-admin.routes.js';
import mailRoutes from './modules/mail/mail.routes.js';
import { mailDeliveryPlugin } from './modules/mail/mail-delivery.js';
import siteRoutes from './modules/site/site.routes.js';
import clientErrorRoutes from './modules/site/client-errors.routes.js';
import coursewareRoutes from './modules/courseware/courseware.routes.js';
import fileRoutes from './modules/files/files.routes.js';
import jobsPlugin from './modules/jobs/jobs.plugin.js';
import lessonRoutes from './modules/lessons/lessons.routes.js';
import coursewareWriteRoutes from './modules/courseware/courseware-write.routes.js';
import contributorRoutes from './modules/contributors/contributors.routes.js';
import knowledgeRoutes from './modules/knowledge/knowledge.routes.js';
import alignmentSuggestionRoutes from './modules/knowledge/alignment-suggestions.routes.js';
import feedbackRoutes from './modules/feedback/feedback.routes.js';
import { IDENTITY_ROUTE_DOCS } from './modules/identity/identity.openapi.js';
import { OPENAPI_DOCUMENT, annotateRoutes, declareRequiredProperties } from './lib/openapi.js';
import requestGuards from './plugins/request-guards.js';
import routeAccess from './plugins/route-access.js';
import serverTiming from './plugins/server-timing.js';
import organizationRoutes from './modules/organizations/organizations.routes.js';
import statisticsRoutes from './modules/statistics/statistics.routes.js';
import formsRoutes from './modules/forms/forms.routes.js';
import { newsApiRoutes, newsFeedRoutes } from './modules/news/news.routes.js';
import { pageRoutes } from './modules/pages/pages.routes.js';
import eventRoutes from './modules/events/events.routes.js';
import seoRoutes from './modules/seo/seo.routes.js';
import { appPageParts, writeAppPage } from './modules/seo/seo.service.js';
import ltiAdminRoutes from './modules/lti/lti-admin.routes.js';
import { allowPlatformFraming, ltiApiRoutes, ltiPublicRoutes } from './modules/lti/lti.routes.js';

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
  await app.register(compress, { global: true, threshold: 2048 });
  await app.register(formbody);
  // Streamed uploads; no file may exceed the largest upload limit (001 §9), routes set tighter ones.
  await app.register(multipart, { limits: { fileSize: FILE_MAX_BYTES } });
  await app.register(jobsPlugin);
  await app.register(swagger, {
    openapi: OPENAPI_DOCUMENT,
    transform: jsonSchemaTransform,
    transformObject: (documentObject) => {
      const document =
        'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
      declareRequiredProperties(document);
      return document;
    },
  });
  // The interactive reference at /api/docs, served from this server (no outside script, font or image).
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true, tryItOutEnabled: false },
  });
  await app.register(authPlugin, {
    tokens: await createTokenSigner(database.db, {
      secret: config.jwtSecret,
      previousSecrets: config.jwtPreviousSecrets,
      sessionMaxAgeS: config.sessionMaxAgeS,
      keyring: config.secretsKeyring,
    }),
  });
  await app.register(mailDeliveryPlugin);

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Identity routes carry their document entries from one table (identity.openapi.ts).
  annotateRoutes(app, IDENTITY_ROUTE_DOCS);
  await app.register(requestGuards);
  await app.register(authPagesRoutes);
  await app.register(authRoutes, { prefix: '/api/v1' });
  await app.register(identityAdminRoutes, { prefix: '/api/v1' });
  await app.register(mailRoutes, { prefix: '/api/v1' });
  await app.register(siteRoutes);
  await app.register(clientErrorRoutes);
  await app.register(coursewareRoutes, { prefix: '/api/v1' });
  await app.register(fileRoutes, { prefix: '/api/v1' });
  await app.register(lessonRoutes, { prefix: '/api/v1' });
  await app.register(coursewareWriteRoutes, { prefix: '/api/v1' });
  await app.register(contributorRoutes, { prefix: '/api/v1' });
  await app.register(knowledgeRoutes, { prefix: '/api/v1' });
  await app.register(alignmentSuggestionRoutes, { prefix: '/api/v1' });
  await app.register(feedbackRoutes, { prefix: '/api/v1' });
  await app.register(statisticsRoutes, { prefix: '/api/v1' });
  await app.register(organizationRoutes, { prefix: '/api/v1' });
  await app.register(formsRoutes, { prefix: '/api/v1' });
  await app.register(newsApiRoutes, { prefix: '/api/v1' });
  await app.register(newsFeedRoutes);
  await app.register(pageRoutes, { prefix: '/api/v1' });
  await app.register(eventRoutes, { prefix: '/api/v1' });
  await app.register(seoRoutes);
  // LTI 1.3 (issue 26): the protocol's public endpoints, the picker's API, the admin's registrations.
  allowPlatformFraming(app);
  await app.register(ltiPublicRoutes);
  await app.register(ltiApiRoutes, { prefix: '/api/v1' });
  await app.register(ltiAdminRoutes, { prefix: '/api/v1' });

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  // The app's page, read once: every app route gets it with its own head written in (modules/seo).
  const template = hasWeb ? fs.readFileSync(indexHtml, 'utf8') : '';
  const renderPage = hasWeb ? await loadPageRenderer(app) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // Cache-Control comes from setHeaders alone: the header `send` derives from maxAge would replace it.
      cacheControl: false,
      // The web build writes `.br` and `.gz` beside each file (scripts/compress.mjs): sent to clients that
      // accept them, never routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      // Hashed files under /assets never change under their name; index.html is revalidated every time;
      // the rest (favicon, images of the site pages) may be kept an hour.
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`))
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else if (path.basename(filePath).startsWith('index.html')) res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', 'public, max-age=3600');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // HEAD answers like GET (link checkers and uptime monitors), without the body.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // An address the server answers itself (the API, sign-in, files, feeds) that no route took is missing:
    // a 404, never the app's page (the app's links leave these addresses to the browser by the same rule).
    if (isServerPath(url) || !isRead || !hasWeb) {
      const body: ErrorBody = {
        code: 'not_found',
        message: `Nothing is at ${request.method} ${url}.`,
        requestId: request.id,
      };
      return reply.status(404).send(body);
    }
    // History-mode routing: every other path is the single-page app, with its page's head (issue 22);
    // a public page also with its content, rendered on the server (plugins/server-render.ts).
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (request.method === 'HEAD') return reply.send();
    // The head and the configuration, read once: the render gets the configuration the page carries.
    const parts = await appPageParts(app.db, config, {
      path: url,
      query: request.query as Record<string, unknown>,
      onError: (error) => request.log.warn({ err: error }, 'app page served with the default head'),
    });
    const rendered = renderPage && parts.env ? await renderPage(request, parts.env) : null;
    if (rendered?.kind === 'redirect') return reply.redirect(rendered.location, rendered.status);
    const isRendered = rendered?.kind === 'page';
    const appPage = writeAppPage(template, parts, { isRendered });
    const html = isRendered ? fillRenderedPage(appPage, rendered) : appPage;
    reply.status(rendered?.status ?? 200);
    // Compression's hooks hang on routes, and this is the not-found handler: compressed here.
    const { encoding, payload } = await compressForClient(request.headers['accept-encoding'], html);
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(payload);
  });
  return app;
}
