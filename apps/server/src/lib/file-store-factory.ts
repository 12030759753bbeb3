/**
 * The file store the configuration names (issue 24): the local folder DATA_DIR/files (the embedded
 * default), or an S3-compatible bucket (FILE_STORE=s3 and S3_*).
 */
import path from 'node:path';
import type { Config } from '../config.js';
import { createLocalFileStore, type FileStore } from './storage.js';
import { createS3FileStore } from './storage-s3.js';

/** Opens the configured store; nothing is read or written yet. */
export function createFileStore(config: Pick<Config, 'dataDir' | 'fileStore'>): FileStore {
  const store = config.fileStore;
  return store.kind === 's3'
    ? createS3FileStore(store)
    : createLocalFileStore(path.join(config.dataDir, 'files'));
}
