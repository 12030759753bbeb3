/**
 * News (001 §2 News and events, §3 News, §5, §7 Content client): lists for everyone (published only
 * for visitors), one item by id or alias, writes for editors with the description sanitised, and the
 * RSS/Atom feed of published news.
 */
import { Feed } from 'feed';
import { AppError } from '@portal/shared/errors';
import type { ContentStatus } from '@portal/shared/enums';
import { NEWS_FEED_SIZE } from '@portal/shared/limits';
import type { PermissionFlags } from '@portal/shared/permissions';
import {
  NEWS_NOT_FOUND,
  type News,
  type NewsPage,
  type NewsRequestSchema,
} from '@portal/shared/schemas/news';
import type { z } from 'zod';
import { PAGE_WEB_OR_MAIL_LINK, WEB_LINK, isLinkUrl } from '@portal/shared/schemas/common';
import type { Db } from '../../db/client.js';
import { htmlToText, sanitizeRichText } from '../../lib/html.js';
import {
  aliasFor,
  deleteDatedItem,
  findPublicDated,
  listListedDated,
  isoOf,
  latestPublishedDated,
  openDated,
  pageOfDated,
  type PublicDatedItem,
} from '../dated-items/dated-items.service.js';
import { insertNews, updateNews, type NewsRow } from './news.repository.js';

type NewsInput = z.output<typeof NewsRequestSchema>;

function toNews(row: NewsRow): News {
  return {
    id: row.id,
    urlAlias: row.url_alias,
    name: row.name,
    description: row.description,
    image: row.image,
    // Checked again on the way out: a row stored before the links were checked may hold anything.
    link: row.link !== null && isLinkUrl(row.link, PAGE_WEB_OR_MAIL_LINK) ? row.link : null,
    externalLink:
      row.external_link !== null && isLinkUrl(row.external_link, WEB_LINK) ? row.external_link : null,
    status: row.status as ContentStatus,
    date: isoOf(row.date),
    createdTimestamp: isoOf(row.created_at),
    modifiedTimestamp: isoOf(row.modified_at),
  };
}

/** A page of news, newest first. */
export function listNews(
  db: Db,
  permissions: PermissionFlags,
  query: { pageToken?: string; pageSize: number; statuses?: ContentStatus[]; upcoming: boolean },
): Promise<NewsPage> {
  return pageOfDated<NewsRow, News>(db, 'news', { permissions, query, toItem: toNews });
}

/** One news item. @throws AppError not_found 'News does not exist.' */
export async function getNews(db: Db, permissions: PermissionFlags, idOrAlias: string): Promise<News> {
  return toNews(await openDated<NewsRow>(db, 'news', { permissions, idOrAlias, notFound: NEWS_NOT_FOUND }));
}

/**
 * The news item a visitor opens at this id or alias, by the rule of its own page (published or
 * unlisted), for the head of its page (issue 22); undefined when there is none.
 */
export function findPublicNews(db: Db, idOrAlias: string): Promise<PublicDatedItem | undefined> {
  return findPublicDated(db, 'news', idOrAlias);
}

/** Every news item a visitor's lists show, by alias, with when it last changed (for the sitemap). */
export function listListedNews(db: Db): Promise<{ urlAlias: string; modifiedTimestamp: string }[]> {
  return listListedDated(db, 'news');
}

const valuesOf = (input: NewsInput) => ({
  name: input.name,
  description: sanitizeRichText(input.description),
  image: input.image,
  link: input.link,
  externalLink: input.externalLink,
  status: input.status,
  date: new Date(input.date),
});

/** Creates a news item (its alias from its name, made unique). */
export async function createNews(db: Db, permissions: PermissionFlags, input: NewsInput): Promise<News> {
  const id = await db.transaction(async (tx) =>
    insertNews(tx, { ...valuesOf(input), urlAlias: await aliasFor(tx, { table: 'news', name: input.name }) }),
  );
  return getNews(db, permissions, id);
}

/** Replaces a news item's fields. @throws AppError not_found */
export async function editNews(
  db: Db,
  permissions: PermissionFlags,
  id: string,
  input: NewsInput,
): Promise<News> {
  await db.transaction(async (tx) => {
    const isFound = await updateNews(tx, id, {
      ...valuesOf(input),
      urlAlias: await aliasFor(tx, { table: 'news', name: input.name, exceptId: id }),
    });
    if (!isFound) throw new AppError('not_found', NEWS_NOT_FOUND);
  });
  return getNews(db, permissions, id);
}

/** Deletes a news item. @throws AppError not_found */
export async function removeNews(db: Db, id: string): Promise<void> {
  const isDeleted = await deleteDatedItem(db, 'news', id);
  if (!isDeleted) throw new AppError('not_found', NEWS_NOT_FOUND);
}

/**
 * The feed of the latest published news (beyond the specification: what readers of news pages ask
 * for), as Atom 1.0 or RSS 2.0. Descriptions go out as plain text; the links lead to the portal.
 */
export async function newsFeed(
  db: Db,
  options: { publicBaseUrl: string; siteName: string; format: 'atom' | 'rss' },
): Promise<string> {
  const rows = await latestPublishedDated<NewsRow>(db, 'news', { isUpcoming: false, limit: NEWS_FEED_SIZE });
  const base = options.publicBaseUrl;
  const feed = new Feed({
    id: `${base}/news`,
    title: `${options.siteName} News`,
    description: `News of the ${options.siteName}`,
    link: `${base}/news`,
    language: 'en',
    updated: rows[0] ? new Date(rows[0].modified_at) : new Date(0),
    feedLinks: { atom: `${base}/news/feed.xml` },
    copyright: options.siteName,
    generator: false,
  });
  for (const row of rows) {
    const link = `${base}/news/${encodeURIComponent(row.url_alias)}`;
    feed.addItem({
      title: row.name,
      id: link,
      link,
      date: new Date(row.modified_at),
      published: new Date(row.date),
      description: htmlToText(row.description),
    });
  }
  return options.format === 'rss' ? feed.rss2() : feed.atom1();
}
