/**
 * Limits of the server's operation (issues 20, 23, 36): request bodies and ids, readiness, load shedding, the database and its read replicas, jobs, file storage, backups and the sitemap.
 * Re-exported by `limits.ts`: import them from `@portal/shared/limits`.
 */

/**
 * Request body limits in bytes (issue 20): a route's largest valid body, so anything larger is a 413
 * before it is parsed. Other JSON bodies get the app's default, `BODY_MAX_BYTES`.
 */
export const BODY_MAX_BYTES = 1_048_576;

/**
 * Operations (issue 23). A request id taken from a trusted proxy's X-Request-Id: at most this many
 * characters of letters, digits and `-_.:`; anything else gets a new UUID.
 */
export const REQUEST_ID_MAX = 128;
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;
/** /api/ready: the database must answer its probe within this many milliseconds. */
export const READY_DATABASE_TIMEOUT_MS = 1000;
/** /api/ready: a job worker's heartbeat is recent when younger than this many poll intervals (and the lease). */
export const WORKER_HEARTBEAT_STALE_POLLS = 5;
/** Load shedding (@fastify/under-pressure): event-loop delay in milliseconds and heap in bytes over which requests get 503. */
export const OVERLOAD_EVENT_LOOP_DELAY_MS = 1000;
export const OVERLOAD_HEAP_USED_BYTES = 1_536 * 1024 * 1024;
/** Seconds an overloaded server asks the client to wait (Retry-After). */
export const OVERLOAD_RETRY_AFTER_S = 10;
/** METRICS_TOKEN: fewest characters (a guessable token would publish the operations figures). */
export const METRICS_TOKEN_MIN = 32;
/** Heartbeats of workers silent for longer than this many milliseconds are deleted (gone instances). */
export const WORKER_HEARTBEAT_KEEP_MS = 86_400_000;
/**
 * The file store's sweep (issue 23): an object no file row names, or a partial upload, is removed once
 * unmodified for this many milliseconds (FILE_SWEEP_GRACE_MS; a write in flight is younger); the sweep
 * runs at start and then every FILE_SWEEP_INTERVAL_MS on a job worker.
 */
export const FILE_SWEEP_GRACE_MS = 3_600_000;
export const FILE_SWEEP_INTERVAL_MS = 3_600_000;
/**
 * The S3 file store (issue 24): an upload streams in parts of this many bytes (S3's least, 5 MiB: up to
 * 48 GiB in S3's 10,000 parts), at most S3_UPLOAD_QUEUE_SIZE of them in flight, so one upload holds about
 * their product in memory (measured: a 1 GB bundle adds 10–35 MB to the server).
 */
export const S3_UPLOAD_PART_BYTES = 5 * 1024 * 1024;
export const S3_UPLOAD_QUEUE_SIZE = 1;
/** Seconds a presigned download URL of the S3 store lives (S3_PRESIGNED_DOWNLOADS). */
export const S3_PRESIGNED_URL_TTL_S = 60;
/** Longest `Range` header of a download read (one range of two 15-digit offsets fits well within it). */
export const RANGE_HEADER_MAX = 100;
/**
 * Graceful shutdown (issue 23): after SIGTERM/SIGINT the server stops listening, lets requests in
 * flight finish and hands running jobs back for at most this long, then exits anyway (code 1).
 */
export const SHUTDOWN_DEADLINE_MS = 20_000;
/** Database outage (issue 23): how long opening a connection to the PostgreSQL server may take. */
export const DATABASE_CONNECT_TIMEOUT_MS = 3000;
/** The longest one query to the PostgreSQL server may run before the client gives up on it. */
export const DATABASE_QUERY_TIMEOUT_MS = 60_000;
/** Connections of an instance's pool to the PostgreSQL server. */
export const DATABASE_POOL_MAX = 10;
/**
 * Read replicas (issue 36, `DATABASE_REPLICA_URLS`; apps/server/src/db/replicas.ts). Every this many
 * milliseconds an instance reads the primary's WAL position and each replica's replayed position.
 */
export const REPLICA_HEALTH_INTERVAL_MS = 2000;
/** The longest a replica's health check may wait for its answer, in milliseconds; later, it is down. */
export const REPLICA_HEALTH_TIMEOUT_MS = 1000;
/**
 * A replica's verdict lasts this many milliseconds after its check: a check that hangs (or a stopped
 * timer) leaves the replica out rather than trusted on old news.
 */
export const REPLICA_HEALTH_STALE_MS = 3 * REPLICA_HEALTH_INTERVAL_MS;
/**
 * The lag limit, in milliseconds: a replica that has not yet replayed what the primary had written this
 * long ago (measured to within REPLICA_HEALTH_INTERVAL_MS) is left out until it catches up.
 */
export const REPLICA_LAG_MAX_MS = 5000;
/**
 * Read-your-writes (plugins/read-replicas.ts): after a signed-in person's write, their reads need a
 * replica that has replayed it, for this many milliseconds (the `portal_wrote` cookie's Max-Age). Longer
 * than the lag limit plus the checks' interval and staleness, so that when it ends every replica still
 * in use has the write.
 */
export const READ_YOUR_WRITES_WINDOW_MS =
  REPLICA_LAG_MAX_MS + REPLICA_HEALTH_INTERVAL_MS + REPLICA_HEALTH_STALE_MS + 2000;
/** Retry-After (seconds) of a 503 `database_unavailable` answer while the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
/** A job worker that hit a database error waits this long, doubling on each further error, up to the max. */
export const JOB_ERROR_BACKOFF_MS = 1000;
export const JOB_ERROR_BACKOFF_MAX_MS = 30_000;
/**
 * Backups (issue 23 "Backup and restore"): the archive's format version (manifest.json `format`), how
 * many database snapshots a backup takes before it gives up when files keep vanishing under it (a file
 * deleted after its row was read), and the rows read per round trip of the logical dump and per insert of
 * its restore.
 */
export const BACKUP_FORMAT_VERSION = 1;
export const BACKUP_SNAPSHOT_ATTEMPTS = 3;
export const BACKUP_ROWS_PER_FETCH = 1000;
/** Exit codes of `npm run restore`: the target already holds data; the archive is damaged or foreign. */
export const RESTORE_EXIT_NOT_EMPTY = 2;
export const RESTORE_EXIT_BAD_ARCHIVE = 3;
/**
 * Search engines and link previews (issue 22): the most URLs one sitemap file lists (sitemaps.org; more
 * are paged into a sitemap index), how long a built sitemap is served before it is built again, in
 * milliseconds, and the longest meta description, in characters (search results show about 160).
 */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_CACHE_MS = 300_000;
export const META_DESCRIPTION_MAX = 200;
