/**
 * Queries of account messages. Each takes a Db or a transaction; no rules live here.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { UUID_PATTERN } from '@portal/shared/schemas/common';
import type { Db } from '../../db/client.js';
import { accountMessage } from '../../db/schema/identity.js';

const isUuid = (value: string) => UUID_PATTERN.test(value);

export async function listUnreadMessages(
  db: Db,
  accountId: string,
  limit: number,
): Promise<{ id: string; message: string; link: string | null }[]> {
  return db
    .select({ id: accountMessage.id, message: accountMessage.message, link: accountMessage.link })
    .from(accountMessage)
    .where(and(eq(accountMessage.accountId, accountId), isNull(accountMessage.readAt)))
    .orderBy(desc(accountMessage.createdAt), desc(accountMessage.id))
    .limit(limit);
}

export async function insertMessage(
  db: Db,
  values: { accountId: string; message: string; link: string | null },
): Promise<string> {
  const [row] = await db.insert(accountMessage).values(values).returning({ id: accountMessage.id });
  return row!.id;
}

/** Marks one of the account's messages read; false when it is not theirs or unknown. */
export async function markMessageRead(
  db: Db,
  { accountId, id, now }: { accountId: string; id: string; now: Date },
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await db
    .update(accountMessage)
    .set({ readAt: now })
    .where(and(eq(accountMessage.id, id), eq(accountMessage.accountId, accountId)))
    .returning({ id: accountMessage.id });
  return rows.length > 0;
}
