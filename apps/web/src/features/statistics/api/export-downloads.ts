/**
 * GET /api/v1/statistics/contentfiledownload/export?from&to&timeZone → text/csv (001 §9), read as a
 * stream so that a progress indicator can count what has arrived, then saved under
 * coursewareDownloads_{from}_to_{to}.csv.
 */
import { downloadCsvFileName } from '@portal/shared/schemas/statistics';
import { FILE_TYPES } from '@portal/shared/file-types';
import { buildUrl } from '../../../lib/api-client';
import { fetchFile, saveBlob } from '../../../lib/save-download';

export interface ExportProgress {
  /** Bytes received so far. */
  bytes: number;
}

/**
 * Downloads the CSV of the range and hands it to the browser as a file.
 * @param onProgress called as chunks arrive
 * @throws ApiError for an error answer (a bad range is a 400 naming the field); DownloadError when no
 * CSV came
 */
export async function exportDownloads(
  range: { from: string; to: string; timeZone: string },
  onProgress: (progress: ExportProgress) => void,
): Promise<string> {
  const fileName = downloadCsvFileName(range.from, range.to);
  const response = await fetchFile(buildUrl('/api/v1/statistics/contentfiledownload/export', range), {
    type: FILE_TYPES.csv,
    filename: fileName,
  });
  const chunks: BlobPart[] = [];
  let bytes = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      onProgress({ bytes });
    }
  }
  saveBlob(new Blob(chunks, { type: FILE_TYPES.csv }), fileName);
  return fileName;
}
