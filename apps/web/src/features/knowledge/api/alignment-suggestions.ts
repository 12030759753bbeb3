/**
 * Suggested alignments for curators (issue 25):
 * - GET  /api/v1/content/{id}/alignment-suggestions → AlignmentSuggestionList
 * - POST /api/v1/content/{id}/alignment-decisions   AlignmentDecisionRequest → AlignmentDecision
 * Both need CanUpdateContent; the server answers 404 for an unknown item.
 */
import type {
  AlignmentDecisionRecord,
  AlignmentDecisionRequest,
  AlignmentSuggestion,
} from '@portal/shared/schemas/alignment-suggestions';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** The suggestions for an item, best first (at most ALIGNMENT_SUGGESTIONS_MAX). */
export async function getAlignmentSuggestions(
  contentId: string,
  signal?: AbortSignal,
): Promise<AlignmentSuggestion[]> {
  const list = await apiRequest(`/api/v1/content/${contentId}/alignment-suggestions`, {
    schema: lazySchema(
      () => import('@portal/shared/schemas/alignment-suggestions'),
      'AlignmentSuggestionListSchema',
    ),
    signal,
  });
  return list.items;
}

/** Records the curator's accept or reject of one suggestion. */
export function recordAlignmentDecision(
  contentId: string,
  body: AlignmentDecisionRequest,
): Promise<AlignmentDecisionRecord> {
  return apiRequest(`/api/v1/content/${contentId}/alignment-decisions`, {
    method: 'POST',
    body,
    schema: lazySchema(
      () => import('@portal/shared/schemas/alignment-suggestions'),
      'AlignmentDecisionSchema',
    ),
  });
}
