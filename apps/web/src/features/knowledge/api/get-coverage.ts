/**
 * GET /api/v1/coverage → CoverageMatrix (issue 25): every work role, KU and CyBOK area with its aligned
 * items, covered share and gaps; editors also get the unpublished column, so the key holds that.
 */
import { useQuery } from '@tanstack/react-query';
import { CoverageMatrixSchema, type CoverageMatrix } from '@portal/shared/schemas/coverage';
import { apiRequest } from '../../../lib/api-client';

export async function getCoverage(signal?: AbortSignal): Promise<CoverageMatrix> {
  return apiRequest('/api/v1/coverage', { schema: CoverageMatrixSchema, signal });
}

/** The coverage matrix; `isEditor` keys the answer that holds the unpublished column. */
export function useCoverage(isEditor: boolean) {
  return useQuery({ queryKey: ['coverage', isEditor], queryFn: ({ signal }) => getCoverage(signal) });
}
