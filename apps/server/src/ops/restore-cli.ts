/**
 * `npm run restore -- FILE`: brings a backup archive into the configured place (DATABASE_URL, else the
 * PGlite folder under DATA_DIR; the file store under DATA_DIR), which must be empty (ops/restore.ts).
 * Exit 0 and a summary; RESTORE_EXIT_NOT_EMPTY (2) when the target holds data; RESTORE_EXIT_BAD_ARCHIVE
 * (3) when the archive is damaged or newer than this portal — in both cases nothing was written; 1 otherwise.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { RESTORE_EXIT_BAD_ARCHIVE, RESTORE_EXIT_NOT_EMPTY } from '@portal/shared/limits';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { createFileStore } from '../lib/file-store-factory.js';
import { isPortalRunning } from './ops-socket.js';
import {
  assertEmptyTarget,
  BadArchiveError,
  restoreBackup,
  TargetNotEmptyError,
  verifyArchive,
} from './restore.js';

async function main(): Promise<void> {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) throw new Error('usage: npm run restore -- FILE');
  const archive = path.resolve(positionals[0]!);
  const config = loadConfig();
  const fileStore = await createFileStore(config);
  const pgliteDir = path.join(config.dataDir, 'db');
  if (await isPortalRunning(config.dataDir))
    throw new TargetNotEmptyError(`a portal is serving from ${config.dataDir}`);
  const verified = await verifyArchive(archive);
  // Checked before the database is opened: opening PGlite creates its folder.
  await assertEmptyTarget({ pgliteDir: config.databaseUrl ? undefined : pgliteDir, fileStore });
  const database = await openDatabase({ url: config.databaseUrl, dir: pgliteDir });
  try {
    const manifest = await restoreBackup({
      archive,
      database,
      fileStore,
      verified,
    });
    const rowCount = manifest.database.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Restored ${archive} (made ${manifest.createdAt} from ${manifest.database.kind}): ${rowCount} rows, ${manifest.files.length} files.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const refused = error instanceof TargetNotEmptyError || error instanceof BadArchiveError;
  console.error(
    `Restore ${refused ? 'refused, nothing written' : 'failed'}: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(
    error instanceof TargetNotEmptyError
      ? RESTORE_EXIT_NOT_EMPTY
      : error instanceof BadArchiveError
        ? RESTORE_EXIT_BAD_ARCHIVE
        : 1,
  );
});
