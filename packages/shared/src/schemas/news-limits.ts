/**
 * Limits of news and events (001 §5, §9).
 * Re-exported by `limits.ts`: import them from `@portal/shared/limits`.
 */

/** IANA time zone names are at most this long (the longest is 32). */
export const TIME_ZONE_MAX = 64;

export const NEWS_TITLE_MAX = 1024;
export const NEWS_LINK_MAX = 1024;
export const NEWS_DESCRIPTION_MAX = 10_240;
export const EVENT_LOCATION_MAX = 10_240;
/** Longest stored image data (a data URL) of a news item. */
export const NEWS_DATA_MAX = 512_000;
/** A news item or event body: its image data, its text at 3 bytes (UTF-8) a character, 16 KiB for the rest. */
export const DATED_ITEM_BODY_MAX_BYTES =
  NEWS_DATA_MAX + 3 * (NEWS_DESCRIPTION_MAX + EVENT_LOCATION_MAX + NEWS_TITLE_MAX + NEWS_LINK_MAX) + 16_384;
/** Home page: the latest published news shown, the published events fetched, the future ones shown. */
export const LANDING_NEWS_COUNT = 2;
export const LANDING_EVENTS_FETCH = 20;
export const LANDING_EVENTS_COUNT = 3;
/** The largest page a news or event list request may ask for. */
export const NEWS_PAGE_SIZE_MAX = 50;
/** Description characters shown in a list row before it is clamped (001 §2: about 120). */
export const NEWS_ROW_DESCRIPTION_CLAMP = 120;
/** Published news items in the RSS/Atom feed. */
export const NEWS_FEED_SIZE = 20;
