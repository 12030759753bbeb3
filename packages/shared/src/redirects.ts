/**
 * The one check of every redirect target of the portal (OWASP "Unvalidated Redirects and Forwards";
 * 001 §2 /login; issue 20). Server and web app both use it, so a target one side accepts is a target
 * the other accepts.
 *
 * The target is resolved against the portal's public address with the WHATWG URL parser (the parser
 * browsers use, so what is checked is what a browser would follow) and accepted only when the
 * resulting origin is the portal's own or, where the caller allows it, the configured exercise area
 * (RANGE_UI_URL). What the caller gets back is the normalised URL that was checked, never the raw
 * input: a check on the raw string followed by a rebuild from its parts turned `/.//evil.example` into
 * `//evil.example`.
 */
import { ADDRESS_MAX } from './limits.js';

/** The parts of a WHATWG URL this check reads (the package's own lib names neither DOM nor Node). */
interface ParsedUrl {
  readonly href: string;
  readonly origin: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
  readonly searchParams: { set(name: string, value: string): void };
}
/** The WHATWG URL parser, a global in browsers and Node.js alike. */
declare const URL: new (input: string, base?: string) => ParsedUrl;

/** Where a redirect may lead: the portal, and the exercise area where the caller allows it. */
export interface RedirectOrigins {
  /** The portal's public address (PUBLIC_BASE_URL, or the page's own origin in the browser). */
  publicBaseUrl: string;
  /** The exercise area (RANGE_UI_URL); omitted or null, no target leaves the portal. */
  exerciseAreaUrl?: string | null;
}

/**
 * A target that passed the check:
 * - `portal`: `href` is path + query + fragment on the portal's origin, always `/` followed by a
 *   character that is neither `/` nor `\` (or the bare `/`), so no browser reads it as another host;
 * - `exercise-area`: `href` is the absolute URL on the exercise area's origin.
 */
export type CheckedRedirect =
  | { readonly destination: 'portal'; readonly href: string }
  | { readonly destination: 'exercise-area'; readonly href: string };

const WEB_SCHEMES = new Set(['http:', 'https:']);

/** C0 controls, space at either end, DEL, C1 controls, and the backslash that browsers read as `/`. */
function hasForbiddenCharacter(target: string): boolean {
  if (target.trim() !== target) return true;
  for (const char of target) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || char === '\\') return true;
  }
  return false;
}

/** The origin of an absolute address, or null when it is not one. */
function originOf(address: string | null | undefined): string | null {
  if (!address) return null;
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/** Whether a portal path can only be read as a path of the origin it is resolved against. */
const isLocalPath = (path: string) => path[0] === '/' && path[1] !== '/' && path[1] !== '\\';

/**
 * Decides a redirect target.
 * @param target what the request carried (`redirect`, `referrer`, …): a path or an absolute URL, at
 *   most ADDRESS_MAX characters
 * @param origins the portal's public address and, when the exercise area may be a destination, its address
 * @returns the checked, normalised target, or null when it must not be followed: not a string, empty,
 *   too long, a control character, a backslash or surrounding space, unparsable, a scheme other than
 *   http(s), credentials in the URL, or an origin other than the portal's (and the exercise area's)
 */
export function checkRedirect(target: unknown, origins: RedirectOrigins): CheckedRedirect | null {
  if (typeof target !== 'string' || target === '' || target.length > ADDRESS_MAX) return null;
  if (hasForbiddenCharacter(target)) return null;
  const portalOrigin = originOf(origins.publicBaseUrl);
  if (!portalOrigin) return null;
  let url: ParsedUrl;
  try {
    url = new URL(target, origins.publicBaseUrl);
  } catch {
    return null;
  }
  if (!WEB_SCHEMES.has(url.protocol) || url.username !== '' || url.password !== '') return null;
  if (url.origin === portalOrigin) {
    const href = url.pathname + url.search + url.hash;
    // `/.//x` resolves to the path `//x`: on this origin, but a browser would read the path as a host.
    if (!isLocalPath(href) || new URL(href, origins.publicBaseUrl).href !== url.href) return null;
    return { destination: 'portal', href };
  }
  const exerciseAreaOrigin = originOf(origins.exerciseAreaUrl);
  if (exerciseAreaOrigin && url.origin === exerciseAreaOrigin)
    return { destination: 'exercise-area', href: url.href };
  return null;
}

/**
 * A checked target with query parameters added (e.g. the sign-on code `s`), checked again.
 * @returns the same kind of target: a portal path or an absolute exercise-area URL
 */
export function withQuery(
  checked: CheckedRedirect,
  params: Record<string, string>,
  origins: RedirectOrigins,
): CheckedRedirect {
  const url = new URL(checked.href, origins.publicBaseUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const again = checkRedirect(url.href, origins);
  if (!again || again.destination !== checked.destination)
    throw new Error('a checked redirect target changed its destination');
  return again;
}
