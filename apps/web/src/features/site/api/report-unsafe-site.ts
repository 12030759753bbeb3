/** POST /api/v1/site/unsafe-site-incidents: reports a visit of the unsafe-site warning (001 §2). */
import type { ReportUnsafeSiteRequest } from '@portal/shared/schemas/site';
import { apiRequest, lazySchema } from '../../../lib/api-client';

/** Reports the incident; the server answers 204 with no body. */
export async function reportUnsafeSite(body: ReportUnsafeSiteRequest): Promise<void> {
  await apiRequest('/api/v1/site/unsafe-site-incidents', {
    method: 'POST',
    body,
    schema: lazySchema(() => import('@portal/shared/schemas/common'), 'NoContentSchema'),
  });
}
