/**
 * The file store's part of the configuration (issue 24; config.ts reads the whole environment): where
 * files are kept, and for an S3-compatible bucket how to reach it. Documented in the README.
 */
import { z } from 'zod';

/** A true/false variable (`true`, `false`, `1`, `0`); config.ts reads its own flags with it too. */
export const bool = z
  .enum(['true', 'false', '1', '0'], { message: 'use true or false' })
  .transform((v) => v === 'true' || v === '1');

/** The variables of the file store, merged into config.ts's schema. */
export const FileStoreEnv = z.object({
  /** Where files are kept (issue 24): `local` (DATA_DIR/files) or `s3` (an S3-compatible bucket). */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  /** The bucket of FILE_STORE=s3; it must exist. */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  /** The S3-compatible service's URL (MinIO, Ceph RGW, R2...); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().max(64).default('us-east-1'),
  /** Path-style addressing (`<endpoint>/<bucket>/<key>`), which most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * The standard AWS variables, read here so that every store this process opens uses them; unset, the
   * SDK's own chain (a profile, an instance or task role) applies.
   */
  AWS_ACCESS_KEY_ID: z.string().max(256).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().max(256).optional(),
  AWS_SESSION_TOKEN: z.string().max(4096).optional(),
  /** true: downloads redirect to a presigned URL of the bucket (S3_PRESIGNED_URL_TTL_S seconds). */
  S3_PRESIGNED_DOWNLOADS: bool.default(false),
});

/** Where files are kept: the local folder DATA_DIR/files, or an S3-compatible bucket. */
export type FileStoreConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      presignedDownloads: boolean;
      /** From AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN); undefined: the SDK's chain. */
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
    };

/**
 * The file store a checked environment names.
 * @throws Error when FILE_STORE is s3 without S3_BUCKET
 */
export function fileStoreOf(e: z.infer<typeof FileStoreEnv>): FileStoreConfig {
  if (e.FILE_STORE !== 's3') return { kind: 'local' };
  if (!e.S3_BUCKET) throw new Error('Invalid configuration:\n  S3_BUCKET: required when FILE_STORE is s3');
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
    presignedDownloads: e.S3_PRESIGNED_DOWNLOADS,
    credentials:
      e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: e.AWS_ACCESS_KEY_ID,
            secretAccessKey: e.AWS_SECRET_ACCESS_KEY,
            sessionToken: e.AWS_SESSION_TOKEN,
          }
        : undefined,
  };
}
