/**
 * Dynamic pages (001 §2 Dynamic pages, Page editing dialogs; §3 Page, Page section, Widget and its kinds;
 * §4 Reorder, Section save; §5 Page dialog, Images and files; §7 Page client; issue 11).
 *
 * Endpoints (all under /api/v1; bodies and answers are the schemas named here; errors are the shared
 * `{ code, message, details? }`; 400 bad input, 404 unknown or hidden, 409 conflict, 422 broken rule):
 *
 * | Method | Path                                         | Body / query                | Answer               | Permission |
 * |--------|----------------------------------------------|-----------------------------|----------------------|------------|
 * | GET    | /pages                                       | PageListQuerySchema         | PageListSchema       | anyone: published and unlisted pages; CanUpdateContent: every status (`statuses` filter) |
 * | GET    | /pages/by-href?href=/x                       | PageByHrefQuerySchema (lower-cased) | PageSchema   | anyone for published/unlisted; unpublished/archived only CanUpdateContent, else 404 |
 * | GET    | /pages/{id}                                  | —                           | PageSchema           | as by-href |
 * | POST   | /pages                                       | CreatePageRequestSchema     | 201 PageSchema       | CanUpdateContent; 409 link used (PAGE_MESSAGES.hrefTaken) |
 * | PATCH  | /pages/{id}                                  | UpdatePageRequestSchema     | PageSchema           | CanUpdateContent; 409 link used or stale version |
 * | DELETE | /pages/{id}                                  | —                           | 204                  | CanDeletePage; removes its sections, revisions and widget files |
 * | POST   | /pages/{id}/sections                         | SectionRequestSchema        | 201 PageSchema       | CanUpdateContent |
 * | PUT    | /pages/{id}/sections/{sectionId}             | SectionRequestSchema        | PageSchema           | CanUpdateContent; files the section no longer names are deleted after the save |
 * | DELETE | /pages/{id}/sections/{sectionId}             | —                           | PageSchema           | CanUpdateContent; the section's files are deleted |
 * | PUT    | /pages/{id}/layout                           | PageLayoutRequestSchema     | PageSchema           | CanUpdateContent; 409 stale version (PAGE_MESSAGES.stale) |
 * | GET    | /pages/{id}/revisions                        | PageRevisionListQuerySchema | PageRevisionListSchema | CanUpdateContent |
 * | POST   | /pages/{id}/revisions/{revisionId}/restore   | —                           | PageSchema           | CanUpdateContent; 409 when the revision's link is now another page's |
 *
 * Widget files reuse the public-file mechanism of the file service:
 * `POST /files` multipart, fields `type, name, visibility=public, metadataType=page, metadataId=<page id>,
 * kind=<WIDGET_FILE_SLOTS[kind][slot]>` then the file → 201 `WidgetFileUploadResponseSchema` `{ id, publicUrl }`
 * (413 over the kind's byte limit: image 1048576, avatar and logo 50000, file 104857600; 422 content not
 * matching its type, checked by its bytes); `DELETE /files/{id}` → 204; both CanUpdateContent. A section
 * save checks that every file it names is a page file of that page within its slot's limit (422 otherwise)
 * and deletes the files the saved section no longer names; the client deletes its own uploads when a save
 * fails (001 §4 Section save). Public files are shown from `publicUrl` (`/api/v1/files/{id}/content`).
 */
import { z } from 'zod';
import { CONTENT_STATUSES, PAGE_LAYOUTS, PAGE_REVISION_CHANGES } from '../enums.js';
import {
  PAGES_PAGE_SIZE,
  PAGES_PAGE_SIZE_MAX,
  PAGE_DESCRIPTION_MAX,
  PAGE_HREF_MAX,
  PAGE_REVISIONS_PAGE_SIZE,
  PAGE_REVISIONS_PAGE_SIZE_MAX,
  PAGE_SECTIONS_MAX,
  PAGE_TITLE_MAX,
  SECTION_GROUP_MAX,
  SECTION_WIDGETS_MAX,
} from '../limits.js';
import { PageTokenSchema, TimestampSchema, UuidSchema, commaList, pageOf } from './common.js';
import { UploadFileResponseSchema } from './files.js';
import { REQUIRED } from './news.js';
import { WIDGET_MESSAGES, WidgetSchema, requiredText, tooLong } from './page-widgets.js';

