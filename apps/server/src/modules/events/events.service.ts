/**
 * Events (001 §2 News and events, §3 Event, §5, §7 Content client): lists for everyone (published only
 * for visitors; `upcoming` for the home page), one event by id or alias, writes for editors with the
 * description sanitised, and its calendar file.
 */
import { AppError } from '@portal/shared/errors';
import type { ContentStatus } from '@portal/shared/enums';
import type { PermissionFlags } from '@portal/shared/permissions';
import {
  EVENT_NOT_FOUND,
  type Event,
  type EventPage,
  type EventRequestSchema,
} from '@portal/shared/schemas/events';
import type { z } from 'zod';
import { PAGE_WEB_OR_MAIL_LINK, isLinkUrl } from '@portal/shared/schemas/common';
import type { Db } from '../../db/client.js';
import { htmlToText, sanitizeRichText } from '../../lib/html.js';
import {
  aliasFor,
  deleteDatedItem,
  findPublicDated,
  listListedDated,
  isoOf,
  openDated,
  pageOfDated,
  type PublicDatedItem,
} from '../dated-items/dated-items.service.js';
import { eventCalendar } from './event-calendar.js';
import { insertEvent, updateEvent, type EventRow } from './events.repository.js';

type EventInput = z.output<typeof EventRequestSchema>;

function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    urlAlias: row.url_alias,
    name: row.name,
    description: row.description,
    // Checked again on the way out (API, calendar file): a row stored before may hold anything.
    link: isLinkUrl(row.link, PAGE_WEB_OR_MAIL_LINK) ? row.link : '',
    location: row.location,
    status: row.status as ContentStatus,
    date: isoOf(row.date),
    timeZone: row.time_zone,
    createdTimestamp: isoOf(row.created_at),
    modifiedTimestamp: isoOf(row.modified_at),
  };
}

/** A page of events: newest first, or from now on soonest first with `upcoming`. */
export function listEvents(
  db: Db,
  permissions: PermissionFlags,
  query: { pageToken?: string; pageSize: number; statuses?: ContentStatus[]; upcoming: boolean },
): Promise<EventPage> {
  return pageOfDated<EventRow, Event>(db, 'event', { permissions, query, toItem: toEvent });
}

/** One event. @throws AppError not_found 'Event does not exist.' */
export async function getEvent(db: Db, permissions: PermissionFlags, idOrAlias: string): Promise<Event> {
  return toEvent(
    await openDated<EventRow>(db, 'event', { permissions, idOrAlias, notFound: EVENT_NOT_FOUND }),
  );
}

/**
 * The event a visitor opens at this id or alias, by the rule of its own page (published or unlisted),
 * for the head of its page (issue 22); undefined when there is none.
 */
export function findPublicEvent(db: Db, idOrAlias: string): Promise<PublicDatedItem | undefined> {
  return findPublicDated(db, 'event', idOrAlias);
}

/** Every event a visitor's lists show, by alias, with when it last changed (for the sitemap). */
export function listListedEvents(db: Db): Promise<{ urlAlias: string; modifiedTimestamp: string }[]> {
  return listListedDated(db, 'event');
}

const valuesOf = (input: EventInput) => ({
  name: input.name,
  description: sanitizeRichText(input.description),
  link: input.link,
  location: input.location,
  status: input.status,
  date: new Date(input.date),
  timeZone: input.timeZone,
});

/** Creates an event (its alias from its name, made unique). */
export async function createEvent(db: Db, permissions: PermissionFlags, input: EventInput): Promise<Event> {
  const id = await db.transaction(async (tx) =>
    insertEvent(tx, {
      ...valuesOf(input),
      urlAlias: await aliasFor(tx, { table: 'event', name: input.name }),
    }),
  );
  return getEvent(db, permissions, id);
}

/** Replaces an event's fields. @throws AppError not_found */
export async function editEvent(
  db: Db,
  permissions: PermissionFlags,
  id: string,
  input: EventInput,
): Promise<Event> {
  await db.transaction(async (tx) => {
    const isFound = await updateEvent(tx, id, {
      ...valuesOf(input),
      urlAlias: await aliasFor(tx, { table: 'event', name: input.name, exceptId: id }),
    });
    if (!isFound) throw new AppError('not_found', EVENT_NOT_FOUND);
  });
  return getEvent(db, permissions, id);
}

/** Deletes an event. @throws AppError not_found */
export async function removeEvent(db: Db, id: string): Promise<void> {
  const isDeleted = await deleteDatedItem(db, 'event', id);
  if (!isDeleted) throw new AppError('not_found', EVENT_NOT_FOUND);
}

/** The calendar file of an event the caller may open. @throws AppError not_found */
export async function eventCalendarFile(
  db: Db,
  {
    permissions,
    idOrAlias,
    publicBaseUrl,
  }: { permissions: PermissionFlags; idOrAlias: string; publicBaseUrl: string },
): Promise<{ filename: string; ics: string }> {
  const event = await getEvent(db, permissions, idOrAlias);
  const url = `${publicBaseUrl}/events/${encodeURIComponent(event.urlAlias)}`;
  const ics = eventCalendar(event, {
    url,
    host: new URL(publicBaseUrl).hostname,
    // The link as the reader's calendar can open it: a page of the portal becomes its full address.
    description: [
      htmlToText(event.description),
      event.link.startsWith('/') ? publicBaseUrl + event.link : event.link,
    ]
      .filter(Boolean)
      .join('\n\n'),
  });
  return { filename: `${event.urlAlias}.ics`, ics };
}
