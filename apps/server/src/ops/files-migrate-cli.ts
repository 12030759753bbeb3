/**
 * `npm run files:migrate -- --to s3`: copies every file of the local store (DATA_DIR/files) into the
 * bucket of the S3_* settings and verifies each by SHA-256 (ops/files-migrate.ts); run it again after a
 * stop and it skips what is there. Then switch FILE_STORE=s3 and restart (docs/operations.md "Deployment"). Exit 0 and
 * a summary, or 1 when any file failed (named) or the settings are wrong.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createFileStore } from '../lib/file-store-factory.js';
import { createLocalFileStore } from '../lib/storage.js';
import { migrateFiles } from './files-migrate.js';

/** A progress line every this many objects. */
const PROGRESS_EVERY = 500;

async function main(): Promise<void> {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  if (values.to !== 's3') throw new Error('usage: npm run files:migrate -- --to s3');
  // The bucket's settings, whatever FILE_STORE says now (it is switched after the copy).
  const config = loadConfig({ ...process.env, FILE_STORE: 's3' });
  const source = createLocalFileStore(path.join(config.dataDir, 'files'));
  const target = await createFileStore(config);
  const started = Date.now();
  const summary = await migrateFiles(source, target, (progress) => {
    const done = progress.copied + progress.skipped + progress.failed.length;
    if (done % PROGRESS_EVERY === 0)
      console.log(`${done} files: ${progress.copied} copied, ${progress.skipped} already there`);
  });
  const bucket = config.fileStore.kind === 's3' ? config.fileStore.bucket : '';
  console.log(
    `Copied ${summary.copied} files (${summary.copiedBytes} bytes) into ${bucket}, ${summary.skipped} already there, ${summary.failed.length} failed, in ${Math.round((Date.now() - started) / 1000)} s.`,
  );
  for (const f of summary.failed) console.error(`  ${f.key}: ${f.reason}`);
  if (summary.failed.length > 0) {
    console.error('Some files were not copied: fix the cause and run the command again.');
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
