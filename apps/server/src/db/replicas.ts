/**
 * Read replicas (issue 36; DESIGN.md "Shape of the system"): PostgreSQL streaming replicas of the primary
 * (DATABASE_REPLICA_URLS) serving the reads that may be a little behind. Which request reads where is
 * plugins/read-replicas.ts; this file keeps the replicas and their health.
 *
 * One pg pool per replica, with the primary's limits. Every REPLICA_HEALTH_INTERVAL_MS the set reads the
 * primary's WAL position (`pg_current_wal_lsn()`) and each replica's replayed one
 * (`pg_last_wal_replay_lsn()`). It keeps the primary's positions of the last REPLICA_LAG_MAX_MS and the
 * newest one before: a replica is healthy when it is in recovery and has replayed that oldest position,
 * i.e. what the primary had written REPLICA_LAG_MAX_MS ago (at start, the first position read). Lag is so
 * measured with this process's clock whatever the servers' clocks say, and an idle primary never makes a
 * replica look behind (comparing `pg_last_xact_replay_timestamp()` with now would).
 *
 * `pick` gives the healthy replicas in turn, or the primary when none is. A replica's Db falls back to the
 * primary by itself: a query the replica cannot answer because it is out of reach (refused, reset,
 * shutting down, SQLSTATE class 08) leaves it out at once and runs again on the primary, so a replica
 * going down costs no request an error; the next health check looks at it again. A query a hot standby
 * cancels for a recovery conflict also runs again on the primary, without leaving the replica out.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import {
  REPLICA_HEALTH_INTERVAL_MS,
  REPLICA_HEALTH_STALE_MS,
  REPLICA_HEALTH_TIMEOUT_MS,
  REPLICA_LAG_MAX_MS,
} from '@portal/shared/limits';
import { isDatabaseUnavailable } from '../plugins/error-handler.js';
import { schema, serverPool, type Db } from './client.js';

/** SQLSTATE of a query a hot standby cancelled because replay needed what it read (a recovery conflict). */
const RECOVERY_CONFLICT = '40001';
/** SQLSTATE of a write in a read-only transaction: a write that reached a replica (a bug, logged). */
const READ_ONLY_TRANSACTION = '25006';

/** Where the set reports a replica left out or back in use (pino's signature). */
export interface ReplicaLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** One replica as `status` shows it. */
export interface ReplicaStatus {
  /** `host:port/database` of its URL (never its password). */
  name: string;
  /** Whether `pick` may give it now. */
  isHealthy: boolean;
  /** Why it is left out (unreachable, lagging, not in recovery, not checked yet); null when healthy. */
  problem: string | null;
  /** The WAL position it had replayed at its last check (`16/B374D848`), or null before any. */
  replayedLsn: string | null;
  /** Queries it answered since the set was made. */
  reads: number;
}

/** The replicas of one instance (see the module's comment). */
export interface ReplicaSet {
  /**
   * The Db of the next healthy replica that has replayed `lsn` (a write's position, when given), or the
   * primary's Db when none has. Choose once per request: each Db is the same object every time.
   */
  pick(lsn?: bigint | null): Db;
  /** The primary's WAL position now: read after a write, what a replica must have replayed to show it. */
  primaryLsn(): Promise<bigint>;
  /** Checks every replica now (the set also does so every REPLICA_HEALTH_INTERVAL_MS); never throws. */
  check(): Promise<void>;
  /** Each replica's state, in the order of DATABASE_REPLICA_URLS. */
  status(): ReplicaStatus[];
  /** Stops the checks and closes the replicas' pools (not the primary's). */
  close(): Promise<void>;
}

interface Replica {
  name: string;
  pool: pg.Pool;
  db: Db;
  isHealthy: boolean;
  problem: string | null;
  /** When its last check answered (performance.now()); a verdict older than REPLICA_HEALTH_STALE_MS is void. */
  checkedAt: number;
  replayedLsn: bigint | null;
  reads: number;
}

