/**
 * Knowledge items (000 §3, §7): the NICE work roles, TKS statements and CAE knowledge units that
 * courseware is aligned with. They change only with an import; anyone may list them.
 */
import { z } from 'zod';
import type { KnowledgePage, ListKnowledgeQuery } from '@portal/shared/schemas/knowledge';
import type { WorkRoleList } from '@portal/shared/schemas/work-roles';
import type { Db } from '../../db/client.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import * as repo from './knowledge.repository.js';

const IdCursor = z.object({ i: z.string().max(64) });

/** Knowledge items, paged by id, optionally of one type (000 §7: size 10000). */
export async function listKnowledgePage(db: Db, query: ListKnowledgeQuery): Promise<KnowledgePage> {
  const after = decodePageToken(query.nextPageToken, IdCursor);
  const found = await repo.listKnowledge(db, { limit: query.size, type: query.type, afterId: after?.i });
  const { page, nextPageToken } = keysetPage(found, query.size, (last) => ({ i: last.id }));
  return { items: page, nextPageToken };
}

/** Every NICE work role (41 in v2.1.0) with its category and TKS count (issue 25). */
export async function listWorkRoles(db: Db): Promise<WorkRoleList> {
  return { items: await repo.listWorkRoles(db) };
}

/**
 * Whether a NICE work role of this id exists (issue 25): what the coverage of a role and a search by role
 * check before they answer.
 */
export function workRoleExists(db: Db, id: string): Promise<boolean> {
  return repo.workRoleExists(db, id);
}
