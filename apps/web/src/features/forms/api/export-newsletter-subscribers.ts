/**
 * GET /api/v1/admin/newsletter/subscribers/export → text/csv of every subscriber (CanManageOrganization),
 * saved by the browser as newsletter-subscribers.csv.
 */
import { saveDownload } from '../../../lib/save-download';

export const SUBSCRIBERS_CSV_NAME = 'newsletter-subscribers.csv';

/** Saves the subscribers' CSV. @throws ApiError when the server refuses or fails */
export function exportNewsletterSubscribers(): Promise<void> {
  return saveDownload('/api/v1/admin/newsletter/subscribers/export', SUBSCRIBERS_CSV_NAME);
}
