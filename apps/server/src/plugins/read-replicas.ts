/**
 * Which database a request reads from (issue 36): `request.readDb` for the reads that may be a little
 * behind (search, item detail, the public pages' data and head, the feeds); everything else, writes, the
 * search cache's writes and the jobs included, uses `app.db`, the primary. Without DATABASE_REPLICA_URLS
 * (and always on PGlite) `readDb` is `app.db` and this plugin adds nothing else.
 *
 * With replicas (db/replicas.ts), `readDb` is chosen on its first use in a request and kept for the rest
 * of it: a healthy replica in turn, or the primary when none is.
 *
 * Read-your-writes, by WAL position: after a signed-in person's write (a request other than GET, HEAD or
 * OPTIONS that answered below 400 with a session) the instance reads the primary's WAL position, keeps
 * it for their account in memory and sends it in the cookie `portal_wrote=<position>` (HttpOnly,
 * SameSite=Lax, Path=/, Max-Age READ_YOUR_WRITES_WINDOW_MS), which the browser brings to every instance.
 * While either lasts, that person's reads go to a replica only if it had replayed the position at its
 * last health check, else to the primary: nobody misses what they just saved, and their reads return to
 * the replicas as soon as these have caught up. When the window ends, every replica still in use has the
 * write anyway (it is longer than the lag limit plus the checks' interval and staleness). A forged
 * cookie can only send its own bearer's reads to the primary. Writes a job makes later (an import) are
 * not covered: they show once replayed.
 *
 * A page drawn on the server reads everything from its request's `readDb`: the API requests its render
 * makes in process run under `withReadDb` (plugins/server-render.ts), so a page, the read-your-writes
 * cookie it came with and its ETag's generation (plugins/public-cache.ts) agree on one database.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { READ_YOUR_WRITES_WINDOW_MS } from '@portal/shared/limits';
import type { Db } from '../db/client.js';
import { createReplicaSet, formatLsn, parseLsn, type ReplicaSet } from '../db/replicas.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The read replicas (DATABASE_REPLICA_URLS), or null without any. */
    replicas: ReplicaSet | null;
  }
  interface FastifyRequest {
    /**
     * The database this request's stale-tolerant reads use (see plugins/read-replicas.ts): a replica, or
     * `app.db`. Never write through it.
     */
    readDb: Db;
  }
}

/** The cookie holding the WAL position of its bearer's last write (see the module's comment). */
export const WROTE_COOKIE = 'portal_wrote';

/** The methods that change nothing. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const pinned = new AsyncLocalStorage<Db>();

/**
 * Runs `task` with `readDb` pinned to `db` for every request it makes in process (`app.inject`): a page
 * drawn on the server reads all its data from the database its own request chose.
 */
export function withReadDb<T>(db: Db, task: () => Promise<T>): Promise<T> {
  return pinned.run(db, task);
}

/** The later of two WAL positions, either possibly missing. */
const laterOf = (a: bigint | null, b: bigint | null): bigint | null =>
  a === null ? b : b === null ? a : a > b ? a : b;

/** Decorates `app.replicas` and `request.readDb`, and adds the read-your-writes hooks (module comment). */
export default fp(
  async function readReplicas(app: FastifyInstance) {
    const { databaseReplicaUrls, publicBaseUrl } = app.config;
    const { pool } = app.database;
    const replicas =
      pool && databaseReplicaUrls.length > 0
        ? await createReplicaSet({ primary: { pool, db: app.db }, urls: databaseReplicaUrls, log: app.log })
        : null;
    app.decorate('replicas', replicas);
    if (!replicas) {
      app.decorateRequest('readDb', {
        getter() {
          return app.db;
        },
      });
      return;
    }
    app.addHook('onClose', () => replicas.close());

    /** Account id → the position of their last write and until when (performance.now()) it counts. */
    const writes = new Map<string, { lsn: bigint; until: number }>();
    const writtenBy = (accountId: string | null | undefined): bigint | null => {
      const write = accountId ? writes.get(accountId) : undefined;
      if (!write) return null;
      if (write.until > performance.now()) return write.lsn;
      writes.delete(accountId!);
      return null;
    };
    const cookieOf = (request: FastifyRequest): bigint | null => {
      const value = request.headers.cookie ? parseCookies(request.headers.cookie)[WROTE_COOKIE] : undefined;
      return value ? parseLsn(value) : null;
    };

    const chosen = new WeakMap<FastifyRequest, Db>();
    app.decorateRequest('readDb', {
      getter(this: FastifyRequest) {
        let db = chosen.get(this);
        if (!db) {
          db =
            pinned.getStore() ?? replicas.pick(laterOf(cookieOf(this), writtenBy(this.session?.accountId)));
          chosen.set(this, db);
        }
        return db;
      },
    });

    const cookieOptions = {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: Math.ceil(READ_YOUR_WRITES_WINDOW_MS / 1000),
      secure: publicBaseUrl.startsWith('https:'),
    } as const;
    app.addHook('onSend', async (request, reply, payload) => {
      const accountId = request.session?.accountId;
      if (!accountId || READ_METHODS.has(request.method) || reply.statusCode >= 400) return payload;
      let lsn: bigint;
      try {
        lsn = await replicas.primaryLsn();
      } catch (error) {
        // The write is done; only its read-your-writes is lost (the primary went away since).
        request.log.warn({ err: error }, 'the WAL position of a write could not be read');
        return payload;
      }
      const now = performance.now();
      for (const [id, write] of writes) if (write.until <= now) writes.delete(id);
      writes.set(accountId, { lsn, until: now + READ_YOUR_WRITES_WINDOW_MS });
      reply.header('set-cookie', serializeCookie(WROTE_COOKIE, formatLsn(lsn), cookieOptions));
      return payload;
    });
  },
  { name: 'read-replicas', dependencies: ['db'] },
);
