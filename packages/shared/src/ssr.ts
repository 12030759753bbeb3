/**
 * The contract between the server and the web app's server entry (issue 22: public pages rendered on the
 * server and hydrated in the browser). The server loads the built entry (`apps/web/dist-server`) and calls
 * its `render`; the browser reads the blocks it writes.
 */

/** The id of the `application/json` script block holding the router's and the query cache's state. */
export const SSR_STATE_ELEMENT_ID = 'ssr-state';

/**
 * What the server hands the entry for one page. `Transport` is the API client's request function
 * (a same-origin path and fetch options → a fetch Response; this package names neither DOM nor Node).
 */
export interface SsrRenderInput<Transport = unknown> {
  /** The page's absolute URL as the visitor asked for it (origin only for building the Request). */
  url: string;
  /** The body of /dist/env.json for this request (brand, flags, addresses). */
  env: unknown;
  /** Answers the app's API requests in process. */
  transport: Transport;
}

/** The entry's answer: a redirect, a page to serve, or `client` when the browser must start it alone. */
export type SsrRenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** The rendered markup of `#root`. */
      html: string;
      /** Emotion's critical CSS, as `<style data-emotion="key ids">` blocks to put in `<head>`. */
      styleTags: string;
      /** JSON (already escaped for a script block) of the router's hydration data and the query cache. */
      state: string;
    }
  | {
      kind: 'client';
      /** The status to send index.html with (404 for a detail page whose item is missing); 200 when absent. */
      status?: number;
    };
