/**
 * Every route declares who may call it, and the decision runs before the body is read (issue 20
 * "Authentication and authorization before the body", ASVS 8.1/8.2, OWASP A01).
 *
 * Registered before any route, this plugin's `onRoute` hook records every route Fastify adds (hidden
 * ones, the sign-in pages and the automatic HEAD routes included) in `app.routeTable`, which the
 * authorization matrix and the fuzz test walk; when the app is made ready it refuses to start, listing
 * every route under `/api/v1/` that has no declared access:
 *
 * - a guard made by `app.requirePermission` (or `app.requireSignedIn`) in its `onRequest` hooks, so a
 *   caller without the right gets 401/403 before the body is parsed or validated; or
 * - a schema whose `security` lets anyone call it (`PUBLIC` or `OPTIONAL_BEARER` in `lib/openapi.ts`),
 *   for routes that anyone may call (they may still show a signed-in caller more).
 *
 * A guard placed in `preHandler` (after validation, where a 400 would teach the schema) also stops
 * the start. Ownership checks that need the resource stay in the service, after validation.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Marks a hook made by `requirePermission`/`requireSignedIn`, so the start-up check can find it. */
export const ACCESS_GUARD = Symbol.for('portal.accessGuard');

/** One route as Fastify registered it: its method, full URL (`:param` form) and options. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The route's schema (zod objects for body, querystring, params), as declared. */
  schema?: RouteOptions['schema'] & Record<string, unknown>;
  /** The body limit in bytes when the route sets its own (else the app's default). */
  bodyLimit?: number;
  /** What the guard in `onRequest` requires, or 'public' when the schema lets anyone call it. */
  access: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app in registration order (issue 20; read by the matrix and the fuzz). */
    routeTable: RouteEntry[];
  }
}

type Hook = ((...args: never[]) => unknown) & { [ACCESS_GUARD]?: string };

const hooksOf = (value: unknown): Hook[] => (Array.isArray(value) ? value : value ? [value] : []) as Hook[];

/** True when an OpenAPI security list lets a caller without credentials in (`[]` or a `{}` entry). */
function isPublicSecurity(security: unknown): boolean {
  if (!Array.isArray(security)) return false;
  return security.length === 0 || security.some((entry) => Object.keys(entry as object).length === 0);
}

/**
 * The declared access of a route: the permission its `onRequest` guard requires, 'public', or
 * undefined (none declared). Throws when a guard sits in `preHandler`, after the body is validated.
 */
export function declaredAccess(
  route: Pick<RouteOptions, 'onRequest' | 'preHandler' | 'schema'>,
  name: string,
) {
  const late = hooksOf(route.preHandler).find((hook) => hook[ACCESS_GUARD]);
  if (late)
    throw new Error(
      `${name}: its access guard (${late[ACCESS_GUARD]}) is a preHandler; move it to onRequest so a caller without the right is refused before the body is read`,
    );
  const guard = hooksOf(route.onRequest).find((hook) => hook[ACCESS_GUARD]);
  if (guard) return guard[ACCESS_GUARD];
  return isPublicSecurity((route.schema as { security?: unknown } | undefined)?.security)
    ? 'public'
    : undefined;
}

export default fp(
  async function routeAccess(app: FastifyInstance) {
    const table: RouteEntry[] = [];
    const problems: string[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const name = `${methods.join(',')} ${route.url}`;
      let access: string | undefined;
      try {
        access = declaredAccess(route, name);
      } catch (error) {
        problems.push((error as Error).message);
      }
      if (route.url.startsWith('/api/v1/') && access === undefined && !problems.at(-1)?.startsWith(name))
        problems.push(
          `${name} declares no access: add onRequest: app.requirePermission(…) (or app.requireSignedIn()), or schema.security PUBLIC for a route anyone may call`,
        );
      for (const method of methods)
        table.push({
          method,
          url: route.url,
          schema: route.schema as RouteEntry['schema'],
          bodyLimit: route.bodyLimit,
          access,
        });
    });
    // Every route is known once the app is ready: a route without declared access stops the start.
    app.addHook('onReady', async () => {
      if (problems.length > 0) throw new Error(`Routes without declared access:\n${problems.join('\n')}`);
    });
  },
  { name: 'route-access' },
);
