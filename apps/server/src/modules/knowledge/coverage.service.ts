/**
 * The coverage matrix (issue 25): each NICE work role (by category), CAE KU and CyBOK knowledge area
 * with its aligned items, the share of its statements the published catalogue covers, and its gaps;
 * and the same as CSV (what a CAE-CD application asks for). Anyone may read it for the published
 * catalogue; a caller who may update content also gets the unpublished items' counts.
 */
import { z } from 'zod';
import { AppError } from '@portal/shared/errors';
import { COVERAGE_CACHE_MS, COVERAGE_GAPS_PREVIEW } from '@portal/shared/limits';
import type { PermissionFlags } from '@portal/shared/permissions';
import type {
  CoverageGap,
  CoverageGapPage,
  CoverageMatrix,
  CoverageRow,
  ListCoverageGapsQuery,
} from '@portal/shared/schemas/coverage';
import type { Db } from '../../db/client.js';
import { decodePageToken, keysetPage } from '../../lib/page-token.js';
import * as repo from './coverage.repository.js';
import { workRoleExists } from './knowledge.service.js';

/**
 * Matrices already computed, per database, keyed by search generation and whether the unpublished column
 * is in: the matrix reads every alignment up every item's ancestors, and it is the same until content or
 * its alignments change (the generation moves) — or, for the reference data (work roles, statements),
 * until COVERAGE_CACHE_MS has passed.
 */
const computed = new WeakMap<Db, Map<string, { matrix: CoverageMatrix; at: number }>>();

/** The matrix: work roles, then KUs, then CyBOK areas (cached per search generation, see above). */
export async function getCoverage(
  db: Db,
  perms: Pick<PermissionFlags, 'CanUpdateContent'>,
): Promise<CoverageMatrix> {
  const key = `${await repo.searchGeneration(db)}:${perms.CanUpdateContent}`;
  const ofDb = computed.get(db) ?? new Map<string, { matrix: CoverageMatrix; at: number }>();
  computed.set(db, ofDb);
  const hit = ofDb.get(key);
  if (hit && performance.now() - hit.at < COVERAGE_CACHE_MS) return hit.matrix;
  const matrix = await computeCoverage(db, perms);
  // Only the current generation's two matrices are worth keeping.
  for (const old of ofDb.keys()) if (!old.startsWith(`${key.split(':')[0]}:`)) ofDb.delete(old);
  ofDb.set(key, { matrix, at: performance.now() });
  return matrix;
}

async function computeCoverage(
  db: Db,
  perms: Pick<PermissionFlags, 'CanUpdateContent'>,
): Promise<CoverageMatrix> {
  const [roles, kus, cybok, gaps] = await Promise.all([
    repo.workRoleCounts(db),
    repo.knowledgeCounts(db, 'KU'),
    repo.knowledgeCounts(db, 'CYBOK'),
    repo.workRoleGaps(db, COVERAGE_GAPS_PREVIEW),
  ]);
  const gapsOf = new Map<string, { list: CoverageGap[]; total: number }>();
  for (const g of gaps) {
    const entry = gapsOf.get(g.roleId) ?? { list: [], total: g.total };
    entry.list.push({ id: g.id, code: g.code, name: g.name, roles: g.roles });
    gapsOf.set(g.roleId, entry);
  }
  const row = (kind: CoverageRow['kind'], r: repo.CoverageCountRow): CoverageRow => ({
    kind,
    id: r.id,
    code: r.code,
    name: r.name,
    group: r.group,
    publishedItems: r.published,
    unpublishedItems: perms.CanUpdateContent ? r.unpublished : null,
    statements: r.statements,
    covered: r.covered,
    gaps: kind === 'workRole' ? (gapsOf.get(r.id)?.list ?? []) : [],
    gapCount: kind === 'workRole' ? (gapsOf.get(r.id)?.total ?? 0) : r.statements - r.covered,
  });
  return {
    rows: [
      ...roles.map((r) => row('workRole', r)),
      ...kus.map((r) => row('KU', r)),
      ...cybok.map((r) => row('CYBOK', r)),
    ],
  };
}

const KIND_LABELS: Record<CoverageRow['kind'], string> = {
  workRole: 'NICE work role',
  KU: 'CAE knowledge unit',
  CYBOK: 'CyBOK knowledge area',
};

/** The matrix as CSV rows: a header, then one row per matrix row (share as a percentage). */
export function coverageCsvRows(matrix: CoverageMatrix, withUnpublished: boolean): string[][] {
  const header = [
    'framework',
    'group',
    'code',
    'name',
    'published items',
    ...(withUnpublished ? ['unpublished items'] : []),
    'statements',
    'covered',
    'covered %',
    'gaps',
    'most specific gaps',
  ];
  return [
    header,
    ...matrix.rows.map((r) => [
      KIND_LABELS[r.kind],
      r.group ?? '',
      r.code,
      r.name,
      String(r.publishedItems),
      ...(withUnpublished ? [String(r.unpublishedItems ?? 0)] : []),
      String(r.statements),
      String(r.covered),
      r.statements > 0 ? String(Math.round((100 * r.covered) / r.statements)) : '',
      String(r.gapCount),
      r.gaps.map((g) => g.code).join(' '),
    ]),
  ];
}

const GapCursor = z.object({ r: z.number().int().min(0), i: z.string().max(64) });

/**
 * A page of a work role's gaps: its statements no published item covers, most specific first (those
 * of fewest roles), each with its number of roles. What "and N more" of the matrix opens.
 * @throws AppError not_found when the work role does not exist
 */
export async function listWorkRoleGaps(
  db: Db,
  roleId: string,
  query: ListCoverageGapsQuery,
): Promise<CoverageGapPage> {
  if (!(await workRoleExists(db, roleId))) throw new AppError('not_found', 'This work role does not exist.');
  const after = decodePageToken(query.nextPageToken, GapCursor);
  const found = await repo.workRoleGapPage(db, roleId, {
    limit: query.size,
    after: after ? { roles: after.r, id: after.i } : undefined,
  });
  const { page, nextPageToken } = keysetPage(found, query.size, (last) => ({ r: last.roles, i: last.id }));
  return { items: page, nextPageToken };
}
