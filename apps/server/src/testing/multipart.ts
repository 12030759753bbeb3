/**
 * A multipart/form-data request body for `app.inject`, streamed so that a test can send a file of
 * any size (a 100 MB upload) without holding it in memory: the fields, then the file part last.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';

/** A file part: its bytes, or a size to fill with one repeated byte. */
export interface MultipartFile {
  filename: string;
  contentType?: string;
  content: Buffer | { size: number; byte?: number };
}

const CHUNK_BYTES = 64 * 1024;

function* fill(size: number, byte: number): Generator<Buffer> {
  const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, size), byte);
  for (let left = size; left > 0; left -= chunk.length)
    yield left >= chunk.length ? chunk : chunk.subarray(0, left);
}

/**
 * Builds the body and its headers.
 * @param fields sent in order before the file
 * @param file the file part, or none
 */
export function multipart(
  fields: Record<string, string>,
  file?: MultipartFile,
): { payload: Readable; headers: Record<string, string> } {
  const boundary = `----portal-test-${crypto.randomBytes(8).toString('hex')}`;
  const escape = (v: string) => v.replace(/"/g, '%22').replace(/\r|\n/g, ' ');
  function* parts(): Generator<Buffer> {
    for (const [name, value] of Object.entries(fields)) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${escape(name)}"\r\n\r\n${value}\r\n`,
      );
    }
    if (file) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${escape(file.filename)}"\r\n` +
          `Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      );
      if (Buffer.isBuffer(file.content)) yield file.content;
      else yield* fill(file.content.size, file.content.byte ?? 0x61);
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(parts()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A body of several file parts under one field name (a folder's files, each named by its path), with
 * its headers.
 */
export function multipartFiles(
  field: string,
  files: readonly { filename: string; content: Buffer | string }[],
): { payload: Readable; headers: Record<string, string> } {
  const boundary = `----portal-test-${crypto.randomBytes(8).toString('hex')}`;
  function* parts(): Generator<Buffer> {
    for (const file of files) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.filename.replace(/"/g, '%22')}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      );
      yield Buffer.from(file.content);
      yield Buffer.from('\r\n');
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(parts()),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
