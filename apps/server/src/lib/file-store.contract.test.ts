/**
 * The file store's contract (issue 24): one suite, run against the local folder and against a real
 * S3-compatible server (s3rver on a loopback port). Whatever the store, a caller sees the same
 * behaviour: whole objects only, byte ranges, listing by prefix, a missing key as ENOENT, nothing left
 * of an interrupted upload, and one whole body when two writers race on a key.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3_UPLOAD_PART_BYTES } from '@portal/shared/limits';
import { startS3Server, type S3TestServer } from '../testing/s3-server.js';
import { createLocalFileStore, newStorageKey, type FileStore } from './storage.js';

/** Bigger than one part of the S3 store, so that its upload is multipart. */
const MULTIPART_BYTES = S3_UPLOAD_PART_BYTES + 1024 * 1024;

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
/** A body that yields `bytes` in chunks, then fails (a request cut off mid-upload). */
async function* failingAfter(bytes: Buffer): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += 1024 * 1024) yield bytes.subarray(at, at + 1024 * 1024);
  throw new Error('the client went away');
}
async function keysOf(store: FileStore, prefix?: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys;
}

let s3: S3TestServer;
const localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'store-contract-'));
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

/**
 * What a store promises when two writers race on one key. The local folder renames a finished file into
 * place, and S3 itself never shows a partial object ("if you receive a success response, Amazon S3 added
 * the entire object"): one writer's whole body. s3rver, the stand-in server, writes the object's file in
 * place, so two racing writers can interleave there; only its size is whole. The portal itself never
 * has two writers of one key (every upload gets a fresh one).
 */
type RaceResult = 'one whole body' | 'whole size';

describe.each<[string, () => FileStore, RaceResult]>([
  ['local folder', () => createLocalFileStore(localRoot), 'one whole body'],
  ['S3 (s3rver)', () => s3.store(), 'whole size'],
])('file store: %s', (_name, open, race) => {
  let store: FileStore;
  beforeAll(() => {
    store = open();
  });

  it('stores an object whole and reports its size and SHA-256; gets it whole or by byte range', async () => {
    const bytes = crypto.randomBytes(MULTIPART_BYTES);
    const key = newStorageKey();
    expect(await store.put(key, Readable.from([bytes]))).toEqual({
      size: bytes.length,
      sha256: sha256(bytes),
    });
    expect(await store.size(key)).toBe(bytes.length);
    expect(sha256(await read(store.get(key)))).toBe(sha256(bytes));
    expect(await read(store.get(key, { start: 10, end: 19 }))).toEqual(bytes.subarray(10, 20));
    expect(await read(store.get(key, { start: bytes.length - 5 }))).toEqual(bytes.subarray(-5));
  });

  it('lists objects by key prefix, with their size and time', async () => {
    const keys = [newStorageKey(), newStorageKey(), newStorageKey()];
    for (const key of keys) await store.put(key, Readable.from([Buffer.from(key)]));
    const all = await keysOf(store);
    expect(all).toEqual(expect.arrayContaining(keys));
    const prefix = keys[0]!.slice(0, 2);
    const some = await keysOf(store, prefix);
    expect(some).toContain(keys[0]);
    expect(some.every((key) => key.startsWith(prefix))).toBe(true);
    const [listed] = await (async () => {
      const found = [];
      for await (const object of store.list(keys[1]!)) found.push(object);
      return found;
    })();
    expect(listed).toMatchObject({ key: keys[1], size: keys[1]!.length });
    expect(Math.abs(listed!.modifiedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('answers a missing key with ENOENT, and deletes an object (a missing one too)', async () => {
    const key = newStorageKey();
    await expect(store.size(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(read(store.get(key))).rejects.toMatchObject({ code: 'ENOENT' });
    await store.put(key, Readable.from([Buffer.from('to be deleted')]));
    await store.delete(key);
    await expect(store.size(key)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(store.delete(key)).resolves.toBeUndefined();
    expect(await keysOf(store)).not.toContain(key);
  });

  it('leaves nothing of an upload whose body fails or which is aborted', async () => {
    const failed = newStorageKey();
    await expect(
      store.put(failed, Readable.from(failingAfter(crypto.randomBytes(MULTIPART_BYTES)))),
    ).rejects.toThrow('the client went away');
    const aborted = newStorageKey();
    const controller = new AbortController();
    const slow = Readable.from(
      (async function* () {
        yield crypto.randomBytes(1024);
        controller.abort(new Error('stopped'));
        await new Promise((resolve) => setTimeout(resolve, 50));
        yield crypto.randomBytes(1024);
      })(),
    );
    await expect(store.put(aborted, slow, { signal: controller.signal })).rejects.toThrow();
    for (const key of [failed, aborted])
      await expect(store.size(key)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await keysOf(store)).not.toEqual(expect.arrayContaining([failed]));
    expect(await keysOf(store)).not.toEqual(expect.arrayContaining([aborted]));
    expect(await store.removeStalePartials(0)).toBeGreaterThanOrEqual(0);
  });

  it('keeps one whole body when two writers race on one key', async () => {
    const key = newStorageKey();
    const bodies = [crypto.randomBytes(MULTIPART_BYTES), crypto.randomBytes(MULTIPART_BYTES)];
    const results = await Promise.all(bodies.map((body) => store.put(key, Readable.from([body]))));
    expect(results.map((r) => r.sha256)).toEqual(bodies.map(sha256));
    expect(await store.size(key)).toBe(MULTIPART_BYTES);
    const stored = await read(store.get(key));
    expect(stored.length).toBe(MULTIPART_BYTES);
    if (race === 'one whole body') expect(bodies.map(sha256)).toContain(sha256(stored));
  });

  it('refuses a key not of its own form', async () => {
    await expect(store.put('../escape', Readable.from([Buffer.from('x')]))).rejects.toThrow(
      'Invalid storage key',
    );
  });
});
