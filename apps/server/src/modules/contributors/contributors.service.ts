/**
 * Contributor rules (000 §3 Contributor, §5): first name, last name, school and e-mail required, each
 * field at most 1000 (checked by the shared schema); blank optional fields are stored as null; a
 * portrait must be a stored file (uploaded first through the file service). Lists are paged by id, and
 * show e-mail addresses to editors only.
 */
import { AppError } from '@portal/shared/errors';
import type { PermissionFlags } from '@portal/shared/permissions';
import type {
  Contributor,
  ContributorInput,
  ContributorPage,
  ListContributorsQuery,
} from '@portal/shared/schemas/contributors';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import * as repo from './contributors.repository.js';

const orNull = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

async function valuesOf(db: Db, input: ContributorInput): Promise<repo.ContributorValues> {
  if (input.portraitFileId && !(await repo.fileExists(db, input.portraitFileId))) {
    const message = 'The portrait file does not exist. Upload it again.';
    throw new AppError('invalid_input', message, { issues: [{ field: 'body.portraitFileId', message }] });
  }
  return {
    prefix: orNull(input.prefix),
    firstName: input.firstName,
    middleName: orNull(input.middleName),
    lastName: input.lastName,
    suffix: orNull(input.suffix),
    title: orNull(input.title),
    school: input.school,
    email: input.email,
    portraitFileId: input.portraitFileId ?? null,
  };
}

/** Creates a contributor (000 §7 "create contributor"). @throws AppError invalid_input for a missing portrait */
export async function createContributor(db: Db, input: ContributorInput): Promise<Contributor> {
  return repo.insertContributor(db, await valuesOf(db, input));
}

/** Updates a contributor (000 §7 "update contributor by id"). @throws AppError not_found, invalid_input */
export async function updateContributor(db: Db, id: string, input: ContributorInput): Promise<Contributor> {
  const row = await repo.updateContributor(db, id, await valuesOf(db, input));
  if (!row) throw new AppError('not_found', 'There is no such contributor.');
  return row;
}

const IdCursor = z.object({ i: z.string().max(64) });

/** Contributors, paged (000 §7); e-mail addresses only for editors. */
export async function listContributorsPage(
  db: Db,
  perms: Pick<PermissionFlags, 'CanUpdateContent'>,
  query: ListContributorsQuery,
): Promise<ContributorPage> {
  const after = decodePageToken(query.nextPageToken, IdCursor);
  const found = await repo.listContributors(db, { limit: query.limit, afterId: after?.i });
  const { page, nextPageToken } = keysetPage(found, query.limit, (last) => ({ i: last.id }));
  return {
    contributors: page.map((c) => ({ ...c, email: perms.CanUpdateContent ? c.email : null })),
    nextPageToken,
  };
}

/**
 * The contributors of a content item in their order on it (000 §3), every field as stored: the caller
 * hides e-mail addresses from those who may not see them.
 */
export async function findContributorsOfContent(db: Db, contentId: string): Promise<repo.ContributorRow[]> {
  return repo.findContentContributors(db, contentId);
}
