/**
 * Demo news and events (issue 12): a handful of each, dated around the day the demo data are imported,
 * in true sentences about this portal. Imported once: nothing is added when news or events exist.
 */
import { sql } from 'drizzle-orm';
import { hyphenate } from '@portal/shared/schemas/courseware';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { event } from '../../db/schema/events.js';
import { news } from '../../db/schema/news.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const NEWS = [
  {
    days: -20,
    name: 'Courseware repository opens with three open courses',
    description:
      '<p>The repository holds SEED Labs, the Hacktivity lab sheets and Microsoft Security-101, each shown with its source and licence.</p>',
  },
  {
    days: -12,
    name: 'Knowledge items from the NICE Framework and CAE are linked to courseware',
    description:
      '<p>Courses, modules and labs list the NICE Framework tasks, knowledge and skills and the CAE knowledge units they cover, and search can filter by them.</p>',
  },
  {
    days: -6,
    name: 'Download a whole course as one zip file',
    description:
      '<p>Faculty can download a course, module or lesson with all its files as one zip. The archive keeps the tree as folders and adds a README and a manifest with the SHA-256 of every file.</p>',
  },
  {
    days: -2,
    name: 'Newsletter sign-up now asks you to confirm your address',
    description:
      '<p>After you sign up for the newsletter we send a confirmation link; you are subscribed once you open it, and every newsletter e-mail carries a link to unsubscribe without signing in.</p>',
  },
  {
    days: 0,
    name: 'News feed for your reader',
    description:
      '<p>The news of this portal is available as an Atom feed at /news/feed.xml, and as RSS with ?format=rss.</p>',
  },
];

const EVENTS = [
  {
    days: -10,
    hour: 15,
    name: 'Walk-through of the courseware search',
    description:
      '<p>A live tour of searching, filtering by level and knowledge item, and browsing a course tree.</p>',
    location: 'Online',
  },
  {
    days: 7,
    hour: 14,
    name: 'Faculty office hour: building a course from the repository',
    description:
      '<p>Bring a syllabus: we look together for the labs and lessons of the repository that fit it.</p>',
    location: 'Online',
  },
  {
    days: 14,
    hour: 10,
    name: 'Hands-on lab session: SEED Labs on the range',
    description: '<p>Students work through a SEED lab in the exercise area, with instructors on hand.</p>',
    location: 'Computer lab, Science Hall',
  },
  {
    days: 21,
    hour: 13,
    name: 'Contributing courseware to the repository',
    description:
      '<p>How to prepare a course for the repository: its tree, its files, its licence and the knowledge items it covers.</p>',
    location: 'Online',
  },
  {
    days: 35,
    hour: 9,
    name: 'Cyber range open day',
    description: '<p>Visitors try a guided exercise on the range and meet the team behind the portal.</p>',
    location: 'Main Hall, Room 101',
  },
];

/** Noon UTC of the day `days` from `now`, plus `hours`. */
function dayAt(now: Date, days: number, hours = 0): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(day + days * DAY_MS + hours * HOUR_MS);
}

/** Imports the demo news and events unless some exist. @returns how many items were added */
export async function seedDemoNewsAndEvents(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const [existing] = await rows<{ n: number }>(
      tx,
      sql`SELECT (SELECT count(*) FROM news)::int + (SELECT count(*) FROM event)::int AS n`,
    );
    if (existing!.n > 0) return 0;
    await tx.insert(news).values(
      NEWS.map((n) => ({
        urlAlias: hyphenate(n.name),
        name: n.name,
        description: n.description,
        status: 'published',
        date: dayAt(now, n.days, 12),
      })),
    );
    // `hour` is Central Standard Time (UTC−6); the calendar file writes it in that zone with its VTIMEZONE.
    await tx.insert(event).values(
      EVENTS.map((e) => ({
        urlAlias: hyphenate(e.name),
        name: e.name,
        description: e.description,
        link: '/events',
        location: e.location,
        status: 'published',
        date: dayAt(now, e.days, e.hour + 6),
        timeZone: 'America/Chicago',
      })),
    );
    return NEWS.length + EVENTS.length;
  });
}
