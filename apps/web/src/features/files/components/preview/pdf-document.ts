/**
 * pdf.js (`pdfjs-dist`) for a PDF's preview (issue 37): loaded only when a PDF preview opens, parsing
 * and drawing in its own worker, one worker for the page's lifetime.
 */
import type * as PdfJsModule from 'pdfjs-dist';
import type { PDFDocumentProxy } from 'pdfjs-dist';

type PdfJs = typeof PdfJsModule;

let pdfjsLoad: Promise<PdfJs> | undefined;

/** pdf.js with its worker started (once). */
export function loadPdfJs(): Promise<PdfJs> {
  pdfjsLoad ??= import('pdfjs-dist').then((pdfjs) => {
    pdfjs.GlobalWorkerOptions.workerPort = new Worker(
      new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url),
      { type: 'module' },
    );
    return pdfjs;
  });
  pdfjsLoad.catch(() => {
    pdfjsLoad = undefined;
  });
  return pdfjsLoad;
}

/**
 * Opens the PDF at `url` (the preview's signed link of its bytes); `close` ends its loading or frees it.
 * Scripts in the PDF never run (`isEvalSupported` false, no scripting).
 */
export function openPdf(url: string): { promise: Promise<PDFDocumentProxy>; close: () => void } {
  let task: { promise: Promise<PDFDocumentProxy>; destroy: () => Promise<void> } | undefined;
  let isClosed = false;
  const promise = loadPdfJs().then((pdfjs) => {
    if (isClosed) throw new Error('closed');
    task = pdfjs.getDocument({ url, isEvalSupported: false, enableXfa: false });
    return task.promise;
  });
  return {
    promise,
    close: () => {
      isClosed = true;
      void task?.destroy();
    },
  };
}

/** The text of each page (index 0 is page 1), lower-cased, read once per document for the find box. */
export async function readPageTexts(doc: PDFDocumentProxy): Promise<string[]> {
  const texts: string[] = [];
  for (let n = 1; n <= doc.numPages; n += 1) {
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    texts.push(
      content.items
        .map((item) => ('str' in item ? item.str : ''))
        .join(' ')
        .toLowerCase(),
    );
  }
  return texts;
}
