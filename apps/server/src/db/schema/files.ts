/**
 * Stored files (000 §3 File) and download events (the statistics dashboard's raw data, 001 §3).
 * Courseware files belong to a content item (metadataType content, metadataId = content id).
 */
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

export const downloadEvent = pgTable(
  'download_event',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    accountId: uuid('account_id'),
    userName: text('user_name'),
    userEmail: text('user_email'),
    fileId: uuid('file_id').notNull(),
    fileName: text('file_name').notNull(),
    contentId: uuid('content_id'),
    contentName: text('content_name'),
    topContentId: uuid('top_content_id'),
    topContentName: text('top_content_name'),
    tags: jsonb('tags').$type<string[]>(),
  },
  (t) => [index('download_event_time_idx').on(t.occurredAt)],
);
