/**
 * The site as links and e-mails name it: the brand's name and the absolute addresses of the /auth
 * pages that e-mails carry (sign-in, confirmation, reset, sign-up). Used by the account links, the
 * user import and the course invitations alike.
 */
import type { BrandVariant } from '@portal/shared/enums';
import type { SignupCode } from '@portal/shared/schemas/identity';

/** What links and e-mails need to know about the site. */
export interface SiteContext {
  publicBaseUrl: string;
  brand: BrandVariant;
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

/** Absolute addresses of the /auth pages, for e-mails. */
export const linkTo = {
  verify: (site: SiteContext, token: string, redirect?: string) =>
    absolute(site, authHref('/auth/verify-email', { token, redirect })),
  reset: (site: SiteContext, token: string, redirect?: string) =>
    absolute(site, authHref('/auth/reset-password', { token, redirect })),
  login: (site: SiteContext, redirect?: string) => absolute(site, authHref('/auth/login', { redirect })),
  forgot: (site: SiteContext, redirect?: string) =>
    absolute(site, authHref('/auth/forgot-password', { redirect })),
  signup: (site: SiteContext, params: { email?: string; redirect?: string }) =>
    absolute(site, authHref('/auth/signup', params)),
};
