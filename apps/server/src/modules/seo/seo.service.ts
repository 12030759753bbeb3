/**
 * Search engines, link previews and feed readers (issues 22, 34): the head of every public page (title,
 * description, canonical URL, Open Graph and Twitter card tags, schema.org JSON-LD on courseware items,
 * the news feeds and an event's calendar file as alternates), robots.txt and the sitemap. Each area
 * answers by the rule of its own page (findPublicItem, findPublicPage, findPublicNews, findPublicEvent):
 * what a visitor may open gets a head of its own, with noindex when no list shows it (unlisted); what a
 * visitor may not open (unpublished, archived, under a hidden ancestor) gets the default head, so nothing
 * of it leaks to someone who guesses its address. The sitemap lists what the areas' lists show.
 */
import {
  BRAND_NAMES,
  CONTENT_CATEGORY_LABELS,
  EDUCATION_LEVEL_LABELS,
  type ContentCategory,
  type EducationLevel,
} from '@portal/shared/enums';
import { META_DESCRIPTION_MAX, SITEMAP_MAX_URLS } from '@portal/shared/limits';
import { isFeatureOn, type EnvJson } from '@portal/shared/schemas/site';
import { FILE_TYPES } from '@portal/shared/file-types';
import { NEWS_FEED_PATH } from '@portal/shared/server-paths';
import { encodeSegments, normaliseIdOrAlias } from '@portal/shared/path-segments';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { htmlToText } from '../../lib/html.js';
import { findPublicItem, listListedItems } from '../courseware/index.js';
import { findPublicEvent, listListedEvents } from '../events/index.js';
import { findPublicNews, listListedNews } from '../news/index.js';
import { findPublicPage, listListedPages } from '../pages/index.js';
import { effectiveFeatures, envJsonFor } from '../site/site.service.js';
import { writePage, type Alternate, type Head } from './head.js';

type SeoConfig = Pick<Config, 'brand' | 'publicBaseUrl'>;

/** What the site says of itself where a page has nothing of its own. */
export const SITE_DESCRIPTION =
  'Courseware repository of the cyber range: courses, modules, lessons and labs for teaching cybersecurity.';

/** Titles of the site's own pages and lists (001 §1, §2); a dynamic page at the same link wins. */
const SITE_PAGES: Record<string, { title: string; description?: string }> = {
  '/courseware': {
    title: 'Courseware',
    description:
      'Search and browse cybersecurity courses, modules, lessons and labs by topic, education level and NICE knowledge.',
  },
  '/news': { title: 'News' },
  '/events': { title: 'Events' },
  '/features': { title: 'Features' },
  '/about': { title: 'About' },
  '/team': { title: 'Team' },
  '/community': { title: 'Community' },
  '/community/cyber-workshops': { title: 'Cyber workshops' },
  '/resources': { title: 'Resources' },
  '/terms-of-use': { title: 'Terms of use' },
  '/jobs': { title: 'Jobs' },
  '/rangepricing': { title: 'Pricing' },
  '/contact-us': { title: 'Contact us' },
  '/newsletter-signup': { title: 'Newsletter' },
  '/call-for-courseware': { title: 'Call for courseware' },
  '/call-for-courseware/content-categories': { title: 'Content categories' },
  '/conference-2018': { title: 'Conference 2018' },
};

/** The paths robots.txt keeps crawlers out of: the API, sign-in, and the editors' and admins' pages. */
export const DISALLOWED_PATHS = [
  '/api/',
  '/auth/',
  '/admin',
  '/cr-admin',
  '/cr-archived-content',
  '/archived-content',
  '/cr-dashboard',
  '/login',
  '/logout',
  '/invitations',
  '/new-page',
  '/unsafe_site',
] as const;

