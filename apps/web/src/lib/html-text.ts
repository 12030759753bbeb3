/**
 * The plain text of an HTML fragment (a description written in the rich-text editor), for a clamped
 * one-line summary. The browser parses it with its own parser; a server rendering the page (issue 22)
 * has none, so its entry registers one that reads HTML the same way (htmlparser2).
 */

/** Plain text of a parsed HTML fragment, as `textContent` gives it. */
export type HtmlTextParser = (html: string) => string;

let serverParser: HtmlTextParser | null = null;

/** Registers the parser used where there is no DOMParser (the server entry). */
export function setHtmlTextParser(parser: HtmlTextParser): void {
  serverParser = parser;
}

/** The text content of `html`. Throws when neither a DOMParser nor a registered parser exists. */
export function htmlText(html: string): string {
  if (typeof DOMParser !== 'undefined')
    return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  if (!serverParser) throw new Error('No HTML parser here: the server entry registers one.');
  return serverParser(html);
}
