/**
 * The state a server-rendered page hands to the browser (issue 22): the site configuration it was
 * rendered with, the router's loader data and the query cache, in one non-executable
 * `<script type="application/json" id="ssr-state">` block (the CSP allows no inline script).
 */
import type { DehydratedState, Query } from '@tanstack/react-query';
import type { EnvJson } from '@portal/shared/schemas/site';
import { SSR_STATE_ELEMENT_ID } from '@portal/shared/ssr';

/** What the block holds. */
export interface SsrState {
  env: EnvJson;
  router: { loaderData: Record<string, unknown>; actionData: Record<string, unknown> | null };
  queries: DehydratedState;
}

/** Query roots that belong to a signed-in user: never in a page rendered for everyone. */
const PRIVATE_QUERY_ROOTS: readonly string[] = ['session', 'messages', 'identity-admin'];

/** The knowledge list (about 400 kB): never in a page; the browser loads it when a filter needs it. */
const KNOWLEDGE_QUERY_ROOT = 'knowledge';

/** Which queries go into the page: those that succeeded and are public, but the knowledge list. */
export function shouldDehydrateQuery(query: Query): boolean {
  const root = String(query.queryKey[0]);
  return (
    query.state.status === 'success' && !PRIVATE_QUERY_ROOTS.includes(root) && root !== KNOWLEDGE_QUERY_ROOT
  );
}

/**
 * JSON of `state` safe inside a script block: `<` is written as `\u003c` (no `</script>` can end the block)
 * and the line separators U+2028/U+2029 escaped.
 */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** The state block of this document, or null when the page was not rendered by the server. */
export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}
