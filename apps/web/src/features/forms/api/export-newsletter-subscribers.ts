/**
 * GET /api/v1/admin/newsletter/subscribers/export → text/csv of every subscriber (CanManageOrganization),
 * saved by the browser as newsletter-subscribers.csv.
 */
import { ApiError } from '../../../lib/api-client';
import { getAccessToken } from '../../../lib/auth-token';

export const SUBSCRIBERS_CSV_NAME = 'newsletter-subscribers.csv';

export async function exportNewsletterSubscribers(): Promise<void> {
  const token = getAccessToken();
  const response = await fetch('/api/v1/admin/newsletter/subscribers/export', {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError('internal', body?.message ?? 'The export failed.', response.status);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = SUBSCRIBERS_CSV_NAME;
  link.click();
  URL.revokeObjectURL(url);
}
