/**
 * Document text extraction off the API's thread (issue 20 "Untrusted files"): a pool of worker
 * threads (piscina, one thread by default) runs document-text.worker.ts with a heap limit
 * (`resourceLimits.maxOldGenerationSizeMb`) and each task under a time limit. A document that runs past
 * the time limit or the heap is stopped with its thread, so a compression bomb or a PDF of thousands of
 * pages never stalls the requests the API is answering; the job's abort (lease lost, shutdown) stops it
 * the same way.
 *
 * The worker is the compiled `document-text.worker.js` beside this file in production (dist), and the
 * TypeScript source run through tsx when the server runs from its sources (tests, `npm run dev`), with
 * the shared package read from its sources as the tests do (tsconfig.source.json).
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { DocumentKind } from './document-text.js';
import type { DocumentTextAnswer, DocumentTextTask } from './document-text.worker.js';

/** Worker threads of the pool: one, so that extraction never takes more than one core. */
export const DOCUMENT_TEXT_THREADS = 1;
/** How long an idle worker thread is kept for the next document. */
const IDLE_THREAD_MS = 60_000;
/** Characters of a parser's message kept in the reason shown to curators. */
const PARSER_MESSAGE_MAX = 200;

/** Why a document's text was not extracted; `message` is what the curator reads. */
export class DocumentTextError extends Error {
  constructor(
    readonly reason: 'timeout' | 'memory' | 'unreadable',
    message: string,
  ) {
    super(message);
    this.name = 'DocumentTextError';
  }
}

export interface DocumentTextExtractor {
  /**
   * Reads a document's text in the pool.
   * @param signal the job's abort signal: aborting stops the worker and rejects with its reason
   * @returns the text, whitespace collapsed, at most DOCUMENT_TEXT_MAX characters
   * @throws DocumentTextError past the time limit, past the heap limit, or for a document that cannot
   *   be read; the signal's reason when the job was aborted
   */
  extract(kind: DocumentKind, bytes: Buffer, signal: AbortSignal): Promise<string>;
  /** Stops the threads (app close); a running extraction is stopped. */
  close(): Promise<void>;
}

/** Whether this module runs from its TypeScript source (tests, tsx) rather than compiled. */
const isSource = import.meta.url.endsWith('.ts');

/**
 * Builds the pool.
 * @param options.timeoutMs time limit of one document; memoryMb heap limit of a worker thread
 */
export function createDocumentTextExtractor(options: {
  timeoutMs: number;
  memoryMb: number;
  threads?: number;
}): DocumentTextExtractor {
  const seconds = Math.round(options.timeoutMs / 100) / 10;
  const duration = `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const pool = new Piscina<DocumentTextTask, DocumentTextAnswer>({
    filename: new URL(`./document-text.worker.${isSource ? 'ts' : 'js'}`, import.meta.url).href,
    minThreads: 0,
    maxThreads: options.threads ?? DOCUMENT_TEXT_THREADS,
    idleTimeout: IDLE_THREAD_MS,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb },
    ...(isSource
      ? {
          execArgv: ['--import', 'tsx'],
          env: {
            ...process.env,
            TSX_TSCONFIG_PATH: fileURLToPath(new URL('../../../tsconfig.source.json', import.meta.url)),
          },
        }
      : { execArgv: [] }),
  });

  return {
    async extract(kind, bytes, signal) {
      signal.throwIfAborted();
      const timeout = AbortSignal.timeout(options.timeoutMs);
      // A copy of its own, so that transferring it leaves the caller's buffer (and Node's pool) alone.
      const copy = new Uint8Array(bytes);
      let answer: DocumentTextAnswer;
      try {
        answer = await pool.run(
          { kind, bytes: copy },
          { signal: AbortSignal.any([signal, timeout]), transferList: [copy.buffer] },
        );
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (timeout.aborted) {
          throw new DocumentTextError('timeout', `the document took longer than ${duration} to read.`);
        }
        if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
          throw new DocumentTextError(
            'memory',
            `the document needs more than ${options.memoryMb} MB of memory to read.`,
          );
        }
        throw error;
      }
      if (!answer.ok) {
        throw new DocumentTextError(
          'unreadable',
          `the document could not be read (${answer.message.slice(0, PARSER_MESSAGE_MAX)}).`,
        );
      }
      return answer.text;
    },
    async close() {
      await pool.destroy();
    },
  };
}
