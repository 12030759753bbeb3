import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { CoursewareImport, ImportSummary } from '@portal/shared/schemas/imports';
import { paths } from '../../../config/paths';
import { formatBytes } from '../../../lib/format';
import { durationText } from '../lib/duration';
import { countOf } from '../lib/import-labels';

/** The figures of a finished import, as terms and their values. */
function summaryRows(summary: ImportSummary): [string, string][] {
  return [
    ['Items created', String(summary.created)],
    ['Items updated', String(summary.updated)],
    ['Items unchanged', String(summary.unchanged)],
    ['Files added', String(summary.filesAdded)],
    ['Files replaced', String(summary.filesReplaced)],
    ['Written', formatBytes(summary.bytes)],
    ['Took', durationText(summary.durationMs)],
  ];
}

/**
 * The summary of a finished import (issue 38): the course it wrote, how many items it created, updated
 * and left unchanged, the files added and replaced, the bytes written and how long it took, and the link
 * "Open the course". Props: `summary`.
 */
export function ImportSummaryView({ summary }: { summary: ImportSummary }) {
  return (
    <Box component="section" aria-labelledby="import-summary-heading" sx={{ mt: 3 }}>
      <Typography variant="h2" id="import-summary-heading" sx={{ mb: 1 }}>
        Summary
      </Typography>
      <Alert severity="success" sx={{ mb: 2 }}>
        {summary.course.name} was imported: {countOf(summary.created, 'item')} created, {summary.updated}{' '}
        updated.
      </Alert>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'max-content auto', columnGap: 3, rowGap: 0.5, m: 0 }}
      >
        {summaryRows(summary).map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" sx={{ fontWeight: 'bold' }}>
              {term}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Button
        variant="contained"
        href={paths.content(summary.course.urlAlias || summary.course.id)}
        sx={{ mt: 2 }}
      >
        Open the course
      </Button>
    </Box>
  );
}

/**
 * Why an import ended without importing (issue 38) and what to do: failed (the error in the curator's
 * words; nothing was written), cancelled, or a discarded preview; each with a link to upload the package
 * again. Props: `imported`, an import with one of those states.
 */
export function ImportEnded({ imported }: { imported: CoursewareImport }) {
  const again = (
    <Link href={paths.courseImport} sx={{ display: 'inline-block', mt: 1 }}>
      Upload a package
    </Link>
  );
  if (imported.status === 'failed')
    return (
      <Alert severity="error" sx={{ mt: 3 }}>
        <AlertTitle>The import failed</AlertTitle>
        {imported.error && <Typography sx={{ mb: 1 }}>{imported.error}</Typography>}
        <Typography>
          Nothing was written: the import was rolled back. Correct the package if the reason is in it, then
          upload it again; if the reason is not in the package, try again later.
        </Typography>
        {again}
      </Alert>
    );
  if (imported.status === 'cancelled')
    return (
      <Alert severity="warning" sx={{ mt: 3 }}>
        <AlertTitle>The import was cancelled</AlertTitle>
        {imported.error && <Typography sx={{ mb: 1 }}>{imported.error}</Typography>}
        <Typography>To import the course, upload the package again.</Typography>
        {again}
      </Alert>
    );
  return (
    <Alert severity="info" sx={{ mt: 3 }}>
      <AlertTitle>This preview was discarded</AlertTitle>
      <Typography>Nothing was imported. To import the course, upload the package again.</Typography>
      {again}
    </Alert>
  );
}
