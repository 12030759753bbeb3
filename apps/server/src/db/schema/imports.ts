/**
 * Courseware imported by the course (issue 38): each import of a package (its preview, progress and
 * outcome), and where each imported item and file came from, so that the next version of the same
 * package updates them in place instead of adding copies.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { content } from './courseware.js';
import { file } from './files.js';
import { account } from './identity.js';

/**
 * One import: the package kept in the file store (`storageKey`, removed when the import ends), its
 * format and identifier, the preview (dry run, ImportPreview), the progress while it runs, and the
 * summary or error at its end. `courseId` is the course an earlier import of the same package wrote
 * (null for a new course): one import per course runs at a time.
 */
export const coursewareImport = pgTable(
  'courseware_import',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status').notNull(),
    format: text('format').notNull(),
    packageName: text('package_name').notNull(),
    packageId: text('package_id').notNull(),
    storageKey: text('storage_key'),
    packageSize: integer('package_size').notNull().default(0),
    courseId: uuid('course_id').references(() => content.id, { onDelete: 'set null' }),
    preview: jsonb('preview').notNull(),
    progress: jsonb('progress').notNull(),
    summary: jsonb('summary'),
    error: text('error'),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdBy: uuid('created_by').references(() => account.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'courseware_import_status_check',
      sql`${t.status} IN ('previewed', 'queued', 'running', 'done', 'failed', 'cancelled', 'discarded')`,
    ),
    index('courseware_import_created_idx').on(t.createdAt, t.id),
    // One import of a package runs at a time (IMPORT_ACTIVE_STATUSES).
    uniqueIndex('courseware_import_active_package_idx')
      .on(t.packageId)
      .where(sql`${t.status} IN ('queued', 'running')`),
  ],
);

/** Where an imported item came from: its package and its path there (a cartridge item's identifier). */
export const contentImportOrigin = pgTable(
  'content_import_origin',
  {
    contentId: uuid('content_id')
      .primaryKey()
      .references(() => content.id, { onDelete: 'cascade' }),
    packageId: text('package_id').notNull(),
    path: text('path').notNull(),
    /** A fingerprint of the fields the package gave the item, to tell a changed item from an unchanged one. */
    fieldsHash: text('fields_hash').notNull(),
  },
  (t) => [uniqueIndex('content_import_origin_package_path_idx').on(t.packageId, t.path)],
);

/** Where an imported file came from: its path in the package, under the item it belongs to. */
export const fileImportOrigin = pgTable(
  'file_import_origin',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => file.id, { onDelete: 'cascade' }),
    contentId: uuid('content_id')
      .notNull()
      .references(() => content.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
  },
  (t) => [uniqueIndex('file_import_origin_content_path_idx').on(t.contentId, t.path)],
);
