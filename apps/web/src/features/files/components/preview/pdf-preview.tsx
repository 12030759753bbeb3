/**
 * A PDF in its preview (issue 37): pdf.js draws it page by page in its worker, one page at a time with
 * Previous and Next, its text selectable; the find box searches the text of every page, says on which
 * pages the term is, jumps to them and marks the term on the page shown.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { openPdf, readPageTexts } from './pdf-document';
import { PdfPage } from './pdf-page';

/** What the find box found: the term (lower-case) and the pages (1-based) that hold it. */
interface Found {
  term: string;
  pages: number[];
}

/** Describes a search's result in words. */
function foundText(found: Found): string {
  if (found.pages.length === 0) return `“${found.term}” is not in this PDF.`;
  const pages = found.pages.length === 1 ? 'page' : 'pages';
  return `“${found.term}” is on ${pages} ${found.pages.join(', ')}.`;
}

/** Props: `url` (the preview's signed link of the PDF's bytes). */
export function PdfPreview({ url }: { url: string }) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const [pageNumber, setPageNumber] = useState(1);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  const pageTexts = useRef<Promise<string[]> | null>(null);

  useEffect(() => {
    const opened = openPdf(url);
    let isCurrent = true;
    opened.promise.then(
      (pdf) => {
        if (isCurrent) setDoc(pdf);
      },
      () => {
        if (isCurrent) setHasFailed(true);
      },
    );
    return () => {
      isCurrent = false;
      pageTexts.current = null;
      opened.close();
    };
  }, [url]);

  if (hasFailed)
    return <Alert severity="error">The PDF could not be opened. You can still download it.</Alert>;
  if (!doc)
    return (
      <Typography variant="body2" role="status">
        Loading the PDF…
      </Typography>
    );

  const pageCount = doc.numPages;
  const goTo = (n: number) => setPageNumber(Math.min(Math.max(n, 1), pageCount));

  const onFind = async (event: FormEvent) => {
    event.preventDefault();
    const term = query.trim().toLowerCase();
    if (!term) return setFound(null);
    setIsSearching(true);
    try {
      pageTexts.current ??= readPageTexts(doc);
      const texts = await pageTexts.current;
      const pages = texts.flatMap((text, k) => (text.includes(term) ? [k + 1] : []));
      setFound({ term, pages });
      // The next page holding the term after the one shown, or the first.
      const next = pages.find((n) => n > pageNumber) ?? pages[0];
      if (next !== undefined && !pages.includes(pageNumber)) goTo(next);
    } catch {
      setFound(null);
    } finally {
      setIsSearching(false);
    }
  };

  const nextMatch = found?.pages.find((n) => n > pageNumber) ?? found?.pages[0];
  return (
    <Box>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}
        role="toolbar"
        aria-label="PDF pages and find"
      >
        <Button size="small" onClick={() => goTo(pageNumber - 1)} disabled={pageNumber <= 1}>
          Previous page
        </Button>
        <Typography variant="body2" aria-live="polite">
          Page {pageNumber} of {pageCount}
        </Typography>
        <Button size="small" onClick={() => goTo(pageNumber + 1)} disabled={pageNumber >= pageCount}>
          Next page
        </Button>
        <Box
          component="form"
          role="search"
          onSubmit={(event: FormEvent) => void onFind(event)}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: { sm: 'auto' } }}
        >
          <TextField
            size="small"
            label="Find in the PDF"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
          <Button size="small" type="submit" variant="outlined" disabled={isSearching}>
            Find
          </Button>
          {found && nextMatch !== undefined && found.pages.length > 1 && (
            <Button size="small" onClick={() => goTo(nextMatch)}>
              Next match
            </Button>
          )}
        </Box>
      </Box>
      <Typography variant="body2" role="status" sx={{ mb: 1, minHeight: '1.5em' }}>
        {isSearching ? 'Searching…' : found ? foundText(found) : ''}
      </Typography>
      <PdfPage doc={doc} pageNumber={pageNumber} term={found?.term ?? ''} />
    </Box>
  );
}
