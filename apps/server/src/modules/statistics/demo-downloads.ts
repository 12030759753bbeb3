/**
 * Demo statistics (issue 13; only with SEED_DEMO): business units of each category group, generated
 * users who belong to them, and a few thousand download events of the real demo files over the last
 * year, so the dashboard means something on first start. Everything generated is marked `is_demo`;
 * the generated users have no password and cannot sign in. Deterministic (a seeded generator).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { account } from '../../db/schema/identity.js';
import { organization } from '../../db/schema/organizations.js';
import { downloadEvent } from '../../db/schema/statistics.js';
import { addToRollups } from './statistics.repository.js';

const DEMO_UNITS = [
  { name: 'Lincoln High School', category: 'k12', region: 'Nebraska' },
  { name: 'Riverside STEM Academy', category: 'k12', region: 'California' },
  { name: 'Valley Community College', category: 'communitycollege', region: 'Arizona' },
  { name: 'Lakeshore Technical College', category: 'communitycollege', region: 'Wisconsin' },
  { name: 'Northern State University', category: 'university', region: 'Michigan' },
  { name: 'Coastal Institute of Technology', category: 'university', region: 'Florida' },
  { name: 'State Cyber Defense Agency', category: 'government', region: 'Virginia' },
  { name: 'County Emergency Services', category: 'government', region: 'Texas' },
  { name: 'Open Security Collective', category: 'other', region: 'Oregon' },
] as const;

const USERS_PER_UNIT = 5;
/** Download events generated over the last DEMO_DAYS days. */
const DEMO_EVENTS = 3000;
const DEMO_DAYS = 365;
const INSERT_BATCH = 500;
const FIRST_NAMES = ['Alex', 'Sam', 'Jordan', 'Taylor', 'Morgan', 'Riley', 'Casey', 'Jamie', 'Robin'];
const LAST_NAMES = ['Rivera', 'Chen', 'Okafor', 'Novak', 'Haddad', 'Larsen', 'Ito', 'Moreau', 'Singh'];

/** A small deterministic generator (mulberry32): the same demo data on every fresh start. */
function generator(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface DemoFile {
  fileId: string;
  fileName: string;
  contentId: string;
  contentName: string;
  tags: string[];
  topId: string;
  topName: string;
}

/**
 * Creates the demo business units, their users and the download events with their rollups, in one
 * transaction. Does nothing when there are no courseware files to download.
 * @param demoFacultyEmail the demo faculty account, placed in the first university
 * @returns how many events were written
 */
export async function seedDemoDownloads(db: Db, demoFacultyEmail: string, now = new Date()): Promise<number> {
  const files = await rows<DemoFile>(
    db,
    sql`SELECT f.id AS "fileId", f.filename AS "fileName", c.id AS "contentId", c.name AS "contentName",
               c.tags, r.id AS "topId", r.name AS "topName"
        FROM file f JOIN content c ON c.id = f.metadata_id
        JOIN content r ON r.id = coalesce(c.root_id, c.id)
        WHERE f.metadata_type = 'content' AND c.status = 'published'
        ORDER BY f.id LIMIT 300`,
  );
  if (files.length === 0) return 0;
  const random = generator(13);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  return db.transaction(async (tx) => {
    const units = await tx
      .insert(organization)
      .values(DEMO_UNITS.map((u) => ({ ...u, isDemo: 1 })))
      .returning({ id: organization.id, category: organization.category, name: organization.name });
    const people = units.flatMap((unit, u) =>
      Array.from({ length: USERS_PER_UNIT }, (_, k) => {
        const first = FIRST_NAMES[(u + k) % FIRST_NAMES.length]!;
        const last = LAST_NAMES[(u * 2 + k) % LAST_NAMES.length]!;
        return {
          email: `${first}.${last}.${u}${k}@demo.example.edu`.toLowerCase(),
          displayName: `${first} ${last}`,
          organizationId: unit.id,
        };
      }),
    );
    const users = await tx
      .insert(account)
      .values(people.map((p) => ({ ...p, passwordHash: null })))
      .returning({ id: account.id, email: account.email, displayName: account.displayName });
    const unitOf = new Map(people.map((p) => [p.email, units.find((u) => u.id === p.organizationId)!]));
    const university = units.find((u) => u.category === 'university');
    if (university) {
      await tx.execute(
        sql`UPDATE account SET organization_id = ${university.id}::uuid WHERE email = ${demoFacultyEmail}`,
      );
    }
    // Popular files are downloaded more (the square skews towards the start of the list), weekdays
    // more than weekends, and the recent months more than the early ones.
    const events: (typeof downloadEvent.$inferInsert)[] = [];
    while (events.length < DEMO_EVENTS) {
      const daysAgo = Math.floor(Math.sqrt(random()) * DEMO_DAYS);
      const at = new Date(now.getTime() - daysAgo * 86_400_000 - Math.floor(random() * 86_400_000));
      const weekend = at.getUTCDay() === 0 || at.getUTCDay() === 6;
      if (weekend && random() < 0.6) continue;
      const user = pick(users);
      const unit = unitOf.get(user.email)!;
      const file = files[Math.floor(random() * random() * files.length)]!;
      events.push({
        occurredAt: at,
        accountId: user.id,
        userName: user.displayName,
        userEmail: user.email,
        fileId: file.fileId,
        fileName: file.fileName,
        contentId: file.contentId,
        contentName: file.contentName,
        topContentId: file.topId,
        topContentName: file.topName,
        tags: file.tags,
        organizationId: unit.id,
        organizationCategory: unit.category,
        isDemo: 1,
      });
    }
    for (let k = 0; k < events.length; k += INSERT_BATCH) {
      await tx.insert(downloadEvent).values(events.slice(k, k + INSERT_BATCH));
    }
    await addToRollups(tx, sql`SELECT * FROM download_event WHERE is_demo = 1`);
    return events.length;
  });
}
