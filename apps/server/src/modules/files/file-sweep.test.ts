/**
 * The file store's sweep (issue 23): what a killed process left (an object no row names, a partial
 * upload) goes once older than the grace period; files in use and writes in flight stay.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { newStorageKey } from '../../lib/storage.js';
import { storeFile } from '../../testing/fixtures.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { sweepFileStore } from './file-sweep.js';

const { ctx } = useTestApp();
const GRACE_MS = 60_000;
const longAgo = new Date(Date.now() - 2 * GRACE_MS);

const put = async (text: string) => {
  const key = newStorageKey();
  await ctx.fileStore.put(key, Readable.from([Buffer.from(text)]));
  return key;
};
const age = (key: string) => fs.utimesSync(path.join(ctx.dataDir, 'files', key), longAgo, longAgo);
const keys = async () => {
  const listed: string[] = [];
  for await (const object of ctx.fileStore.list()) listed.push(object.key);
  return listed.sort();
};

it('removes old objects no file row names and old partial uploads, and keeps files in use and young objects', async () => {
  const inUse = await storeFile(ctx.database.db, ctx.fileStore, Buffer.from('lab sheet'), {
    name: 'Lab sheet',
    filename: 'lab.txt',
    mimeType: 'text/plain',
  });
  age(inUse.storageKey);
  const orphan = await put('left by a save killed before its commit');
  age(orphan);
  const young = await put('stored a moment ago; its row is being written');
  const partials = path.join(ctx.dataDir, 'files', '.partial');
  fs.mkdirSync(partials, { recursive: true });
  fs.writeFileSync(path.join(partials, 'stale'), 'half an upload');
  fs.utimesSync(path.join(partials, 'stale'), longAgo, longAgo);
  fs.writeFileSync(path.join(partials, 'writing'), 'an upload in flight');

  expect(await keys()).toEqual([inUse.storageKey, orphan, young].sort());
  const swept = await sweepFileStore(ctx.database.db, ctx.fileStore, { graceMs: GRACE_MS });

  expect(swept).toEqual({ orphans: 1, partials: 1 });
  expect(await keys()).toEqual([inUse.storageKey, young].sort());
  expect(fs.readdirSync(partials)).toEqual(['writing']);
  expect(await ctx.fileStore.size(inUse.storageKey)).toBe('lab sheet'.length);
});

it('lists objects by key prefix', async () => {
  const key = await put('one object');
  const listed: string[] = [];
  for await (const object of ctx.fileStore.list(key.slice(0, 2))) listed.push(object.key);
  expect(listed).toContain(key);
  expect(listed.every((k) => k.startsWith(key.slice(0, 2)))).toBe(true);
});