/** The widgets (schemas/page-widgets.ts), for the importers of the pages' schemas. */
export * from './page-widgets.js';

/** User-visible texts of the page builder (001 §5; the catalogues leave the wording of the rest to us). */
const HREF_MESSAGE = `The link must start with '/', hold only lower-case letters, digits, hyphens and slashes, be at most ${PAGE_HREF_MAX} characters and not be used by another page.`;
export const PAGE_MESSAGES = {
  /** 001 §5: "Any failure shows the link error message" — one text for every link error. */
  href: HREF_MESSAGE,
  /** 409 of a create or update whose link another page has (the same one message, 001 §5). */
  hrefTaken: HREF_MESSAGE,
  notFound: 'Page does not exist.',
  sectionNotFound: 'This section does not exist on the page.',
  revisionNotFound: 'This revision does not exist.',
  stale:
    'The page was changed by someone else meanwhile. It has been reloaded: please make your change again.',
  layoutMismatch: 'The new order must list every section and every group of the page exactly once.',
  /** Deleting a section without its box ticked (001 §5, word for word). */
  sectionDeleteRequired: 'Error: This field is required.',
  duplicateGroup: 'Each group may appear only once.',
  ...WIDGET_MESSAGES,
} as const;

/**
 * A page's link (001 §5): starts with '/', only lower-case letters, digits, hyphens and slashes, at most
 * 1024 characters; any failure reads PAGE_MESSAGES.href.
 */
export const PAGE_HREF_PATTERN = /^\/[a-z0-9/-]*$/;
export const PageHrefSchema = z
  .string({ error: PAGE_MESSAGES.href })
  .trim()
  .max(PAGE_HREF_MAX, PAGE_MESSAGES.href)
  .regex(PAGE_HREF_PATTERN, PAGE_MESSAGES.href);

/** A group name (001 §5): trimmed; empty means none (null). */
export const SectionGroupSchema = z
  .string()
  .trim()
  .max(SECTION_GROUP_MAX, tooLong(SECTION_GROUP_MAX))
  .nullish()
  .transform((v) => v || null);

/** A section of a page (001 §3): id, index (its place), key (its group, null when none), widgets. */
export const PageSectionSchema = z.object({
  id: UuidSchema,
  index: z.number().int(),
  key: z.string().nullable(),
  widgets: z.array(WidgetSchema),
});
export type PageSection = z.infer<typeof PageSectionSchema>;

/** Create or replace a section (001 §2 section dialog): its group and its widgets (kind required). */
export const SectionRequestSchema = z.object({
  key: SectionGroupSchema,
  widgets: z.array(WidgetSchema).min(1, REQUIRED).max(SECTION_WIDGETS_MAX),
});
export type SectionRequest = z.input<typeof SectionRequestSchema>;

/** A page's layout (001 §3): its name and parameters; group names are parameters `group-<name>`. */
export const PageLayoutSchema = z.object({
  name: z.enum(PAGE_LAYOUTS),
  parameters: z.array(z.string()),
});
export type PageLayout = z.infer<typeof PageLayoutSchema>;

/** A page (001 §3): `version` grows with every save and guards reorders against stale copies. */
export const PageSchema = z.object({
  id: UuidSchema,
  href: z.string(),
  title: z.string(),
  parentId: UuidSchema.nullable(),
  status: z.enum(CONTENT_STATUSES),
  layout: PageLayoutSchema,
  sections: z.array(PageSectionSchema),
  meta: z.object({ description: z.string(), images: z.array(z.string()) }),
  version: z.number().int(),
  createdTimestamp: TimestampSchema,
  modifiedTimestamp: TimestampSchema,
});
export type Page = z.infer<typeof PageSchema>;

/** A row of the page list (the targets a page-target field offers). */
export const PageSummarySchema = PageSchema.pick({
  id: true,
  href: true,
  title: true,
  parentId: true,
  status: true,
  modifiedTimestamp: true,
});
export type PageSummary = z.infer<typeof PageSummarySchema>;
/** A page of the page list, ordered by href, with its keyset cursor. */
export const PageListSchema = pageOf(PageSummarySchema);
export type PageList = z.infer<typeof PageListSchema>;

