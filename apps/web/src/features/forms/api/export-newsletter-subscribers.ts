/**
 * GET /api/v1/admin/newsletter/subscribers/export → text/csv of every subscriber (CanManageOrganization),
 * saved by the browser as newsletter-subscribers.csv.
 */
import { FILE_TYPES } from '@portal/shared/file-types';
import { saveDownload, type ExpectedFile } from '../../../lib/save-download';

export const SUBSCRIBERS_FILE: ExpectedFile = {
  type: FILE_TYPES.csv,
  filename: 'newsletter-subscribers.csv',
};

/**
 * Saves the subscribers' CSV.
 * @throws ApiError when the server refuses or fails, DownloadError when no CSV came
 */
export function exportNewsletterSubscribers(): Promise<void> {
  return saveDownload('/api/v1/admin/newsletter/subscribers/export', SUBSCRIBERS_FILE);
}
