/**
 * Stored files (000 §3 File) and download events (the statistics dashboard's raw data, 001 §3).
 * Courseware files belong to a content item (metadataType content, metadataId = content id).
 */
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tsvector } from './courseware.js';

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
    /** The account's business unit and its category group when the download happened (statistics). */
    organizationId: uuid('organization_id'),
    organizationCategory: text('organization_category'),
    /** Generated demo data (SEED_DEMO), never real. */
    isDemo: integer('is_demo').notNull().default(0),
  },
  // Ranges and the export's keyset read (occurred_at, id) in this order.
  (t) => [index('download_event_time_idx').on(t.occurredAt, t.id)],
);

/**
 * Durable background jobs (DESIGN.md: zip bundles, e-mail delivery). A worker claims due rows with
 * `FOR UPDATE SKIP LOCKED` and holds a lease (`lockedUntil`) it renews while working; a row whose
 * lease ran out (its worker died) is claimed again, until `maxAttempts`, then marked failed.
 */
export const job = pgTable(
  'job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_due_idx').on(t.status, t.runAfter)],
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
    format: text('format').notNull().default('zip'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('bundle_content_idx').on(t.contentId, t.fingerprint)],
);

/** Outgoing e-mail (DESIGN.md): stored first, shown to admins, delivered over SMTP by a worker with retries. */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** [{ filename, contentType, base64 }] */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; base64: string }[]>(),
    /** pending | sent | failed (gave up) | logged (no SMTP configured) */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * Job worker heartbeats (issue 23): each worker loop writes `beatAt` at each poll, so `/api/ready` of any
 * instance (also one with JOB_WORKER=false) can tell that some worker is alive.
 */
export const workerHeartbeat = pgTable('worker_heartbeat', {
  workerId: text('worker_id').primaryKey(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});
