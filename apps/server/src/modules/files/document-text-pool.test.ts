/**
 * Document text read in a bounded worker thread (issue 20 "Untrusted files"): the text of a good PDF,
 * the time limit, the job's abort reaching the worker, a damaged PDF, and what a curator (and nobody
 * else) is told about a file whose text was not extracted.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@portal/shared/enums';
import type { Content } from '@portal/shared/schemas/courseware';
import { bearer } from '../../testing/fixtures.js';
import { multipart } from '../../testing/multipart.js';
import { compressionBombPdf, manyPagesPdf } from '../../testing/pdf.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { BACKGROUND_WAIT } from '../../testing/wait.js';
import {
  createDocumentTextExtractor,
  DocumentTextError,
  type DocumentTextExtractor,
} from './document-text-pool.js';

describe('the document text pool', () => {
  let extractor: DocumentTextExtractor;
  beforeAll(() => {
    extractor = createDocumentTextExtractor({ timeoutMs: 4000, memoryMb: 256 });
  });
  afterAll(async () => extractor?.close());

  it('reads a PDF in the worker', async () => {
    const text = await extractor.extract(
      'pdf',
      manyPagesPdf(2, 'Return oriented programming'),
      new AbortController().signal,
    );
    expect(text).toBe('Return oriented programming 1 Return oriented programming 2');
  });

  it('stops a document past the time limit, and reads the next one', async () => {
    // Its own pool with memory to spare, so that only the time limit can stop the long document.
    const timed = createDocumentTextExtractor({ timeoutMs: 1500, memoryMb: 4096 });
    try {
      const error = await timed
        .extract('pdf', manyPagesPdf(5000, 'Long chapter'), new AbortController().signal)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DocumentTextError);
      expect(error).toMatchObject({
        reason: 'timeout',
        message: 'the document took longer than 1.5 seconds to read.',
      });
      expect(await timed.extract('text', Buffer.from('still  working'), new AbortController().signal)).toBe(
        'still working',
      );
    } finally {
      await timed.close();
    }
  });

  it("stops the worker when the job is aborted, with the job's reason", async () => {
    const job = new AbortController();
    const started = performance.now();
    const running = extractor.extract('pdf', manyPagesPdf(5000, 'Long chapter'), job.signal);
    setTimeout(() => job.abort(new Error('stopping')), 200);
    await expect(running).rejects.toThrow('stopping');
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('stops a PDF whose stream inflates outside the heap (1 GB of blanks) by the memory watch', async () => {
    const roomy = createDocumentTextExtractor({ timeoutMs: 60_000, memoryMb: 128 });
    try {
      const before = process.memoryUsage.rss();
      let peak = before;
      const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
      const error = await roomy
        .extract('pdf', await compressionBombPdf(1024, 'blank'), new AbortController().signal)
        .catch((e: unknown) => e);
      clearInterval(sample);
      expect(error).toMatchObject({
        reason: 'memory',
        message: 'the document needs more than 128 MB of memory to read.',
      });
      // Stopped within a doubling of the parser's buffer past the limit, far below the gigabyte.
      expect(peak - before).toBeLessThan(600 * 1024 * 1024);
    } finally {
      await roomy.close();
    }
  });

  it('tells a damaged PDF apart, with the parser’s words', async () => {
    // Its own pool with room to start a thread on a busy machine: the answer must be the parser's.
    const patient = createDocumentTextExtractor({ timeoutMs: 30_000, memoryMb: 256 });
    try {
      await expect(
        patient.extract('pdf', Buffer.from('%PDF-1.4 not really'), new AbortController().signal),
      ).rejects.toMatchObject({
        reason: 'unreadable',
        message: expect.stringMatching(/^the document could not be read \(.+\)\.$/),
      });
    } finally {
      await patient.close();
    }
  });
});

describe('a file whose text was not extracted', () => {
  const { ctx, accounts, tree } = useTestApp({ tree: true, env: { DOCUMENT_TEXT_TIMEOUT_MS: '1000' } });
  const as: Partial<Record<Role, { authorization: string }>> = {};

  beforeAll(async () => {
    for (const role of Object.keys(accounts) as Role[]) as[role] = await bearer(ctx.app, accounts[role]);
  });

  const filesAs = async (role: Role) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/content/${tree.lab}`,
      headers: as[role],
    });
    expect(res.statusCode).toBe(200);
    return res.json<Content>().files;
  };

  it('is marked with the reason, shown to those who may update content and to nobody else', async () => {
    const body = multipart(
      {
        type: 'application/pdf',
        name: 'Long book',
        visibility: 'private',
        metadataType: 'content',
        metadataId: tree.lab,
        kind: 'file',
      },
      { filename: 'book.pdf', contentType: 'application/pdf', content: manyPagesPdf(5000, 'Long chapter') },
    );
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/files',
      payload: body.payload,
      headers: { ...body.headers, ...as.contenteditor },
    });
    expect(uploaded.statusCode).toBe(201);
    const id = uploaded.json<{ id: string }>().id;
    const reason = await vi.waitUntil(
      async () => (await filesAs('contenteditor')).find((f) => f.id === id)?.textNotExtracted,
      { ...BACKGROUND_WAIT, timeout: 30_000 },
    );
    expect(reason).toBe('the document took longer than 1 second to read.');
    for (const role of ['faculty', 'student'] as const) {
      const file = (await filesAs(role)).find((f) => f.id === id);
      expect(file, role).toBeDefined();
      expect(file, role).not.toHaveProperty('textNotExtracted');
    }
    const visitor = await ctx.app.inject({ method: 'GET', url: `/api/v1/content/${tree.lab}` });
    expect(JSON.stringify(visitor.json())).not.toContain('textNotExtracted');
    // Its words are not searched; the item's own words still are.
    const search = await ctx.app.inject({ method: 'GET', url: '/api/v1/content/search?q=chapter' });
    expect(search.json<{ items: unknown[] }>().items).toHaveLength(0);
  });
});
