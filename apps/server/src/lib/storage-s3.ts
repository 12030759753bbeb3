/**
 * The file store in an S3-compatible object store (issue 24): AWS S3, MinIO, Ceph RGW, Cloudflare R2 and
 * the like, through `@aws-sdk/client-s3`. Uploads stream into a multipart upload (`@aws-sdk/lib-storage`,
 * at most S3_UPLOAD_QUEUE_SIZE parts of S3_UPLOAD_PART_BYTES in memory), which S3 makes visible only when
 * complete; downloads stream from GetObject, a byte range with HTTP Range. Credentials come from the
 * SDK's standard chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, an instance role).
 *
 * Only keys of the store's own form (`<2 hex>/<uuid>`) are listed or swept: a bucket shared with other
 * data keeps it.
 */
import { PassThrough, pipeline, type Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { S3_UPLOAD_PART_BYTES, S3_UPLOAD_QUEUE_SIZE } from '@portal/shared/limits';
import { hashingMeter, isStorageKey, type FileStore } from './storage.js';

export interface S3StoreOptions {
  bucket: string;
  /** The service's URL (MinIO, R2...); unset: AWS S3 of `region`. */
  endpoint?: string;
  region: string;
  /** Path-style addressing (`<endpoint>/<bucket>/<key>`), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** Keys given in the configuration; undefined: the SDK's credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** An error of a missing object, with the code the local store's errors have (ENOENT). */
function missing(key: string, cause: unknown): NodeJS.ErrnoException {
  return Object.assign(new Error(`No stored object ${key}`, { cause }), { code: 'ENOENT' });
}
const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/**
 * A FileStore over the bucket `options.bucket`, which must exist.
 * @param client for tests; by default one made from `options`
 */
export function createS3FileStore(
  options: S3StoreOptions,
  client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
  }),
): FileStore {
  const Bucket = options.bucket;
  const check = (key: string) => {
    if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return key;
  };
  return {
    async put(key, body, { signal } = {}) {
      const meter = hashingMeter();
      // pipeline: an error of the body (a limit, a cut-off request) fails the upload, which then aborts;
      // the caller is told the body's error, not how the abort went (some servers cannot abort).
      let bodyError: Error | undefined;
      const metered = pipeline(body, meter, (error) => {
        bodyError = error ?? undefined;
      }) as typeof meter;
      const abortController = new AbortController();
      const onAbort = () => abortController.abort(signal?.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        if (signal?.aborted) throw signal.reason;
        const upload = new Upload({
          client,
          params: { Bucket, Key: check(key), Body: metered },
          partSize: S3_UPLOAD_PART_BYTES,
          queueSize: S3_UPLOAD_QUEUE_SIZE,
          leavePartsOnError: false,
          abortController,
        });
        await upload.done();
      } catch (error) {
        metered.destroy();
        throw bodyError ?? error;
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
      return meter.digest();
    },
    get(key, range) {
      const out = new PassThrough();
      client
        .send(
          new GetObjectCommand({
            Bucket,
            Key: check(key),
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        )
        .then(
          (response) => {
            const source = response.Body as Readable;
            // The reader went away before the object answered: release the connection.
            if (out.destroyed) source.destroy();
            else pipeline(source, out, () => undefined);
          },
          (error: unknown) => out.destroy(isMissing(error) ? missing(key, error) : (error as Error)),
        );
      return out;
    },
    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: check(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        throw isMissing(error) ? missing(key, error) : error;
      }
    },
    async delete(key) {
      // S3 answers a missing key as a deleted one.
      await client.send(new DeleteObjectCommand({ Bucket, Key: check(key) }));
    },
    async *list(prefix = '') {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key || !isStorageKey(object.Key)) continue;
          yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async removeStalePartials(olderThanMs) {
      const cutoff = Date.now() - olderThanMs;
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      try {
        do {
          const page = await client.send(
            new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }),
          );
          for (const upload of page.Uploads ?? []) {
            if (!upload.Key || !isStorageKey(upload.Key) || !upload.UploadId) continue;
            if ((upload.Initiated?.getTime() ?? 0) > cutoff) continue;
            await client.send(
              new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }),
            );
            removed += 1;
          }
          KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
          UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
        } while (KeyMarker);
      } catch (error) {
        // Some S3-compatible servers cannot list uploads; a bucket lifecycle rule
        // (AbortIncompleteMultipartUpload) removes them there.
        if (error instanceof S3ServiceException && error.name === 'NotImplemented') return removed;
        throw error;
      }
      return removed;
    },
    async downloadUrl(key, { contentType, contentDisposition, expiresInS }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: check(key),
          ResponseContentDisposition: contentDisposition,
          ResponseContentType: contentType,
        }),
        { expiresIn: expiresInS },
      );
    },
  };
}
