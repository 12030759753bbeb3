/**
 * The file store the configuration names (issue 24): the local folder DATA_DIR/files (the embedded
 * default), or an S3-compatible bucket (FILE_STORE=s3 and S3_*). The AWS SDK is loaded only for a bucket:
 * a portal on the local folder does not carry its modules in memory.
 */
import path from 'node:path';
import type { Config } from '../config.js';
import { createLocalFileStore, type FileStore } from './storage.js';

/** Opens the configured store; nothing is read or written yet. */
export async function createFileStore(config: Pick<Config, 'dataDir' | 'fileStore'>): Promise<FileStore> {
  const store = config.fileStore;
  if (store.kind === 'local') return createLocalFileStore(path.join(config.dataDir, 'files'));
  const { createS3FileStore } = await import('./storage-s3.js');
  return createS3FileStore(store);
}
