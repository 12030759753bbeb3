/**
 * One migrated PGlite cluster for the whole server test run (STYLE.md habit 10, kept fast): the global set-up
 * creates it once and writes its data folder (`dumpDataDir`) to a temporary file; each test file's in-memory
 * database starts from that image instead of running initdb and every migration again (about 3 s a file).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';

/** Vitest global set-up: migrates a fresh PGlite cluster once and provides the path of its image. */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DATABASE_URL) {
    project.provide('databaseImage', '');
    return () => {};
  }
  const database = await openDatabase({});
  await migrate(database);
  const image = await database.dumpImage!();
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-db-image-'));
  const file = path.join(dir, 'pglite.tar');
  fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('databaseImage', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
