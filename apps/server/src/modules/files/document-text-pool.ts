/**
 * Document text extraction off the API's thread (issue 20 "Untrusted files"): a pool of one worker
 * thread (piscina) runs document-text.worker.ts, one document at a time, under three bounds:
 * - a time limit per document;
 * - a heap limit on the thread (`resourceLimits.maxOldGenerationSizeMb`), which ends it when the parser's
 *   objects outgrow it (a content stream of millions of text operators);
 * - a watch on the process's resident memory while a document is read: the bytes a parser inflates live
 *   in ArrayBuffers outside the heap limit (a FlateDecode stream of 1 GB of blanks passes it), so a
 *   document is stopped when the process grows by more than the same limit while it is read. Since one
 *   document is read at a time, that growth is the document's.
 * A document past a bound is stopped with its thread, so a compression bomb or a PDF of thousands of
 * pages never stalls the requests the API is answering nor exhausts the machine's memory; the job's
 * abort (lease lost, shutdown) stops it the same way.
 *
 * The worker is the compiled `document-text.worker.js` beside this file in production (dist), and the
 * TypeScript source run through tsx when the server runs from its sources (tests, `npm run dev`), with
 * the shared package read from its sources as the tests do (tsconfig.source.json).
 */
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { DocumentKind } from './document-text.js';
import type { DocumentTextAnswer, DocumentTextTask } from './document-text.worker.js';

/**
 * Worker threads of the pool: one, so that extraction never takes more than one core and the memory
 * watch measures one document.
 */
const DOCUMENT_TEXT_THREADS = 1;
/** How often the resident memory is looked at while a document is read, in milliseconds. */
const MEMORY_SAMPLE_MS = 50;
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
}): DocumentTextExtractor {
  const seconds = Math.round(options.timeoutMs / 100) / 10;
  const duration = `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const pool = new Piscina<DocumentTextTask, DocumentTextAnswer>({
    filename: new URL(`./document-text.worker.${isSource ? 'ts' : 'js'}`, import.meta.url).href,
    minThreads: 0,
    maxThreads: DOCUMENT_TEXT_THREADS,
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

  const outOfMemory = () =>
    new DocumentTextError('memory', `the document needs more than ${options.memoryMb} MB of memory to read.`);

  /** Reads one document; the caller holds the turn (one document at a time). */
  async function readOne(kind: DocumentKind, bytes: Buffer, signal: AbortSignal): Promise<string> {
    signal.throwIfAborted();
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const memory = new AbortController();
    const baseline = process.memoryUsage.rss();
    const watch = setInterval(() => {
      if (process.memoryUsage.rss() - baseline > options.memoryMb * 1024 * 1024) memory.abort();
    }, MEMORY_SAMPLE_MS);
    // A copy of its own, so that transferring it leaves the caller's buffer (and Node's pool) alone.
    const copy = new Uint8Array(bytes);
    let answer: DocumentTextAnswer;
    try {
      answer = await pool.run(
        { kind, bytes: copy },
        { signal: AbortSignal.any([signal, timeout, memory.signal]), transferList: [copy.buffer] },
      );
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (timeout.aborted) {
        throw new DocumentTextError('timeout', `the document took longer than ${duration} to read.`);
      }
      if (memory.signal.aborted || (error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw outOfMemory();
      }
      throw error;
    } finally {
      clearInterval(watch);
    }
    if (!answer.ok) {
      throw new DocumentTextError(
        'unreadable',
        `the document could not be read (${answer.message.slice(0, PARSER_MESSAGE_MAX)}).`,
      );
    }
    return answer.text;
  }

  /** The end of the last document's turn: each waits for the one before it. */
  let turn: Promise<unknown> = Promise.resolve();

  return {
    extract(kind, bytes, signal) {
      const run = turn.then(() => readOne(kind, bytes, signal));
      turn = run.catch(() => undefined);
      return run;
    },
    async close() {
      await pool.destroy();
    },
  };
}
