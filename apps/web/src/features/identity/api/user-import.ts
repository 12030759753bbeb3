/**
 * User import (001 §2, §5; needs CanImportUsers):
 * - POST /api/v1/admin/user-import/preview { rows } → the plan, nothing written
 * - POST /api/v1/admin/user-import         { rows } → all or nothing: 400 with the invalid rows, else the plan done
 */
import type { UserImportPlan, UserImportRow } from '@portal/shared/schemas/identity';
import { apiRequest, lazySchema } from '../../../lib/api-client';

export function previewUserImport(rows: UserImportRow[]): Promise<UserImportPlan> {
  return apiRequest('/api/v1/admin/user-import/preview', {
    method: 'POST',
    body: { rows },
    schema: lazySchema(() => import('@portal/shared/schemas/identity'), 'UserImportPlanSchema'),
  });
}

export function runUserImport(rows: UserImportRow[]): Promise<UserImportPlan> {
  return apiRequest('/api/v1/admin/user-import', {
    method: 'POST',
    body: { rows },
    schema: lazySchema(() => import('@portal/shared/schemas/identity'), 'UserImportPlanSchema'),
  });
}
