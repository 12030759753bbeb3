/** Writes of news items (table `news`); reads go through dated-items.repository.ts. */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { news } from '../../db/schema/news.js';

/** A news row as raw SQL returns it. */
export interface NewsRow {
  id: string;
  url_alias: string;
  name: string;
  description: string;
  image: string | null;
  link: string | null;
  external_link: string | null;
  status: string;
  date: Date | string;
  created_at: Date | string;
  modified_at: Date | string;
}

export type NewsValues = Omit<typeof news.$inferInsert, 'id' | 'createdAt' | 'modifiedAt'>;

export async function insertNews(db: Db, values: NewsValues): Promise<string> {
  const [row] = await db.insert(news).values(values).returning({ id: news.id });
  return row!.id;
}

export async function updateNews(db: Db, id: string, values: NewsValues): Promise<boolean> {
  const found = await db
    .update(news)
    .set({ ...values, modifiedAt: sql`now()` })
    .where(eq(news.id, id))
    .returning({ id: news.id });
  return found.length > 0;
}
