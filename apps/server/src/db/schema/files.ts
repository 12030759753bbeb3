/**
 * Stored files (000 §3 File), their extracted text and the bundles of content trees. Courseware files
 * belong to a content item (metadataType content, metadataId = content id).
 */
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tsvector } from '../columns.js';
import type { BundleFormat } from '@portal/shared/schemas/files';

export const file = pgTable(
  'file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Display name (000 §5: at most 120). */
    name: text('name').notNull(),
    /** Name given to the downloaded file. */
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256'),
    /** Key in the file store; never a client-provided path. */
    storageKey: text('storage_key').notNull(),
    visibility: text('visibility').notNull().default('private'),
    metadataType: text('metadata_type').notNull().default('content'),
    metadataId: uuid('metadata_id'),
    status: text('status').notNull().default('ready'),
    index: integer('index').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [index('file_metadata_idx').on(t.metadataId, t.index)],
);

/**
 * The plain text of a courseware file, extracted by a job after upload or import (issue: search inside
 * the courseware's own documents), or why it could not be (`failure_reason`). Deleting the file deletes it; a trigger (migration 0008) keeps the
 * item's `document_vector` equal to its files' vectors, so no stale words stay searchable.
 */
export const fileText = pgTable(
  'file_text',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => file.id, { onDelete: 'cascade' }),
    contentId: uuid('content_id').notNull(),
    /** Markup stripped, at most DOCUMENT_TEXT_MAX characters. */
    text: text('text').notNull(),
    textVector: tsvector('text_vector').notNull(),
    extractedAt: timestamp('extracted_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Why the text was not extracted (issue 20: the document took too long, needed too much memory, or
     * could not be read), in words a curator reads; the text is then empty. Null: extracted.
     */
    failureReason: text('failure_reason'),
  },
  (t) => [index('file_text_content_idx').on(t.contentId)],
);

/**
 * The earlier contents of a replaced courseware file (issue 37 "Replacing a file keeps the earlier
 * version"): the file row keeps its id and address and takes the new bytes; the bytes it had stay in the
 * store under their key, named here, until the file is deleted (then the sweep removes them).
 */
export const fileVersion = pgTable(
  'file_version',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => file.id, { onDelete: 'cascade' }),
    /** The item the file belonged to when it was replaced. */
    contentId: uuid('content_id'),
    name: text('name').notNull(),
    filename: text('filename').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256'),
    storageKey: text('storage_key').notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
    replacedBy: uuid('replaced_by'),
  },
  (t) => [index('file_version_file_idx').on(t.fileId, t.replacedAt)],
);

/**
 * Bundles of a content tree (000 §4, §7): the bundle file, what it is built as (`zip`, or `imscc` for
 * the Common Cartridge export of issue 26), and the fingerprint of the tree it holds.
 */
export const bundle = pgTable(
  'bundle',
  {
    fileId: uuid('file_id')
      .primaryKey()
      .references(() => file.id, { onDelete: 'cascade' }),
    contentId: uuid('content_id').notNull(),
    /** SHA-256 over the tree's items and files as built; an unchanged tree reuses the bundle. */
    fingerprint: text('fingerprint').notNull(),
    /** zip | imscc (BUNDLE_FORMATS). */
    format: text('format').$type<BundleFormat>().notNull().default('zip'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bundle_content_idx').on(t.contentId, t.fingerprint)],
);
