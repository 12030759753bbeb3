/**
 * Read-only queries of what search engines and link previews may see (issue 22): published rows only.
 * A courseware item counts as published when its listing status is (its own status and every
 * ancestor's: an item under an unpublished or archived ancestor is hidden with it, migration 0007).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { UUID_PATTERN } from '@portal/shared/schemas/common';
import type { Db } from '../../db/client.js';
import { content, contentKnowledge, knowledgeItem } from '../../db/schema/courseware.js';
import { event, news } from '../../db/schema/news.js';
import { page } from '../../db/schema/pages.js';

const PUBLISHED = 'published';

/** What the head of a courseware item shows. */
export interface PublishedContentRow {
  id: string;
  name: string;
  descriptionText: string;
  urlAlias: string;
  categories: string[];
  educationLevels: string[];
  keywords: string[];
  licenseName: string | null;
  licenseUrl: string | null;
  modifiedAt: Date;
}

/** A published courseware item by id or URL alias (lower-cased by the caller); undefined otherwise. */
export async function findPublishedContent(
  db: Db,
  idOrAlias: string,
): Promise<PublishedContentRow | undefined> {
  const [row] = await db
    .select({
      id: content.id,
      name: content.name,
      descriptionText: content.descriptionText,
      urlAlias: content.urlAlias,
      categories: content.categories,
      educationLevels: content.educationLevels,
      keywords: content.keywords,
      licenseName: content.licenseName,
      licenseUrl: content.licenseUrl,
      modifiedAt: content.modifiedAt,
    })
    .from(content)
    .where(
      and(
        UUID_PATTERN.test(idOrAlias) ? eq(content.id, idOrAlias) : eq(content.urlAlias, idOrAlias),
        eq(content.status, PUBLISHED),
        eq(content.listingStatus, PUBLISHED),
      ),
    );
  return row;
}

/** The TKS, KSA and KU names an item teaches, in the item's order. */
export async function findKnowledgeNames(
  db: Db,
  contentId: string,
): Promise<{ type: string; name: string }[]> {
  return db
    .select({ type: knowledgeItem.type, name: knowledgeItem.name })
    .from(contentKnowledge)
    .innerJoin(knowledgeItem, eq(knowledgeItem.id, contentKnowledge.knowledgeId))
    .where(eq(contentKnowledge.contentId, contentId))
    .orderBy(asc(contentKnowledge.index), asc(knowledgeItem.id));
}

/** A published dynamic page by its link (lower-case, with the leading slash). */
export async function findPublishedPage(db: Db, href: string) {
  const [row] = await db
    .select({
      href: page.href,
      title: page.title,
      description: page.description,
      metaImages: page.metaImages,
    })
    .from(page)
    .where(and(eq(page.href, href), eq(page.status, PUBLISHED)));
  return row;
}

/** What the head of a news item or an event shows. */
export interface PublishedDatedRow {
  urlAlias: string;
  name: string;
  description: string;
  image: string | null;
}

/** A published news item by id or alias (lower-cased by the caller). */
export async function findPublishedNews(db: Db, idOrAlias: string): Promise<PublishedDatedRow | undefined> {
  const [row] = await db
    .select({ urlAlias: news.urlAlias, name: news.name, description: news.description, image: news.image })
    .from(news)
    .where(
      and(
        UUID_PATTERN.test(idOrAlias) ? eq(news.id, idOrAlias) : eq(news.urlAlias, idOrAlias),
        eq(news.status, PUBLISHED),
      ),
    );
  return row;
}

/** A published event by id or alias (lower-cased by the caller). */
export async function findPublishedEvent(db: Db, idOrAlias: string): Promise<PublishedDatedRow | undefined> {
  const [row] = await db
    .select({
      urlAlias: event.urlAlias,
      name: event.name,
      description: event.description,
      image: sql<null>`null`,
    })
    .from(event)
    .where(
      and(
        UUID_PATTERN.test(idOrAlias) ? eq(event.id, idOrAlias) : eq(event.urlAlias, idOrAlias),
        eq(event.status, PUBLISHED),
      ),
    );
  return row;
}

/** One address of the sitemap: a path of the app and when its page last changed. */
export interface SitemapRow {
  key: string;
  modifiedAt: Date;
}

/** Every published item's URL alias (an item under a hidden ancestor is not), in alias order. */
export async function listPublishedContent(db: Db): Promise<SitemapRow[]> {
  return db
    .select({ key: content.urlAlias, modifiedAt: content.modifiedAt })
    .from(content)
    .where(and(eq(content.status, PUBLISHED), eq(content.listingStatus, PUBLISHED)))
    .orderBy(asc(content.urlAlias));
}

/** Every published page's link. */
export async function listPublishedPages(db: Db): Promise<SitemapRow[]> {
  return db
    .select({ key: page.href, modifiedAt: page.modifiedAt })
    .from(page)
    .where(eq(page.status, PUBLISHED))
    .orderBy(asc(page.href));
}

/** Every published news item's alias. */
export async function listPublishedNews(db: Db): Promise<SitemapRow[]> {
  return db
    .select({ key: news.urlAlias, modifiedAt: news.modifiedAt })
    .from(news)
    .where(eq(news.status, PUBLISHED))
    .orderBy(asc(news.urlAlias));
}

/** Every published event's alias. */
export async function listPublishedEvents(db: Db): Promise<SitemapRow[]> {
  return db
    .select({ key: event.urlAlias, modifiedAt: event.modifiedAt })
    .from(event)
    .where(eq(event.status, PUBLISHED))
    .orderBy(asc(event.urlAlias));
}
