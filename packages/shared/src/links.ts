/**
 * The rules of user-entered links (issue 20 "Links"), without zod: the schemas check input with them
 * (schemas/common.ts `linkUrlSchema`), and pages check stored links with them before zod has loaded
 * (issue 22).
 */

/**
 * What a user-entered link may be, decided per field (issue 20 "Links"): which schemes, and whether a
 * path on this site (`/events`) is allowed; `message` is the field's error when it is anything else.
 */
export interface LinkRules {
  schemes: readonly ('https:' | 'http:' | 'mailto:')[];
  isSitePathAllowed: boolean;
  message: string;
}

/** A web address only (a news item's external link). */
export const WEB_LINK: LinkRules = {
  schemes: ['https:', 'http:'],
  isSitePathAllowed: false,
  message: 'Please enter an address starting with http:// or https://.',
};

/** A page of this site or a web address (page widget targets). */
export const PAGE_OR_WEB_LINK: LinkRules = {
  schemes: ['https:', 'http:'],
  isSitePathAllowed: true,
  message: "Please enter a page link starting with '/' or an address starting with http:// or https://.",
};

/** A web or e-mail address (links inside rich text, where a site path is written in full). */
export const WEB_OR_MAIL_LINK: LinkRules = {
  schemes: ['https:', 'http:', 'mailto:'],
  isSitePathAllowed: false,
  message: 'Please enter an address starting with https://, http:// or mailto:.',
};

/** An image's address in rich text: on this site or on the web. */
export const IMAGE_LINK: LinkRules = {
  schemes: ['https:', 'http:'],
  isSitePathAllowed: true,
  message: 'Please enter an image address starting with https://, http:// or /.',
};

/** A page of this site, a web address or an e-mail address (news and event links). */
export const PAGE_WEB_OR_MAIL_LINK: LinkRules = {
  schemes: ['https:', 'http:', 'mailto:'],
  isSitePathAllowed: true,
  message:
    "Please enter a page link starting with '/', or an address starting with http://, https:// or mailto:.",
};

/**
 * True when `value` is a link `rules` allow, read exactly as a browser will: it starts with `https://`,
 * `http://` or `mailto:` (any case) followed by something, or, where allowed, with one `/` (not `//`),
 * and holds no space, control character or backslash (which browsers strip or read as `/`, so that
 * `java\tscript:` or `/\evil.example` would mean something else than it shows). So `javascript:`,
 * `data:`, `vbscript:`, entity-encoded or protocol-relative addresses are never links. Linear time.
 * Used by the schemas (on input) and by every output of stored links (feed, calendar, pages), since a
 * row stored before this check may hold anything.
 */
export function isLinkUrl(value: string, rules: LinkRules): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x5c) return false;
  }
  if (rules.isSitePathAllowed && value.startsWith('/')) return value[1] !== '/';
  const lower = value.toLowerCase();
  return rules.schemes.some((scheme) => {
    const prefix = scheme === 'mailto:' ? scheme : `${scheme}//`;
    return lower.startsWith(prefix) && value.length > prefix.length;
  });
}
