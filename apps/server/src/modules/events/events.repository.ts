/** Writes of events (table `event`); reads go through news/dated-items.repository.ts. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { event } from '../../db/schema/events.js';

/** An event row as raw SQL returns it. */
export interface EventRow {
  id: string;
  url_alias: string;
  name: string;
  description: string;
  link: string;
  location: string;
  status: string;
  date: Date | string;
  time_zone: string;
  created_at: Date | string;
  modified_at: Date | string;
}

export type EventValues = Omit<typeof event.$inferInsert, 'id' | 'createdAt' | 'modifiedAt'>;

export async function insertEvent(db: Db, values: EventValues): Promise<string> {
  const [row] = await db.insert(event).values(values).returning({ id: event.id });
  return row!.id;
}

export async function updateEvent(db: Db, id: string, values: EventValues): Promise<boolean> {
  const found = await db
    .update(event)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(eq(event.id, id))
    .returning({ id: event.id });
  return found.length > 0;
}
