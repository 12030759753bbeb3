/** Column types shared by the areas' tables (`db/schema/<area>.ts`). */
import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL's tsvector, written only by triggers and SQL. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
