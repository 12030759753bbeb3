/**
 * Imports one demo course (a course tree read from ../shared/data) through the course importer of
 * issue 38 (`imports/`), the one way courseware comes in by the course: planned as a package named by
 * the source's key, then written with its files in one transaction. A course whose URL alias exists
 * already is skipped, so a seed run can be repeated.
 */
import type { FastifyBaseLogger } from 'fastify';
import { defaultAlias } from '@portal/shared/schemas/courseware';
import type { Db } from '../../db/client.js';
import type { FileStore } from '../../lib/storage.js';
import { planImport, writeImport, type CourseSource } from '../imports/index.js';
import { contentAliasExists, lockSeed } from './seed.repository.js';

/** What one course import did. */
export interface CourseImportSummary {
  key: string;
  name: string;
  /** True when the course (its URL alias) was already there and nothing was written. */
  skipped: boolean;
  modules: number;
  /** Every content row written, the course included. */
  items: number;
  files: number;
  bytes: number;
  sections: number;
  contributorsCreated: number;
}

/** Thrown inside the transaction when another instance imported the course first; rolls back quietly. */
class AlreadyImported extends Error {}

/**
 * Imports one course unless a content item with its URL alias exists already.
 * @param args.db the database (not a transaction: the importer opens its own)
 * @returns counts of what was written, or `skipped: true`
 * @throws the underlying error when reading a file or writing fails; nothing of the course remains
 */
export async function importCourse(args: {
  db: Db;
  fileStore: FileStore;
  source: CourseSource;
  log?: FastifyBaseLogger;
}): Promise<CourseImportSummary> {
  const { db, fileStore, source } = args;
  const alias = defaultAlias(source.course.name.replace(/\s+/g, ' ').trim());
  const skipped: CourseImportSummary = {
    key: source.key,
    name: source.course.name,
    skipped: true,
    modules: 0,
    items: 0,
    files: 0,
    bytes: 0,
    sections: 0,
    contributorsCreated: 0,
  };
  if (await contentAliasExists(db, alias)) return skipped;
  const plan = await planImport(db, { format: 'folder', packageId: source.key, source, issues: [] });
  try {
    const written = await writeImport({
      db,
      fileStore,
      plan,
      accountId: null,
      log: args.log,
      beforeWrite: async (tx) => {
        await lockSeed(tx);
        if (await contentAliasExists(tx, alias)) throw new AlreadyImported();
      },
    });
    return {
      key: source.key,
      name: written.course.name,
      skipped: false,
      modules: plan.items.filter((i) => i.depth === 1).length,
      items: written.created,
      files: written.filesAdded,
      bytes: written.bytes,
      sections: plan.items.reduce((n, i) => n + i.sections.length, 0),
      contributorsCreated: written.contributorsCreated,
    };
  } catch (error) {
    if (error instanceof AlreadyImported) return skipped;
    throw error;
  }
}
