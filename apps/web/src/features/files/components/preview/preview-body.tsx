/**
 * The body of a file's preview by its kind (issue 37): the PDF reader and the highlighted text load
 * their code only when such a preview opens; Markdown and AsciiDoc show the server's sanitised HTML,
 * images their bytes, a zip its listing.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, type ReactNode } from 'react';
import type { FilePreview } from '@portal/shared/schemas/preview';
import { HtmlContent } from '../../../../components/html-content';
import { ZipListing } from './zip-listing';

const PdfPreview = lazy(async () => ({ default: (await import('./pdf-preview')).PdfPreview }));
const CodePreview = lazy(async () => ({ default: (await import('./code-preview')).CodePreview }));

/** A loading line in words, while a viewer's code downloads. */
function Loading({ what }: { what: string }) {
  return (
    <Typography variant="body2" role="status">
      Loading {what}…
    </Typography>
  );
}

/** Says that a text or listing was cut to the preview's limit. */
function Truncated({ children }: { children: ReactNode }) {
  return (
    <Alert severity="info" sx={{ mb: 1.5 }}>
      {children}
    </Alert>
  );
}

/** Picks the viewer of a preview's kind. Props: `preview` (FilePreview from the server). */
export function PreviewBody({ preview }: { preview: FilePreview }) {
  const { kind, contentUrl } = preview;
  if (kind === 'pdf' && contentUrl)
    return (
      <Suspense fallback={<Loading what="the PDF" />}>
        <PdfPreview url={contentUrl} />
      </Suspense>
    );
  if (kind === 'image' && contentUrl)
    return (
      <Box
        component="img"
        src={contentUrl}
        alt={preview.name}
        sx={{ display: 'block', maxWidth: '100%', height: 'auto', mx: 'auto' }}
      />
    );
  if ((kind === 'markdown' || kind === 'asciidoc') && preview.html !== null)
    return (
      <>
        {preview.truncated && <Truncated>Only the beginning of the file is shown.</Truncated>}
        {/* The server rendered this with its own reader and sanitised it (preview.service.ts). */}
        <HtmlContent html={preview.html} />
      </>
    );
  if (kind === 'text' && preview.text !== null)
    return (
      <>
        {preview.truncated && <Truncated>Only the beginning of the file is shown.</Truncated>}
        <Suspense fallback={<Loading what="the text" />}>
          <CodePreview text={preview.text} language={preview.language ?? 'plaintext'} />
        </Suspense>
      </>
    );
  if (kind === 'zip-listing' && preview.entries)
    return (
      <>
        {preview.truncated && (
          <Truncated>
            The first {preview.entries.length} of {preview.entryCount} entries are listed.
          </Truncated>
        )}
        <ZipListing entries={preview.entries} />
      </>
    );
  return <Alert severity="info">This file cannot be shown in the browser: download it to open it.</Alert>;
}
