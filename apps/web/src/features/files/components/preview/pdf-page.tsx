/**
 * One page of a PDF in its preview (issue 37): drawn on a canvas at PREVIEW_PDF_SCALE by pdf.js, with
 * its text layer over it so that the text can be selected and copied; the find box's term is marked.
 */
import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { PREVIEW_PDF_SCALE } from '@portal/shared/limits';
import { loadPdfJs } from './pdf-document';

/** pdf.js's text layer rules (web/pdf_viewer.css) that selection needs, and the find box's mark. */
const TEXT_LAYER_STYLES = {
  '& .textLayer': {
    position: 'absolute',
    inset: 0,
    overflow: 'clip',
    lineHeight: 1,
    textSizeAdjust: 'none',
    forcedColorAdjust: 'none',
    transformOrigin: '0 0',
    zIndex: 0,
  },
  '& .textLayer span, & .textLayer br': {
    color: 'transparent',
    position: 'absolute',
    whiteSpace: 'pre',
    cursor: 'text',
    transformOrigin: '0% 0%',
  },
  '& .textLayer ::selection': { background: 'rgba(0, 0, 255, 0.25)' },
  '& .textLayer br::selection': { background: 'transparent' },
  '& .textLayer .preview-match': { backgroundColor: 'rgba(255, 200, 0, 0.45)', borderRadius: '2px' },
};

/** Marks the text layer's runs that hold `term` (lower-case); clears the marks when it is empty. */
function markTerm(layer: HTMLElement, term: string) {
  for (const span of layer.querySelectorAll('span')) {
    const holds = term !== '' && (span.textContent ?? '').toLowerCase().includes(term);
    span.classList.toggle('preview-match', holds);
  }
}

/**
 * Props: `doc` (the open PDF), `pageNumber` (1-based), `term` (the find box's lower-case term, or '').
 */
export function PdfPage({
  doc,
  pageNumber,
  term,
}: {
  doc: PDFDocumentProxy;
  pageNumber: number;
  term: string;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  // How the last page drawn ended; the page asked for is 'drawing' until its own drawing ends.
  const [ended, setEnded] = useState<{ pageNumber: number; state: 'drawn' | 'failed' } | null>(null);
  const state = ended?.pageNumber === pageNumber ? ended.state : 'drawing';

  useEffect(() => {
    let isCurrent = true;
    const cancels: (() => void)[] = [];
    void (async () => {
      const pdfjs = await loadPdfJs();
      const page = await doc.getPage(pageNumber);
      const canvas = canvasRef.current;
      const layer = layerRef.current;
      if (!isCurrent || !canvas || !layer) return;
      const viewport = page.getViewport({ scale: PREVIEW_PDF_SCALE });
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      setSize({ width: viewport.width, height: viewport.height });
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      const render = page.render({
        canvasContext: context,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      cancels.push(() => render.cancel());
      layer.replaceChildren();
      const textLayer = new pdfjs.TextLayer({
        textContentSource: page.streamTextContent(),
        container: layer,
        viewport,
      });
      cancels.push(() => textLayer.cancel());
      await Promise.all([render.promise, textLayer.render()]);
      if (!isCurrent) return;
      setEnded({ pageNumber, state: 'drawn' });
    })().catch((error: unknown) => {
      if (isCurrent && !(error instanceof Error && error.name === 'RenderingCancelledException'))
        setEnded({ pageNumber, state: 'failed' });
    });
    return () => {
      isCurrent = false;
      for (const cancel of cancels) cancel();
    };
  }, [doc, pageNumber]);

  useEffect(() => {
    if (state === 'drawn' && layerRef.current) markTerm(layerRef.current, term);
  }, [state, term]);

  return (
    <Box sx={{ overflow: 'auto', maxWidth: '100%' }}>
      {state === 'drawing' && (
        <Box role="status" sx={{ typography: 'body2', mb: 1 }}>
          Drawing page {pageNumber}…
        </Box>
      )}
      {state === 'failed' && (
        <Box role="alert" sx={{ typography: 'body2', color: 'error.main', mb: 1 }}>
          Page {pageNumber} could not be drawn.
        </Box>
      )}
      <Box
        sx={{
          position: 'relative',
          mx: 'auto',
          boxShadow: 1,
          '--scale-factor': PREVIEW_PDF_SCALE,
          width: size ? `${size.width}px` : undefined,
          height: size ? `${size.height}px` : undefined,
          ...TEXT_LAYER_STYLES,
        }}
      >
        <canvas
          ref={canvasRef}
          aria-label={`Page ${pageNumber}`}
          role="img"
          style={
            size ? { display: 'block', width: `${size.width}px`, height: `${size.height}px` } : undefined
          }
        />
        <div ref={layerRef} className="textLayer" />
      </Box>
    </Box>
  );
}
