/**
 * A real S3-compatible server for tests and benchmarks (`s3rver` on 127.0.0.1, a free port, its data in
 * a temporary folder), with one bucket; `env` is the portal's configuration for it (issue 24).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { createS3FileStore } from '../lib/storage-s3.js';
import type { FileStore } from '../lib/storage.js';

/** s3rver's fixed credentials. */
const ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  /** FILE_STORE, S3_* and the AWS credentials of a portal using this server. */
  env: Record<string, string>;
  /** A file store over the bucket. */
  store(): FileStore;
  close(): Promise<void>;
}

/** Starts the server with an empty bucket `bucket`. */
export async function startS3Server(bucket = 'portal-files'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const options = {
    bucket,
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
  };
  return {
    endpoint,
    bucket,
    env: {
      FILE_STORE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: REGION,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: ACCESS_KEY,
      AWS_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    store: () => createS3FileStore(options),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