/** Query of the page list: token, size, and for editors the statuses to show (default all they may see). */
export const PageListQuerySchema = z.object({
  pageToken: PageTokenSchema.optional(),
  pageSize: z.coerce.number().int().min(1).max(PAGES_PAGE_SIZE_MAX).default(PAGES_PAGE_SIZE),
  statuses: commaList(z.enum(CONTENT_STATUSES), CONTENT_STATUSES.length),
});
export type PageListQuery = z.input<typeof PageListQuerySchema>;

/** Query of a page by its link: lower-cased before the look-up (001 §2 catch-all). */
export const PageByHrefQuerySchema = z.object({
  href: z.string().trim().min(1, REQUIRED).max(PAGE_HREF_MAX, PAGE_MESSAGES.href).toLowerCase(),
});

/** Create a page (001 §5 page dialog): title, status, description and link required. */
export const CreatePageRequestSchema = z.object({
  title: requiredText(PAGE_TITLE_MAX),
  status: z.enum(CONTENT_STATUSES),
  description: requiredText(PAGE_DESCRIPTION_MAX),
  href: PageHrefSchema,
  parentId: UuidSchema.nullish().transform((v) => v ?? null),
  layoutName: z.enum(PAGE_LAYOUTS).default('handSortedList'),
});
export type CreatePageRequest = z.input<typeof CreatePageRequestSchema>;

/** Update a page (001 §5: title and status; description, link, parent and layout optional). */
export const UpdatePageRequestSchema = z.object({
  title: requiredText(PAGE_TITLE_MAX),
  status: z.enum(CONTENT_STATUSES),
  description: requiredText(PAGE_DESCRIPTION_MAX).optional(),
  href: PageHrefSchema.optional(),
  parentId: UuidSchema.nullish(),
  layoutName: z.enum(PAGE_LAYOUTS).optional(),
  /** The version the editor saw; a different current version answers 409 (optional for the dialog). */
  version: z.number().int().min(0).optional(),
});
export type UpdatePageRequest = z.input<typeof UpdatePageRequestSchema>;

/**
 * Reorder a page (001 §4 Reorder): the full order of its section ids and of its group names (without
 * the `group-` prefix), with the page's version. `groups` lists every group the sections use, in the
 * new order, whatever the layout (send `layout.parameters` without the prefix to keep their order);
 * the answer is the page with its new version. 409 on a stale version, 422 when a list is not exactly
 * the page's sections or groups.
 */
export const PageLayoutRequestSchema = z
  .object({
    version: z.number().int().min(0),
    sectionIds: z.array(UuidSchema).max(PAGE_SECTIONS_MAX),
    groups: z.array(SectionGroupSchema.pipe(z.string({ error: REQUIRED }))).max(PAGE_SECTIONS_MAX),
  })
  .superRefine((value, ctx) => {
    if (new Set(value.groups).size !== value.groups.length) {
      ctx.addIssue({ code: 'custom', path: ['groups'], message: PAGE_MESSAGES.duplicateGroup });
    }
    if (new Set(value.sectionIds).size !== value.sectionIds.length) {
      ctx.addIssue({ code: 'custom', path: ['sectionIds'], message: PAGE_MESSAGES.layoutMismatch });
    }
  });
export type PageLayoutRequest = z.input<typeof PageLayoutRequestSchema>;

/** One saved state of a page (issue 11 "History"): who saved it, when, and what changed. */
export const PageRevisionSummarySchema = z.object({
  id: UuidSchema,
  pageId: UuidSchema,
  change: z.enum(PAGE_REVISION_CHANGES),
  /** The page's title in that state. */
  title: z.string(),
  authorId: UuidSchema.nullable(),
  authorName: z.string(),
  createdTimestamp: TimestampSchema,
});
export type PageRevisionSummary = z.infer<typeof PageRevisionSummarySchema>;
/** Newest first, with its keyset cursor. */
export const PageRevisionListSchema = pageOf(PageRevisionSummarySchema);
export type PageRevisionList = z.infer<typeof PageRevisionListSchema>;
export const PageRevisionListQuerySchema = z.object({
  pageToken: PageTokenSchema.optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_REVISIONS_PAGE_SIZE_MAX)
    .default(PAGE_REVISIONS_PAGE_SIZE),
});

/** The answer of a widget file upload (`POST /files` with metadataType page): id and public address. */
export const WidgetFileUploadResponseSchema = UploadFileResponseSchema;
export type WidgetFileUploadResponse = z.infer<typeof WidgetFileUploadResponseSchema>;
