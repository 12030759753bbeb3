/**
 * The job that reads a courseware file's text for search (issue: search inside the courseware's own
 * documents). Enqueued when a file is uploaded or imported, so the upload never waits for it; the job
 * reads the stored bytes, strips the markup (document-text.ts) and writes `file_text`, whose trigger
 * folds the words into the item's search vector at the lowest weight. Idempotent: it reads the file
 * row as it is when it runs, and a file that is gone, no longer ready or not a document leaves no text.
 * The text is read in a worker thread under a time and memory bound (document-text-pool.ts, issue 20
 * "Untrusted files"); a document that runs past them or cannot be read is marked "text not extracted"
 * with the reason (`file_text.failure_reason`, shown to curators) and the job fails without retrying.
 */
import { z } from 'zod';
import { DOCUMENT_EXTRACT_MAX_BYTES } from '@portal/shared/limits';
import type { Db } from '../../db/client.js';
import { enqueueJobs, PermanentJobError, type JobHandler } from '../jobs/jobs.service.js';
import * as files from './files.repository.js';
import * as repo from './document-text.repository.js';
import { documentKindOf } from './document-text.js';
import { DocumentTextError, type DocumentTextExtractor } from './document-text-pool.js';
import type { FileStore } from '../../lib/storage.js';
import { faultPoint } from '../../lib/fault-points.js';

export const DOCUMENT_TEXT_JOB_KIND = 'document-text';
const PayloadSchema = z.object({ fileId: z.uuid() });
/** Attempts of one extraction (a damaged PDF fails at once). */
const DOCUMENT_TEXT_ATTEMPTS = 3;

/** Queues the text extraction of files (in the caller's transaction when given one). */
export async function enqueueDocumentText(db: Db, fileIds: readonly string[]): Promise<void> {
  // One multi-row insert per batch: a course import queues thousands at once.
  await enqueueJobs(
    db,
    fileIds.map((fileId) => ({
      kind: DOCUMENT_TEXT_JOB_KIND,
      payload: { fileId },
      maxAttempts: DOCUMENT_TEXT_ATTEMPTS,
    })),
  );
}

/** Reads a stored object whole (documents are at most DOCUMENT_EXTRACT_MAX_BYTES). */
async function readStored(fileStore: FileStore, key: string, signal: AbortSignal): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of fileStore.get(key)) {
    signal.throwIfAborted();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The job handler; registered by the files routes. */
export function createDocumentTextJobHandler(deps: {
  fileStore: FileStore;
  extractor: DocumentTextExtractor;
}): JobHandler<z.infer<typeof PayloadSchema>> {
  return {
    kind: DOCUMENT_TEXT_JOB_KIND,
    payload: PayloadSchema,
    async run({ fileId }, { db, signal }) {
      const row = await files.findFile(db, fileId);
      const kind = row ? documentKindOf(row.filename, row.mimeType) : undefined;
      if (
        !row ||
        !kind ||
        row.metadataType !== 'content' ||
        !row.metadataId ||
        row.status !== 'ready' ||
        row.size > DOCUMENT_EXTRACT_MAX_BYTES
      ) {
        await repo.deleteFileText(db, fileId);
        return;
      }
      const bytes = await readStored(deps.fileStore, row.storageKey, signal);
      let text: string;
      try {
        text = await deps.extractor.extract(kind, bytes, signal);
      } catch (error) {
        // A stopped job (lease lost, shutdown) or a crashed pool is the runner's to retry.
        if (!(error instanceof DocumentTextError)) throw error;
        await repo.markFileTextFailed(db, { fileId, contentId: row.metadataId, reason: error.message });
        throw new PermanentJobError(`The ${kind} file's text was not extracted: ${error.message}`);
      }
      faultPoint('documentText.extracted');
      await repo.upsertFileText(db, { fileId, contentId: row.metadataId, text });
    },
  };
}
