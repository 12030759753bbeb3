/**
 * The app serving a built web app (issue 22, 39): for tests of what the server makes of the app's
 * pages (their head, caching, pre-compressed files) on the database of a test context.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import type { TestContext } from './test-app.js';

/** The web app's index.html as the build writes it, cut down to the markers the server fills. */
export const WEB_PAGE_TEMPLATE =
  '<!doctype html><html><head><!--app-head--><title>Portal</title><!--/app-head--></head><body><div id="root"></div></body></html>';

/**
 * Writes `files` (path inside the build → text or bytes, e.g. `index.html`) to the folder `name` of the
 * context's data folder and builds a ready app on the context's database, file store and configuration
 * that serves that folder as the web app; `prepare` runs before it is ready (a test's own hooks). The
 * caller closes it.
 */
export async function buildWebDistApp(
  ctx: TestContext,
  name: string,
  files: Record<string, string | Buffer> = { 'index.html': WEB_PAGE_TEMPLATE },
  prepare?: (app: FastifyInstance) => void,
): Promise<FastifyInstance> {
  const webDistDir = path.join(ctx.dataDir, name);
  for (const [file, body] of Object.entries(files)) {
    const target = path.join(webDistDir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, body);
  }
  const web = await buildApp({
    config: { ...ctx.config, webDistDir },
    database: ctx.database,
    fileStore: ctx.fileStore,
    logger: false,
  });
  prepare?.(web);
  await web.ready();
  return web;
}
