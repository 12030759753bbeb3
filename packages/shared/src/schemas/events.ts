/** Events (001 §2 News and events, §3 Event, §5 News or event dialog, §7 Content client). */
import { z } from 'zod';
import { CONTENT_STATUSES } from '../enums.js';
import { EVENT_LOCATION_MAX, NEWS_LINK_MAX, NEWS_TITLE_MAX, TIME_ZONE_MAX } from '../limits.js';
import { PAGE_WEB_OR_MAIL_LINK, TimestampSchema, UuidSchema, linkUrlSchema, pageOf } from './common.js';
import { ItemDateSchema, NewsDescriptionSchema, REQUIRED, requiredLine } from './news.js';

export const EVENT_NOT_FOUND = 'Event does not exist.';

/** The time zone new events are held in unless the dialog says otherwise. */
export const DEFAULT_EVENT_TIME_ZONE = 'America/Chicago';

/** An IANA time zone name the runtime knows. */
const TimeZoneSchema = z
  .string()
  .max(TIME_ZONE_MAX)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Please pick a known time zone.');

export const EventSchema = z.object({
  id: UuidSchema,
  urlAlias: z.string(),
  name: z.string(),
  description: z.string(),
  link: z.string(),
  location: z.string(),
  status: z.enum(CONTENT_STATUSES),
  date: TimestampSchema,
  timeZone: z.string(),
  createdTimestamp: TimestampSchema,
  modifiedTimestamp: TimestampSchema,
});
export type Event = z.infer<typeof EventSchema>;
export const EventPageSchema = pageOf(EventSchema);
export type EventPage = z.infer<typeof EventPageSchema>;

/** Create or update an event (001 §7: name, description, link, status, location, date). */
export const EventRequestSchema = z.object({
  name: requiredLine(NEWS_TITLE_MAX),
  description: NewsDescriptionSchema,
  /** A page of the portal, a web address or an e-mail address (issue 20 "Links"). */
  link: linkUrlSchema(PAGE_WEB_OR_MAIL_LINK, NEWS_LINK_MAX).min(1, REQUIRED),
  location: requiredLine(EVENT_LOCATION_MAX),
  status: z.enum(CONTENT_STATUSES).default('unpublished'),
  date: ItemDateSchema,
  timeZone: TimeZoneSchema.default(DEFAULT_EVENT_TIME_ZONE),
});
export type EventRequest = z.input<typeof EventRequestSchema>;