/** Plain text of at most META_DESCRIPTION_MAX characters, cut at a word with an ellipsis. */
export function shortDescription(text: string): string {
  const plain = text.replace(/\s+/g, ' ').trim();
  if (plain.length <= META_DESCRIPTION_MAX) return plain;
  const cut = plain.slice(0, META_DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > META_DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An image address a link preview can fetch: absolute http(s), or a path of this site made absolute. */
function absoluteImage(base: string, address: string | null | undefined): string | null {
  if (!address) return null;
  if (address.startsWith('/') && !address.startsWith('//')) return `${base}${address}`;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Decodes a request path; undefined when it is not valid percent-encoding. */
function decodePath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

function headOf(
  config: SeoConfig,
  page: {
    title?: string;
    description?: string;
    path?: string;
    image?: string | null;
    type?: 'website' | 'article';
    /** False for an unlisted item or page: its head is its own, with noindex. */
    isListed?: boolean;
  },
): Head {
  const siteName = BRAND_NAMES[config.brand];
  const title = page.title ? `${page.title} | ${siteName}` : siteName;
  const description = shortDescription(page.description || SITE_DESCRIPTION);
  const url =
    page.path === undefined ? null : `${config.publicBaseUrl}${page.path === '/' ? '/' : page.path}`;
  return {
    title,
    description,
    ...(page.isListed === false ? { isNoindex: true } : {}),
    canonical: url,
    og: {
      title: page.title ?? siteName,
      description,
      url,
      image: page.image ?? null,
      siteName,
      type: page.type ?? 'website',
    },
  };
}

/** The head every page without one of its own gets: the site's name and description, no address. */
export function defaultHead(config: SeoConfig): Head {
  return headOf(config, {});
}

async function contentHead(db: Db, config: SeoConfig, idOrAlias: string): Promise<Head | undefined> {
  const row = await findPublicItem(db, idOrAlias);
  if (!row) return undefined;
  const path = `/courseware/${encodeSegments(row.urlAlias)}`;
  const head = headOf(config, {
    title: row.name,
    description: row.descriptionText,
    path,
    type: 'article',
    isListed: row.isListed,
  });
  const educationalLevel = row.educationLevels.map((l) => EDUCATION_LEVEL_LABELS[l as EducationLevel] ?? l);
  const learningResourceType = row.categories.map((c) => CONTENT_CATEGORY_LABELS[c as ContentCategory] ?? c);
  const license = row.licenseUrl ?? row.licenseName;
  const jsonLd: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'LearningResource',
    name: row.name,
    description: shortDescription(row.descriptionText) || undefined,
    url: head.canonical,
    dateModified: row.modifiedTimestamp,
    educationalLevel: educationalLevel.length > 0 ? educationalLevel : undefined,
    learningResourceType: learningResourceType.length > 0 ? learningResourceType : undefined,
    keywords: row.keywords.length > 0 ? row.keywords.join(', ') : undefined,
    license: license ?? undefined,
    teaches: row.teaches.length > 0 ? row.teaches : undefined,
    isAccessibleForFree: true,
    provider: { '@type': 'Organization', name: BRAND_NAMES[config.brand], url: config.publicBaseUrl },
  };
  return { ...head, jsonLd };
}

/**
 * The head of the page at `path` as the app's routes address it (001 §2): courseware items by id or
 * alias under /courseware/, news and events by id or alias, dynamic pages by their link, the site's
 * own pages and lists; a published item's alias at the top level (the catch-all) is the item.
 * Anything hidden or unknown gets `defaultHead`. The query (e.g. /courseware's search state) does not
 * change the canonical URL.
 * @param path the request's path, percent-encoded as received, without the query
 * @param _query the request's query, parsed (kept for pages whose head will depend on it)
 */
export async function headFor(
  db: Db,
  config: Config,
  path: string,
  _query: Record<string, unknown> = {},
): Promise<Head> {
  const decoded = decodePath(path);
  if (decoded === undefined) return defaultHead(config);
  const key = normaliseIdOrAlias(decoded);
  if (key === '') return headOf(config, { path: '/', description: SITE_DESCRIPTION });
  const [first, ...rest] = key.split('/');
  const tail = rest.join('/');
  if (first === 'courseware' && tail !== '')
    return (await contentHead(db, config, tail)) ?? defaultHead(config);
  if ((first === 'news' || first === 'events') && tail !== '') {
    const features = await effectiveFeatures(db, config);
    if (!isFeatureOn(features, first)) return defaultHead(config);
    const row = first === 'news' ? await findPublicNews(db, tail) : await findPublicEvent(db, tail);
    if (!row) return defaultHead(config);
    const alias = encodeURIComponent(row.urlAlias);
    const head = headOf(config, {
      title: row.name,
      description: htmlToText(row.description),
      path: `/${first}/${alias}`,
      image: absoluteImage(config.publicBaseUrl, row.image),
      type: 'article',
      isListed: row.isListed,
    });
    if (first === 'news') return head;
    // An event's page names its calendar file, which a calendar can subscribe to (issue 34).
    const calendar: Alternate = {
      type: FILE_TYPES.calendar,
      title: `${row.name} (iCalendar)`,
      href: `${config.publicBaseUrl}/api/v1/events/${alias}/calendar.ics`,
    };
    return { ...head, alternates: [calendar] };
  }
  const href = `/${key}`;
  const page = await findPublicPage(db, href);
  if (page) {
    return headOf(config, {
      title: page.title,
      description: page.description,
      path: `/${encodeSegments(page.href)}`,
      image: absoluteImage(
        config.publicBaseUrl,
        page.metaImages.find((i) => absoluteImage('', i) !== null),
      ),
      isListed: page.isListed,
    });
  }
  const site = SITE_PAGES[href];
  if (site) return headOf(config, { title: site.title, description: site.description, path: href });
  return (await contentHead(db, config, key)) ?? defaultHead(config);
}

/**
 * The feeds every page names while news is on (issue 34 "Feed autodiscovery"): the news as Atom and as RSS,
 * so a feed reader given any address of the site finds them.
 */
export function siteFeeds(config: SeoConfig, features: EnvJson['features']): Alternate[] {
  if (!isFeatureOn(features, 'news')) return [];
  const siteName = BRAND_NAMES[config.brand];
  const feed = `${config.publicBaseUrl}${NEWS_FEED_PATH}`;
  return [
    { type: FILE_TYPES.atom, title: `${siteName} News`, href: feed },
    { type: FILE_TYPES.rss, title: `${siteName} News (RSS)`, href: `${feed}?format=rss` },
  ];
}

/** What an app page is written from: its head, and the browser's configuration (absent when unreadable). */
export interface AppPageParts {
  head: Head;
  env: EnvJson | undefined;
}

/**
 * The head of `path` and the browser's configuration, read together once per request: the server
 * rendering gets the same configuration the page carries. When the database cannot be read, the
 * default head and no configuration (the app then fetches /dist/env.json, which answers once the
 * database is back); `onError` hears why.
 */
export async function appPageParts(
  db: Db,
  config: Config,
  request: { path: string; query: Record<string, unknown>; onError: (error: unknown) => void },
): Promise<AppPageParts> {
  try {
    const [head, env] = await Promise.all([
      headFor(db, config, request.path, request.query),
      envJsonFor(db, config),
    ]);
    const alternates = [...siteFeeds(config, env.features), ...(head.alternates ?? [])];
    return { head: { ...head, alternates }, env };
  } catch (error) {
    request.onError(error);
    return { head: defaultHead(config), env: undefined };
  }
}

/**
 * The app's page: the built index.html with the head written in (head.ts `writePage`) and, unless the
 * page was rendered on the server (whose state block carries it already), the configuration block.
 */
export function writeAppPage(template: string, parts: AppPageParts, { isRendered }: { isRendered: boolean }) {
  return writePage(template, parts.head, isRendered ? undefined : parts.env);
}

/** robots.txt: public pages allowed, the API, sign-in and the admin areas not; where the sitemap is. */
export function robotsTxt(config: SeoConfig): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${config.publicBaseUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** One address of a sitemap: absolute URL and, when known, when it last changed. */
export interface SitemapUrl {
  loc: string;
  lastmod?: Date;
}

/**
 * Every address the sitemap lists: home, the courseware landing, the news and events lists and their
 * published items (when their flags are on), every published dynamic page and courseware item.
 */
export async function sitemapUrls(db: Db, config: Config): Promise<SitemapUrl[]> {
  const base = config.publicBaseUrl;
  const features = await effectiveFeatures(db, config);
  const isNewsOn = isFeatureOn(features, 'news');
  const isEventsOn = isFeatureOn(features, 'events');
  const [items, pages, newsRows, eventRows] = await Promise.all([
    listListedItems(db),
    listListedPages(db),
    isNewsOn ? listListedNews(db) : [],
    isEventsOn ? listListedEvents(db) : [],
  ]);
  const at = (timestamp: string) => new Date(timestamp);
  const urls: SitemapUrl[] = [{ loc: `${base}/` }, { loc: `${base}/courseware` }];
  if (isNewsOn) urls.push({ loc: `${base}/news` });
  if (isEventsOn) urls.push({ loc: `${base}/events` });
  for (const p of pages)
    urls.push({ loc: `${base}/${encodeSegments(p.href)}`, lastmod: at(p.modifiedTimestamp) });
  for (const n of newsRows)
    urls.push({ loc: `${base}/news/${encodeURIComponent(n.urlAlias)}`, lastmod: at(n.modifiedTimestamp) });
  for (const e of eventRows)
    urls.push({ loc: `${base}/events/${encodeURIComponent(e.urlAlias)}`, lastmod: at(e.modifiedTimestamp) });
  for (const i of items)
    urls.push({ loc: `${base}/courseware/${encodeSegments(i.urlAlias)}`, lastmod: at(i.modifiedTimestamp) });
  // A dynamic page at `/` or at a site page's link would be listed twice.
  const seen = new Set<string>();
  return urls.filter((u) => (seen.has(u.loc) ? false : (seen.add(u.loc), true)));
}

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
const entry = (tag: 'url' | 'sitemap', u: SitemapUrl) =>
  `<${tag}><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</${tag}>`;

/** The sitemap files: `sitemap.xml`, and when over `maxUrls` addresses, `sitemap/<n>.xml` parts. */
export interface Sitemaps {
  /** A urlset, or a sitemap index of the parts. */
  index: string;
  /** The parts, from 1; empty when `index` is the urlset itself. */
  parts: string[];
}

/**
 * Writes the sitemap XML (sitemaps.org 0.9): one urlset of every address, or, over `maxUrls`, a sitemap
 * index pointing at `<base>/sitemap/<n>.xml` parts of at most `maxUrls` each.
 */
export function buildSitemaps(base: string, urls: SitemapUrl[], maxUrls = SITEMAP_MAX_URLS): Sitemaps {
  const urlset = (list: SitemapUrl[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}">\n${list.map((u) => entry('url', u)).join('\n')}\n</urlset>\n`;
  if (urls.length <= maxUrls) return { index: urlset(urls), parts: [] };
  const parts: string[] = [];
  for (let i = 0; i < urls.length; i += maxUrls) parts.push(urlset(urls.slice(i, i + maxUrls)));
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${parts
    .map((_, n) => entry('sitemap', { loc: `${base}/sitemap/${n + 1}.xml` }))
    .join('\n')}\n</sitemapindex>\n`;
  return { index, parts };
}
