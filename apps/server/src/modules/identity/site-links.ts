/**
 * The site as links and e-mails name it: the brand's name and the absolute addresses of the /auth
 * pages that e-mails carry (sign-in, confirmation, reset, sign-up). Used by the account links, the
 * user import and the course invitations alike. Every return address a link carries has passed
 * `checkRedirect` (packages/shared/src/redirects.ts; issue 20): an unchecked one is left out.
 */
import type { BrandVariant } from '@portal/shared/enums';
import { checkRedirect } from '@portal/shared/redirects';
import type { SignupCode } from '@portal/shared/schemas/identity';

/** What links and e-mails need to know about the site. */
export interface SiteContext {
  publicBaseUrl: string;
  brand: BrandVariant;
  /** The exercise area (RANGE_UI_URL), a return address sign-in may lead to; null or omitted, none. */
  exerciseAreaUrl?: string | null;
}

/**
 * A return address after sign-in, checked: a path of this portal or an address of the exercise area
 * (001 §2 /login), normalised; undefined for anything else.
 */
export function checkedReturnAddress(site: SiteContext, target: string | undefined): string | undefined {
  return checkRedirect(target, site)?.href;
}

/**
 * The app's own /login for a sign-in that must start there (it makes the PKCE verifier): `redirect`
 * (checked) is where to return after signing in, `from` (a checked path of this portal) the page it
 * was started on.
 */
export function appLoginPath(site: SiteContext, params: { redirect?: string; from?: string }): string {
  return authHref('/login', {
    redirect: checkedReturnAddress(site, params.redirect),
    from: checkRedirect(params.from, { publicBaseUrl: site.publicBaseUrl })?.href,
  });
}

const SITE_NAMES: Record<BrandVariant, string> = {
  national: 'Cyber Range Portal',
  state: 'State Cyber Range',
};

/** The brand's name; a sign-up code names its variant (001 §2 /signup: the state variant adds `code`). */
export function siteName(site: SiteContext, code?: SignupCode): string {
  return SITE_NAMES[code ?? site.brand];
}

/** A link to an /auth page that carries the return address (and other values) along. */
export function authHref(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

const absolute = (site: SiteContext, path: string) => `${site.publicBaseUrl}${path}`;

/** Absolute addresses of the /auth pages, for e-mails; each return address checked again here. */
export const linkTo = {
  verify: (site: SiteContext, token: string, redirect?: string) =>
    absolute(site, authHref('/auth/verify-email', { token, redirect: checkedReturnAddress(site, redirect) })),
  reset: (site: SiteContext, token: string, redirect?: string) =>
    absolute(
      site,
      authHref('/auth/reset-password', { token, redirect: checkedReturnAddress(site, redirect) }),
    ),
  login: (site: SiteContext, redirect?: string) =>
    absolute(site, authHref('/auth/login', { redirect: checkedReturnAddress(site, redirect) })),
  forgot: (site: SiteContext, redirect?: string) =>
    absolute(site, authHref('/auth/forgot-password', { redirect: checkedReturnAddress(site, redirect) })),
  signup: (site: SiteContext, params: { email?: string; redirect?: string }) =>
    absolute(
      site,
      authHref('/auth/signup', {
        email: params.email,
        redirect: checkedReturnAddress(site, params.redirect),
      }),
    ),
};
