/**
 * The one rule of which addresses are the server's and which are the web app's (issue 34 "One rule for
 * links"), without zod: the server's not-found handler answers a server path it has no route for with a
 * 404 instead of the app's page, and the app's links leave a server path to the browser (a document link:
 * a download, a feed, a file) instead of handing it to the router, whose catch-all would send it home.
 * The server's tests check that every GET route it registers is a server path by this rule.
 */

/** Folders the server answers under: the API, the sign-in pages, the build's files, well-known files. */
export const SERVER_PATH_PREFIXES = ['/api/', '/auth/', '/dist/', '/assets/', '/.well-known/', '/sitemap/'];

/**
 * Single server addresses outside those folders and without a file name: the metrics and the LTI
 * protocol's endpoints and its account-linking pages (the app's own LTI pages, /lti/start and /lti/deep-linking/…, are not among them).
 */
export const SERVER_PATHS = [
  '/metrics',
  '/lti/login',
  '/lti/launch',
  '/lti/sign-on',
  '/lti/return',
  '/lti/link',
  '/lti/link/confirm',
];

/**
 * A file name at the end of a path: a dot and an extension of letters and digits (feed.xml, calendar.ics,
 * coverage.csv, robots.txt, a built script). No route of the app ends in one: URL aliases and page links
 * hold no dot (URL_ALIAS_PATTERN, PAGE_HREF_PATTERN).
 */
const FILE_NAME_END = /\.[a-z0-9]+$/i;

/** An address with a scheme (`https:`, `mailto:`, `tel:`) or protocol-relative (`//host`): another site. */
const SCHEME_OR_HOST = /^([a-z][a-z0-9+.-]*:|\/\/)/i;

/** The path of an address: what comes before its query and fragment. */
function pathOf(address: string): string {
  const end = address.search(/[?#]/);
  return end < 0 ? address : address.slice(0, end);
}

/**
 * True when the server answers `path` itself and the app has no page there: under a server folder
 * (SERVER_PATH_PREFIXES), one of SERVER_PATHS, or ending in a file name. Any case; a query or fragment
 * is ignored. Example: `/news/feed.xml`, `/api/v1/coverage/export` → true; `/news/x`, `/courseware` → false.
 */
export function isServerPath(path: string): boolean {
  const lower = pathOf(path).toLowerCase();
  return (
    SERVER_PATH_PREFIXES.some((prefix) => lower.startsWith(prefix)) ||
    SERVER_PATHS.some((exact) => lower === exact || lower === `${exact}/`) ||
    FILE_NAME_END.test(lower)
  );
}

/**
 * True when a link to `href` must be a plain document link, never a navigation of the app's router:
 * another site or scheme (`https://…`, `mailto:`, `//host`), or a path the server answers (isServerPath).
 * A relative address (`?q=1`, `#part`, `item`) stays in the app.
 */
export function isDocumentLink(href: string): boolean {
  if (SCHEME_OR_HOST.test(href)) return true;
  return href.startsWith('/') && isServerPath(href);
}

/** The Atom feed of published news; `?format=rss` gives RSS 2.0 (modules/news). */
export const NEWS_FEED_PATH = '/news/feed.xml';