/** A WAL position as PostgreSQL writes it (`16/B374D848`) as a number; null when the text is not one. */
export function parseLsn(text: string): bigint | null {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  return match ? (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`) : null;
}

/** The text of a WAL position (parseLsn's inverse). */
export function formatLsn(lsn: bigint): string {
  const hex = (n: bigint) => n.toString(16).toUpperCase();
  return `${hex(lsn >> 32n)}/${hex(lsn & 0xffffffffn)}`;
}

/** `host:port/database` of a postgres:// URL. */
function nameOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/**
 * A query of a health check, given up after REPLICA_HEALTH_TIMEOUT_MS (pg reads `query_timeout` from a
 * query's configuration too; its types know it only on the pool's).
 */
const healthQuery = (text: string): pg.QueryConfig =>
  ({ text, query_timeout: REPLICA_HEALTH_TIMEOUT_MS }) as pg.QueryConfig;

/** The SQLSTATE or errno of a driver error, if any. */
const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/**
 * What Drizzle's node-postgres driver is given for a replica: its pool, falling back to the primary's for
 * what the replica cannot answer (see the module's comment). Its name ends in `Pool`, which is how
 * Drizzle knows to take a client of its own for a transaction.
 */
class FailoverPool {
  constructor(
    private readonly replica: Replica,
    private readonly primary: pg.Pool,
    private readonly onUnreachable: (replica: Replica, error: unknown) => void,
    private readonly log: ReplicaLog,
  ) {}

  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    if (this.replica.isHealthy) {
      try {
        const result = await this.replica.pool.query(config, values);
        this.replica.reads += 1;
        return result;
      } catch (error) {
        if (!this.isPrimaryBetter(error)) throw error;
      }
    }
    return this.primary.query(config, values);
  }

  async connect(): Promise<pg.PoolClient> {
    if (this.replica.isHealthy) {
      try {
        return await this.replica.pool.connect();
      } catch (error) {
        if (!this.isPrimaryBetter(error)) throw error;
      }
    }
    return this.primary.connect();
  }

  /** Whether a replica's failure is one the primary may answer instead (leaving the replica out if down). */
  private isPrimaryBetter(error: unknown): boolean {
    if (isDatabaseUnavailable(error)) {
      this.onUnreachable(this.replica, error);
      return true;
    }
    const code = codeOf(error);
    if (code === READ_ONLY_TRANSACTION)
      this.log.error({ err: error, replica: this.replica.name }, 'a write reached a read replica');
    return code === RECOVERY_CONFLICT || code === READ_ONLY_TRANSACTION;
  }
}

/**
 * Opens a pool per replica URL, checks them once (so that the first requests may use them) and then every
 * REPLICA_HEALTH_INTERVAL_MS.
 * @param options.primary the primary's pool and Db (db/client.ts): positions are read there, and it
 *   answers whatever no replica may
 */
export async function createReplicaSet(options: {
  primary: { pool: pg.Pool; db: Db };
  urls: readonly string[];
  log: ReplicaLog;
}): Promise<ReplicaSet> {
  const { primary, log } = options;
  /** Positions of the primary (oldest first): the newest at least REPLICA_LAG_MAX_MS old, and those after. */
  const positions: { at: number; lsn: bigint }[] = [];

  const setVerdict = (replica: Replica, problem: string | null) => {
    const wasHealthy = replica.isHealthy;
    replica.isHealthy = problem === null;
    replica.problem = problem;
    if (wasHealthy && problem) log.warn({ replica: replica.name, problem }, 'read replica left out');
    else if (!wasHealthy && !problem) log.info({ replica: replica.name }, 'read replica in use');
  };
  const onUnreachable = (replica: Replica, error: unknown) =>
    setVerdict(replica, `unreachable: ${(error as Error | undefined)?.message ?? String(error)}`);

  const replicas: Replica[] = options.urls.map((url) => {
    const replica: Replica = {
      name: nameOf(url),
      pool: serverPool(url),
      db: undefined as unknown as Db,
      isHealthy: false,
      problem: 'not checked yet',
      checkedAt: -Infinity,
      replayedLsn: null,
      reads: 0,
    };
    const client = new FailoverPool(replica, primary.pool, onUnreachable, log);
    replica.db = drizzle(client as unknown as pg.Pool, { schema }) as unknown as Db;
    // An idle connection the replica drops (a stop, a restart) leaves it out until its next check, and
    // must not crash the process.
    replica.pool.on('error', (error) => onUnreachable(replica, error));
    return replica;
  });

  const readPrimaryLsn = async (isHealthCheck = false): Promise<bigint> => {
    const text = 'SELECT pg_current_wal_lsn()::text AS lsn';
    const { rows } = await primary.pool.query<{ lsn: string }>(isHealthCheck ? healthQuery(text) : text);
    const lsn = parseLsn(rows[0]?.lsn ?? '');
    if (lsn === null) throw new Error(`unexpected WAL position from the primary: ${rows[0]?.lsn}`);
    return lsn;
  };

  const checkReplica = async (replica: Replica, required: bigint) => {
    try {
      const { rows } = await replica.pool.query<{ recovery: boolean; replayed: string | null }>(
        healthQuery('SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replayed'),
      );
      const replayed = parseLsn(rows[0]?.replayed ?? '') ?? 0n;
      replica.replayedLsn = replayed;
      replica.checkedAt = performance.now();
      setVerdict(
        replica,
        !rows[0]?.recovery
          ? 'not in recovery: promoted, or not a replica'
          : replayed < required
            ? `lagging: it has not replayed what the primary had written ${REPLICA_LAG_MAX_MS} ms ago`
            : null,
      );
    } catch (error) {
      onUnreachable(replica, error);
    }
  };

  const runCheck = async () => {
    const now = performance.now();
    try {
      positions.push({ at: now, lsn: await readPrimaryLsn(true) });
      while (positions.length > 1 && positions[1]!.at <= now - REPLICA_LAG_MAX_MS) positions.shift();
    } catch {
      // The primary out of reach: the replicas are measured against the positions already read.
    }
    await Promise.all(replicas.map((replica) => checkReplica(replica, positions[0]?.lsn ?? 0n)));
  };

  // Checks run one after another (a slow one never overlaps the next), each timer set after the last.
  let queue: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let isClosed = false;
  const check = (): Promise<void> => (queue = queue.then(runCheck, runCheck));
  const schedule = () => {
    if (isClosed) return;
    timer = setTimeout(() => void check().finally(schedule), REPLICA_HEALTH_INTERVAL_MS);
    timer.unref();
  };
  await check();
  schedule();

  /** Healthy at its last check, and that check recent enough to go by. */
  const isUsable = (r: Replica, now: number) => r.isHealthy && now - r.checkedAt <= REPLICA_HEALTH_STALE_MS;
  let turn = 0;
  return {
    pick(lsn) {
      const now = performance.now();
      const usable = replicas.filter(
        (r) => isUsable(r, now) && (lsn == null || (r.replayedLsn !== null && r.replayedLsn >= lsn)),
      );
      if (usable.length === 0) return primary.db;
      turn = (turn + 1) % usable.length;
      return usable[turn]!.db;
    },
    primaryLsn: () => readPrimaryLsn(),
    check,
    status: () =>
      replicas.map((r) => ({
        name: r.name,
        isHealthy: isUsable(r, performance.now()),
        problem: r.isHealthy && !isUsable(r, performance.now()) ? 'not checked lately' : r.problem,
        replayedLsn: r.replayedLsn === null ? null : formatLsn(r.replayedLsn),
        reads: r.reads,
      })),
    async close() {
      isClosed = true;
      clearTimeout(timer);
      await queue;
      await Promise.all(replicas.map((r) => r.pool.end()));
    },
  };
}
