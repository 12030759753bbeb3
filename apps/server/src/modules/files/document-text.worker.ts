/**
 * The worker thread that reads a document's text (document-text-pool.ts runs it under a time and
 * memory bound, issue 20 "Untrusted files"). A document that cannot be read is an answer, not a
 * thrown error, so the pool can tell it from a stopped or crashed worker.
 */
import { documentText, type DocumentKind } from './document-text.js';

/** What the pool sends: the kind and the file's bytes (transferred, not copied). */
export interface DocumentTextTask {
  kind: DocumentKind;
  bytes: Uint8Array;
}

/** The text (at most DOCUMENT_TEXT_MAX characters), or why the document could not be read. */
export type DocumentTextAnswer = { ok: true; text: string } | { ok: false; message: string };

/** Reads one document (piscina's task function). */
export default async function readDocumentText(task: DocumentTextTask): Promise<DocumentTextAnswer> {
  try {
    const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
    return { ok: true, text: await documentText(task.kind, bytes) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
