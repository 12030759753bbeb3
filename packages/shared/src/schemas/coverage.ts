/**
 * The coverage matrix (issue 25): for each NICE work role, CAE knowledge unit and CyBOK knowledge area,
 * how many items are aligned (an alignment of a lesson, lab or exercise counts for its module and
 * course too), how many of the row's statements the published catalogue covers, and the gaps.
 */
import { z } from 'zod';
import { COVERAGE_GAPS_PAGE_MAX, COVERAGE_GAPS_PAGE_SIZE } from '../limits.js';
import { PageTokenSchema, pageOf } from './common.js';

export const COVERAGE_KINDS = ['workRole', 'KU', 'CYBOK'] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];

/** An uncovered statement of a work role, with the number of roles that have it (fewer: more specific). */
export const CoverageGapSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  roles: z.number().int(),
});
export type CoverageGap = z.infer<typeof CoverageGapSchema>;

export const CoverageRowSchema = z.object({
  kind: z.enum(COVERAGE_KINDS),
  /** The work role's id (PD-WRL-007) or the knowledge item's id (ku-BCY, cybok-WAM). */
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** A work role's category; null for KUs and CyBOK areas. */
  group: z.string().nullable(),
  /** Published items aligned to the row (or to one of its statements), their ancestors included. */
  publishedItems: z.number().int(),
  /** The same for unpublished items; null unless the caller may update content. */
  unpublishedItems: z.number().int().nullable(),
  /** Statements of the row (a work role's TKS; 1 for a KU or CyBOK area), and how many published items cover. */
  statements: z.number().int(),
  covered: z.number().int(),
  /** The first COVERAGE_GAPS_PREVIEW uncovered statements, most specific first, and how many there are. */
  gaps: z.array(CoverageGapSchema),
  gapCount: z.number().int(),
});
export type CoverageRow = z.infer<typeof CoverageRowSchema>;

/** GET /coverage: every work role (by category), then every KU, then every CyBOK area. */
export const CoverageMatrixSchema = z.object({ rows: z.array(CoverageRowSchema) });
export type CoverageMatrix = z.infer<typeof CoverageMatrixSchema>;

/** GET /coverage/work-roles/{id}/gaps: a page of the role's uncovered statements, most specific first. */
export const ListCoverageGapsQuerySchema = z.object({
  size: z.coerce.number().int().min(1).max(COVERAGE_GAPS_PAGE_MAX).default(COVERAGE_GAPS_PAGE_SIZE),
  nextPageToken: PageTokenSchema.optional(),
});
export type ListCoverageGapsQuery = z.infer<typeof ListCoverageGapsQuerySchema>;

export const CoverageGapPageSchema = pageOf(CoverageGapSchema);
export type CoverageGapPage = z.infer<typeof CoverageGapPageSchema>;
