/**
 * The head of a served page as data, and its tags (issue 22): every tag is built from the data with
 * its values escaped, then written between the markers of the app's own index.html. No untrusted HTML
 * is parsed or searched.
 */

/** The head of one page: what search engines and link previews read. */
export interface Head {
  /** The document title, e.g. "Cross-Site Scripting Lab | Cyber Range Portal". */
  title: string;
  /** Plain text, at most META_DESCRIPTION_MAX characters. */
  description: string;
  /** Absolute URL of the page's one address; null for pages that have none to claim (hidden, unknown). */
  canonical: string | null;
  og: {
    title: string;
    description: string;
    url: string | null;
    /** Absolute http(s) URL of the item's or page's image, when it has one. */
    image: string | null;
    siteName: string;
    type: 'website' | 'article';
  };
  /**
   * Whether search engines are asked not to index the page (`<meta name="robots" content="noindex">`):
   * an unlisted item or page, which its link opens but no list shows.
   */
  isNoindex?: boolean;
  /** A schema.org object (LearningResource of a courseware item), written as JSON-LD. */
  jsonLd?: Record<string, unknown>;
  /** Other forms of the site or page that readers discover from it: the news feeds, an event's calendar. */
  alternates?: Alternate[];
}

/** A `<link rel="alternate">`: a feed or file a feed reader or calendar finds from the page (issue 34). */
export interface Alternate {
  /** Its media type, e.g. `application/atom+xml`. */
  type: string;
  title: string;
  /** Absolute URL. */
  href: string;
}

/** The markers around the default title and description in apps/web/index.html. */
export const HEAD_START_MARKER = '<!--app-head-->';
export const HEAD_END_MARKER = '<!--/app-head-->';

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for an HTML attribute value in double quotes or an element's text. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ATTRIBUTE_ESCAPES[c]!);
}

/**
 * JSON for a `<script type="application/…json">` block: `<` is written as \u003c, so neither
 * `</script>` nor `<!--` can occur inside; U+2028 and U+2029 are escaped too.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const meta = (attribute: 'name' | 'property', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;

/** The tags of a head, one per line. */
export function headTags(head: Head): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`, meta('name', 'description', head.description)];
  if (head.isNoindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  tags.push(
    meta('property', 'og:site_name', head.og.siteName),
    meta('property', 'og:type', head.og.type),
    meta('property', 'og:title', head.og.title),
    meta('property', 'og:description', head.og.description),
  );
  if (head.og.url) tags.push(meta('property', 'og:url', head.og.url));
  if (head.og.image) tags.push(meta('property', 'og:image', head.og.image));
  tags.push(
    meta('name', 'twitter:card', head.og.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.og.title),
    meta('name', 'twitter:description', head.og.description),
  );
  if (head.og.image) tags.push(meta('name', 'twitter:image', head.og.image));
  for (const alternate of head.alternates ?? []) {
    tags.push(
      `<link rel="alternate" type="${escapeHtml(alternate.type)}" title="${escapeHtml(alternate.title)}" href="${escapeHtml(alternate.href)}" />`,
    );
  }
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(head.jsonLd)}</script>`);
  return tags.join('\n    ');
}

/**
 * The served page: the app's index.html with the head's tags in place of what stands between its
 * markers (or, without markers, before `</head>`), and the browser's configuration (when given) as a
 * non-executable `<script type="application/json" id="env">` block that apps/web/src/lib/env.tsx reads
 * first.
 * @param template the built index.html (the app's own file, not request data)
 */
export function writePage(template: string, head: Head, env?: unknown): string {
  const envBlock =
    env === undefined ? '' : `\n    <script type="application/json" id="env">${jsonForScript(env)}</script>`;
  const inserted = headTags(head) + envBlock;
  const start = template.indexOf(HEAD_START_MARKER);
  const end = template.indexOf(HEAD_END_MARKER);
  if (start >= 0 && end > start)
    return template.slice(0, start) + inserted + template.slice(end + HEAD_END_MARKER.length);
  const headEnd = template.indexOf('</head>');
  if (headEnd >= 0) return `${template.slice(0, headEnd)}${inserted}\n${template.slice(headEnd)}`;
  return inserted + template;
}
