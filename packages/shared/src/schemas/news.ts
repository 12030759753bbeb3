/**
 * News (001 §2 News and events, §3 News, §5 News or event dialog, §7 Content client) and what news and
 * events share: status as for content, an ISO date-time, a page of items by nextPageToken.
 */
import { z } from 'zod';
import { CONTENT_STATUSES } from '../enums.js';
import {
  NEWS_DATA_MAX,
  NEWS_DESCRIPTION_MAX,
  NEWS_LINK_MAX,
  NEWS_PAGE_SIZE,
  NEWS_PAGE_SIZE_MAX,
  NEWS_TITLE_MAX,
} from '../limits.js';
import { MESSAGES } from '../errors.js';
import { isBlankHtml } from './courseware.js';
import {
  PAGE_WEB_OR_MAIL_LINK,
  PageTokenSchema,
  TimestampSchema,
  UuidSchema,
  WEB_LINK,
  commaList,
  linkUrlSchema,
  pageOf,
  type LinkRules,
} from './common.js';

export const REQUIRED = 'This field is required.';
const tooLong = (max: number) => `Please enter at most ${max} characters.`;

/** A required single-line field of the news or event dialog. */
export const requiredLine = (max: number) => z.string().trim().min(1, REQUIRED).max(max, tooLong(max));

/** Description HTML from the shared editor: required, at most 10240 characters (001 §5). */
export const NewsDescriptionSchema = z
  .string()
  .max(NEWS_DESCRIPTION_MAX, tooLong(NEWS_DESCRIPTION_MAX))
  .refine((v) => !isBlankHtml(v), REQUIRED);

/** The date and time of an item, ISO 8601 with its offset. */
export const ItemDateSchema = z.iso.datetime({ offset: true, message: 'Please pick a date and time.' });

/** List query of news and events (001 §7: page token, page size, optional statuses). */
export const ItemListQuerySchema = z.object({
  pageToken: PageTokenSchema.optional(),
  pageSize: z.coerce.number().int().min(1).max(NEWS_PAGE_SIZE_MAX).default(NEWS_PAGE_SIZE),
  /** Editors only; others always get published items. */
  statuses: commaList(z.enum(CONTENT_STATUSES), CONTENT_STATUSES.length),
  /** Only items dated from now on, soonest first (the home page's upcoming events). */
  upcoming: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
export type ItemListQuery = z.input<typeof ItemListQuerySchema>;

/** An optional link checked by `rules` (issue 20 "Links"): empty becomes null. */
const optionalLink = (rules: LinkRules) =>
  linkUrlSchema(rules, NEWS_LINK_MAX)
    .nullish()
    .transform((v) => v || null);

/** A news item's external link: a web address (http or https) only, opened in a new tab (001 §2). */
const ExternalLinkSchema = optionalLink(WEB_LINK);

export const NEWS_NOT_FOUND = 'News does not exist.';

export const NewsSchema = z.object({
  id: UuidSchema,
  urlAlias: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  link: z.string().nullable(),
  externalLink: z.string().nullable(),
  status: z.enum(CONTENT_STATUSES),
  date: TimestampSchema,
  createdTimestamp: TimestampSchema,
  modifiedTimestamp: TimestampSchema,
});
export type News = z.infer<typeof NewsSchema>;
export const NewsPageSchema = pageOf(NewsSchema);
export type NewsPage = z.infer<typeof NewsPageSchema>;

/** Create or update a news item (001 §7: image, name, description, link, externalLink, status, date). */
export const NewsRequestSchema = z.object({
  name: requiredLine(NEWS_TITLE_MAX),
  description: NewsDescriptionSchema,
  /** An image as a data URL; null shows the date image. At or over the maximum: 'file too large'. */
  image: z
    .string()
    .max(NEWS_DATA_MAX - 1, MESSAGES.fileTooLarge)
    .refine(
      (v) => /^data:image\/(png|jpeg|gif|webp);base64,/.test(v),
      'Please pick a PNG, JPEG, GIF or WebP image.',
    )
    .nullish()
    .transform((v) => v ?? null),
  /** A page of the portal, a web address or an e-mail address. */
  link: optionalLink(PAGE_WEB_OR_MAIL_LINK),
  externalLink: ExternalLinkSchema,
  status: z.enum(CONTENT_STATUSES).default('unpublished'),
  date: ItemDateSchema,
});
export type NewsRequest = z.input<typeof NewsRequestSchema>;
