/**
 * The checks of a courseware write (000 §5): field errors in the shape of schema validation errors, the
 * transaction that turns a concurrent alias clash into a 409, sanitised rich text, derived aliases, and
 * links only to knowledge items and contributors that exist.
 */
import type { z } from 'zod';
import { AppError, MESSAGES } from '@portal/shared/errors';
import {
  UrlAliasSchema,
  isBlankHtml,
  type UpdateContentRequestSchema,
} from '@portal/shared/schemas/courseware';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { sanitizeRichText } from '../../lib/html.js';
import * as repo from './courseware-write.repository.js';

type UpdateInput = z.output<typeof UpdateContentRequestSchema>;

/** An error about one request field, in the shape of the schema validation errors. */
export function fieldError(code: 'invalid_input' | 'conflict', field: string, message: string): AppError {
  return new AppError(code, message, { issues: [{ field: `body.${field}`, message }] });
}

/** The 404 of an item that does not exist or that the caller may not see. */
export function notFound(): AppError {
  return new AppError('not_found', MESSAGES.contentNotFound);
}

/** The 409 of an alias another item has (000 §5: aliases are unique). */
export function aliasTaken(field: string, alias: string): AppError {
  return fieldError(
    'conflict',
    field,
    `The URL alias "${alias}" is already used by another item. Choose another.`,
  );
}

/** Runs a write; an alias taken by a concurrent save (the unique index fires) is a 409 too. */
export async function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => work(tx));
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw fieldError(
        'conflict',
        'urlAlias',
        'The URL alias is already used by another item. Choose another.',
      );
    }
    throw error;
  }
}

/** Sanitised description; blank after sanitising counts as missing (000 §5: required). */
export function cleanDescription(html: string, field = 'description'): string {
  const clean = sanitizeRichText(html);
  if (isBlankHtml(clean)) throw fieldError('invalid_input', field, 'Description is required.');
  return clean;
}

/** A derived alias must be valid too (a name of only punctuation has none). */
export function checkedAlias(alias: string, field: string): string {
  const parsed = UrlAliasSchema.safeParse(alias);
  if (!parsed.success) {
    throw fieldError(
      'invalid_input',
      field,
      alias
        ? (parsed.error.issues[0]?.message ?? 'Not a valid URL alias.')
        : 'The name has no letters or digits to make a URL alias from: enter one.',
    );
  }
  return parsed.data;
}

/** @throws AppError invalid_input naming the list that holds an id of no knowledge item */
export async function checkKnowledge(
  tx: Db,
  lists: Record<'tksIds' | 'ksaIds' | 'kuIds' | 'cybokIds', string[]>,
): Promise<void> {
  const all = Object.values(lists).flat();
  const known = await repo.existingKnowledgeIds(tx, all);
  for (const [field, ids] of Object.entries(lists)) {
    const unknown = ids.find((id) => !known.has(id));
    if (unknown) throw fieldError('invalid_input', field, `There is no knowledge item ${unknown}.`);
  }
}

/** @throws AppError invalid_input when an id is of no contributor */
export async function checkContributors(tx: Db, ids: readonly string[]): Promise<void> {
  const known = await repo.existingContributorIds(tx, ids);
  const unknown = ids.find((id) => !known.has(id));
  if (unknown) throw fieldError('invalid_input', 'contributorIds', `There is no contributor ${unknown}.`);
}

/** The sections with their rich text sanitised (DESIGN "Rich text"). */
export function sanitisedSections(sections: UpdateInput['sections']) {
  return sections.map((s) => ({ ...s, description: sanitizeRichText(s.description) }));
}

/** Knowledge ids grouped by type (TKS, KSA, KU, CyBOK), each group in its stored order. */
export function byKnowledgeType(ids: readonly string[]): string[] {
  return ['tks-', 'ksa-', 'ku-', 'cybok-'].flatMap((prefix) => ids.filter((k) => k.startsWith(prefix)));
}
