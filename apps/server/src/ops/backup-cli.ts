/**
 * `npm run backup -- --out FILE`: one consistent archive of the database and the file store (ops/backup.ts)
 * while the portal keeps serving. On a PostgreSQL server (DATABASE_URL) it reads the database itself; on
 * PGlite it asks the running portal through its operations socket (ops/ops-socket.ts), or, when no portal
 * runs, opens the data folder itself. Exit 0 and a summary line, or 1 and the reason.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createFileStore } from '../lib/file-store-factory.js';
import { writeBackup } from './backup.js';
import { requestBackup } from './ops-socket.js';

async function main(): Promise<void> {
  // npm runs workspace scripts in apps/server; relative paths mean the folder npm was run from.
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new Error('usage: npm run backup -- --out FILE');
  const out = path.resolve(values.out);
  const config = loadConfig();
  if (!config.databaseUrl) {
    const answer = await requestBackup(config.dataDir, out);
    if (answer && !answer.ok)
      throw new Error(`the running portal could not write the backup: ${answer.message}`);
    if (answer?.ok) {
      console.log(
        `Backup written by the running portal to ${out}: ${answer.tables} tables, ${answer.rows} rows, ${answer.files} files, ${answer.bytes} bytes.`,
      );
      return;
    }
  }
  const database = await openDatabase({ url: config.databaseUrl, dir: path.join(config.dataDir, 'db') });
  try {
    const { manifest } = await writeBackup({
      database,
      fileStore: await createFileStore(config),
      outPath: out,
    });
    const rowCount = manifest.database.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Backup written to ${out}: ${manifest.database.tables.length} tables, ${rowCount} rows, ${manifest.files.length} files.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
