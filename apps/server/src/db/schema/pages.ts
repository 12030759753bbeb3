/**
 * Dynamic pages (001 §3 Page, Page section, Widget; issue 11): a page with its link (unique, stored
 * lower-case), status as for content, layout and meta; its sections in order, each with its widgets as
 * JSON validated by the shared union on `kind`; and a revision for every save (who, when, what: the page
 * as served, to restore). Widget files are rows of `file` with metadata type `page`.
 */
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PageLayoutName } from '@portal/shared/enums';
import type { Page, Widget } from '@portal/shared/schemas/pages';
import { account } from './identity.js';

export const page = pgTable(
  'page',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** '/' then lower-case letters, digits, hyphens and slashes (001 §5); unique. */
    href: text('href').notNull(),
    title: text('title').notNull(),
    parentId: uuid('parent_id'),
    status: text('status').notNull().default('unpublished'),
    layoutName: text('layout_name').$type<PageLayoutName>().notNull().default('handSortedList'),
    /** Layout parameters; group names as `group-<name>`, in tab order. */
    layoutParameters: jsonb('layout_parameters').$type<string[]>().notNull().default([]),
    description: text('description').notNull().default(''),
    /** Addresses of the page's Open Graph images. */
    metaImages: jsonb('meta_images').$type<string[]>().notNull().default([]),
    /** Grows with every save; a reorder naming another version is refused (optimistic concurrency). */
    version: integer('version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('page_href_idx').on(t.href), index('page_parent_idx').on(t.parentId)],
);

export const pageSection = pgTable(
  'page_section',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => page.id, { onDelete: 'cascade' }),
    /** Place of the section on its page, from 0. */
    position: integer('position').notNull(),
    /** The group it belongs to (001 §3 key), null when none. */
    groupKey: text('group_key'),
    widgets: jsonb('widgets').$type<Widget[]>().notNull(),
  },
  (t) => [index('page_section_page_idx').on(t.pageId, t.position)],
);

export const pageRevision = pgTable(
  'page_revision',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pageId: uuid('page_id')
      .notNull()
      .references(() => page.id, { onDelete: 'cascade' }),
    /** What was saved: one of PAGE_REVISION_CHANGES. */
    change: text('change').notNull(),
    title: text('title').notNull(),
    authorId: uuid('author_id').references(() => account.id, { onDelete: 'set null' }),
    /** The author's name when saved (kept if the account goes). */
    authorName: text('author_name').notNull(),
    /** The page as served after the save. */
    snapshot: jsonb('snapshot').$type<Page>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 6 }).notNull().defaultNow(),
  },
  (t) => [index('page_revision_page_idx').on(t.pageId, t.createdAt, t.id)],
);
