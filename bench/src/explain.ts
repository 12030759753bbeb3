/**
 * EXPLAIN (ANALYZE, BUFFERS) of a search class (issue "Search speed regained": where the time goes
 * inside the database): runs the class's request through the server's own search code on the bench
 * database, as a visitor, catches every statement it sends, and writes each statement with its plan
 * to a file under .bench/. Run after the timed requests, so the kept plans and rankings are those the
 * timed requests used. Statements that write (the search cache) are listed but not explained.
 */
import fs from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { derivePermissions } from '@portal/shared/permissions';
import { SearchContentQuerySchema } from '@portal/shared/schemas/courseware';
import { openDatabase, type Db } from '../../apps/server/src/db/client.js';
import { searchCatalogue } from '../../apps/server/src/modules/courseware/search.service.js';

/** Statements that only read, which EXPLAIN ANALYZE may run again without changing anything. */
const READ_ONLY = /^\s*(SELECT|WITH)\b/i;

/**
 * Explains the search of `path` (/api/v1/content/search?...) on the database of `env`
 * (BENCH_DATABASE_URL or BENCH_PGLITE_DIR) into `file`.
 * @throws Error when the path is no search or the database cannot be opened
 */
export async function explainSearch(args: {
  env: Record<string, string>;
  path: string;
  label: string;
  file: string;
  /** The class asks with `Cache-Control: no-cache`: the search is worked out anew, as its requests were. */
  isFresh?: boolean;
}): Promise<void> {
  const url = new URL(args.path, 'http://bench.invalid');
  if (url.pathname !== '/api/v1/content/search') throw new Error(`${args.path} is not a search`);
  const query = SearchContentQuerySchema.parse(Object.fromEntries(url.searchParams));
  const database = await openDatabase(
    args.env.BENCH_DATABASE_URL ? { url: args.env.BENCH_DATABASE_URL } : { dir: args.env.BENCH_PGLITE_DIR },
  );
  try {
    const db = database.db;
    const statements: SQL[] = [];
    const execute = db.execute.bind(db);
    (db as { execute: Db['execute'] }).execute = ((statement: SQL) => {
      statements.push(statement);
      return execute(statement);
    }) as Db['execute'];
    const perms = derivePermissions([], false);
    const started = performance.now();
    await searchCatalogue(db, perms, query, undefined, { isFresh: args.isFresh ?? false });
    const inProcessMs = performance.now() - started;
    (db as { execute: Db['execute'] }).execute = execute;

    const dialect = (db as unknown as { dialect: { sqlToQuery(s: SQL): { sql: string; params: unknown[] } } })
      .dialect;
    const sections = [
      `EXPLAIN (ANALYZE, BUFFERS) of ${args.label}: GET ${args.path}`,
      `as a visitor, ${database.kind}; the search took ${inProcessMs.toFixed(1)} ms in process, ${new Date().toISOString()}`,
    ];
    for (const [i, statement] of statements.entries()) {
      const { sql: text, params } = dialect.sqlToQuery(statement);
      sections.push(
        '',
        `-- statement ${i + 1} of ${statements.length}`,
        text.trim(),
        `-- params: ${JSON.stringify(params)}`,
      );
      if (!READ_ONLY.test(text)) {
        sections.push('-- (writes: not explained)');
        continue;
      }
      const plan = (await execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`)) as unknown as {
        rows: Record<string, string>[];
      };
      sections.push(...plan.rows.map((row) => row['QUERY PLAN'] ?? Object.values(row).join(' ')));
    }
    fs.writeFileSync(args.file, `${sections.join('\n')}\n`);
  } finally {
    await database.close();
  }
}
