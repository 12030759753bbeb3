/**
 * "Add to calendar" (beyond the specification): an event as an iCalendar file (RFC 5545) whose start
 * is written in the event's own time zone with that zone's VTIMEZONE, so calendars do not shift it
 * (verdigado/sunflower #299: without VTIMEZONE calendars read it as UTC). Built with ical.js (Mozilla's
 * iCalendar model: escaping and line folding are its own); the VTIMEZONE comes from
 * timezones-ical-library (the IANA database as iCalendar blocks).
 */
import ICAL from 'ical.js';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { Event } from '@portal/shared/schemas/events';

/** Events have one date; a calendar entry lasts this long. */
const EVENT_DURATION = 'PT1H';
const PRODUCT_ID = '-//Range Portal//Events//EN';

/** The wall-clock date and time of `instant` in `timeZone`. */
function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/**
 * The .ics text of one event.
 * @param options.url the event's page; options.host names the UID's domain
 */
export function eventCalendar(
  event: Event,
  options: { url: string; host: string; description: string },
): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', PRODUCT_ID);
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('method', 'PUBLISH');

  const block = tzlib_get_ical_block(event.timeZone);
  const vtimezone = new ICAL.Component(ICAL.parse(Array.isArray(block) ? block[0]! : block));
  calendar.addSubcomponent(vtimezone);
  const zone = new ICAL.Timezone(vtimezone);

  const vevent = new ICAL.Component('vevent');
  const entry = new ICAL.Event(vevent);
  entry.uid = `${event.id}@${options.host}`;
  entry.summary = event.name;
  entry.location = event.location;
  entry.description = options.description;
  const start = ICAL.Time.fromData(wallClock(new Date(event.date), event.timeZone), zone);
  entry.startDate = start;
  vevent.addPropertyWithValue('duration', ICAL.Duration.fromString(EVENT_DURATION));
  vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(new Date(event.modifiedTimestamp), true));
  vevent.addPropertyWithValue('url', options.url);
  calendar.addSubcomponent(vevent);
  return calendar.toString();
}
