/**
 * The files picked in the content editor, uploaded after the item is saved (000 §5 "files attached to
 * the item"; POST /api/v1/files, private, one at a time so each shows its progress).
 */
import { uploadFile } from '../../../lib/api/upload-file';
import type { PendingFile } from '../lib/content-draft';

/** Reports one picked file's upload progress: 0–1 while sending, null when done or failed. */
export type PendingFileProgress = (index: number, progress: number | null) => void;

/**
 * Uploads the picked files of a content item one by one with progress; never throws. Returns those that
 * failed, each with why (`error`) and its progress cleared, to stay in the form for another try.
 */
export async function uploadContentFiles(
  contentId: string,
  pending: readonly PendingFile[],
  onProgress: PendingFileProgress,
): Promise<PendingFile[]> {
  const failed: PendingFile[] = [];
  for (const [index, file] of pending.entries()) {
    const setProgress = (progress: number | null) => onProgress(index, progress);
    try {
      setProgress(0);
      await uploadFile(
        {
          file: file.file,
          name: file.name.trim(),
          filename: file.file.name,
          visibility: 'private',
          metadataType: 'content',
          metadataId: contentId,
          kind: 'file',
        },
        setProgress,
      );
    } catch (error) {
      failed.push({
        ...file,
        progress: null,
        error: `Not uploaded: ${error instanceof Error ? error.message : 'the upload failed.'}`,
      });
    }
  }
  return failed;
}

/** What a save of the content editor sends: the request body and the files picked to upload after it. */
export interface SaveContentInput<Body> {
  body: Body;
  pendingFiles: readonly PendingFile[];
  onProgress: PendingFileProgress;
}

/** What a save did: the item as written, and the picked files that could not be uploaded. */
export interface SaveContentResult<Saved> {
  saved: Saved;
  failed: PendingFile[];
}
