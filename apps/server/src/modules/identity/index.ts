/**
 * What other modules may use of identity besides `identity.service.ts`: the caller of a request as the
 * services take it, and the brand's name for mail and feeds (001 §2). Everything else stays inside.
 */
export type { Session } from './session.js';
export { siteName, type SiteContext } from './site-links.js';
export { lifetimeText, mail } from './identity.mails.js';
