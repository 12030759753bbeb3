/**
 * Shared caching of signed-out pages and anonymous API answers (issue 39): how long a shared cache (a
 * reverse proxy, a CDN) may serve an answer without asking, how long it may serve one stale while it
 * asks, and which API routes are public answers. A browser always revalidates (`max-age=0`) and gets a
 * 304 while the answer's ETag holds. Documented in docs/caching.md.
 */

/** Seconds a shared cache serves a signed-out page without asking the portal (a curator's edit shows within it). */
export const PUBLIC_PAGE_S_MAXAGE_SECONDS = 30;

/** Seconds a shared cache serves an anonymous API answer without asking the portal. */
export const PUBLIC_API_S_MAXAGE_SECONDS = 30;

/** Seconds past s-maxage that a shared cache may still serve an answer while it fetches a fresh one. */
export const PUBLIC_STALE_WHILE_REVALIDATE_SECONDS = 300;

/**
 * Seconds an ETag lasts at most: a time window is part of every public ETag, so what depends on the
 * clock (upcoming events) or on data outside the catalogue's generation is redrawn within it.
 */
export const PUBLIC_ETAG_WINDOW_SECONDS = 300;

/** Milliseconds an instance keeps the catalogue's generation it read before it reads it again. */
export const PUBLIC_GENERATION_RECHECK_MS = 1000;

/**
 * Entries the in-process render cache holds at most (signed-out pages and anonymous answers); the
 * default of RENDER_CACHE_ENTRIES_MAX.
 */
export const RENDER_CACHE_ENTRIES_MAX = 2000;

/** Bytes of bodies the in-process render cache holds at most; the default of RENDER_CACHE_BYTES_MAX (0: off). */
export const RENDER_CACHE_BYTES_MAX = 64 * 1024 * 1024;

/** Bytes of one body the in-process render cache keeps at most (a larger answer is rendered each time). */
export const RENDER_CACHE_ENTRY_BYTES_MAX = 2 * 1024 * 1024;

/**
 * The API routes (Fastify's `:param` form) whose anonymous GET answers are public: the same for every
 * visitor until the catalogue changes (search, item detail, lists, news, events, coverage, sitemap).
 */
export const PUBLIC_CACHEABLE_ROUTES: readonly string[] = [
  '/api/v1/content',
  '/api/v1/content/search',
  '/api/v1/content/:id',
  '/api/v1/content/:id/descendant-count',
  '/api/v1/news',
  '/api/v1/news/:id',
  '/api/v1/events',
  '/api/v1/events/:id',
  '/api/v1/events/:id/calendar.ics',
  '/api/v1/pages/by-href',
  '/api/v1/coverage',
  '/api/v1/knowledge',
  '/api/v1/work-roles',
  '/api/v1/contributors',
  '/sitemap.xml',
  '/sitemap/:part',
  '/robots.txt',
  '/news/feed.xml',
];

/**
 * The public routes the in-process render cache never keeps: search, which has its own cache of
 * rankings fed by every search it sees and a per-address allowance that every search must count against.
 */
export const RENDER_CACHE_UNKEPT_ROUTES: readonly string[] = ['/api/v1/content/search'];
