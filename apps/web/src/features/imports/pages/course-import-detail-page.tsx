import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import { isUuid } from '@portal/shared/patterns';
import type { ImportStatus } from '@portal/shared/schemas/imports-limits';
import type { CoursewareImport } from '@portal/shared/schemas/imports';
import { GuardRedirect } from '../../../components/session-guard';
import { paths } from '../../../config/paths';
import { isNotFoundError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatLongDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { isImportActive, useImport } from '../api/get-import';
import { IMPORTS_KEY } from '../api/list-imports';
import { GoneItems } from '../components/gone-items';
import { hasPreviewErrors, ImportActions } from '../components/import-actions';
import { ImportEnded, ImportSummaryView } from '../components/import-outcome';
import { ImportProgress } from '../components/import-progress';
import { PreviewCounts } from '../components/preview-counts';
import { PreviewIssues } from '../components/preview-issues';
import { PreviewTree } from '../components/preview-tree';
import { FORMAT_LABELS } from '../lib/import-labels';

/** What the page says of an import that does not exist (an unknown id, or a preview long removed). */
export const IMPORT_NOT_FOUND = 'This import does not exist. It may have been discarded.';

const STATUS_TEXTS: Record<Exclude<ImportStatus, 'previewed'>, string> = {
  queued: 'Queued: the import starts within moments.',
  running: 'Importing…',
  done: 'Imported.',
  failed: 'The import failed.',
  cancelled: 'The import was cancelled.',
  discarded: 'This preview was discarded.',
};

/** The sentence the live region says of an import's state (read out when it changes). */
function statusText(imported: CoursewareImport): string {
  if (imported.status !== 'previewed') return STATUS_TEXTS[imported.status];
  return hasPreviewErrors(imported)
    ? 'Checked: this package has errors, so it cannot be imported.'
    : 'Checked: nothing has been written yet. Look through the preview, then import.';
}

/** Once an import has run, what the app holds of courseware (items, the admin tables) is out of date. */
function useRefreshWhenEnded(status: ImportStatus | undefined) {
  const queryClient = useQueryClient();
  const previous = useRef(status);
  useEffect(() => {
    const was = previous.current;
    previous.current = status;
    if (!was || !status || was === status) return;
    void queryClient.invalidateQueries({ queryKey: [IMPORTS_KEY, 'list'] });
    // The courseware feature's query roots: its items and trees, and the admin tables.
    if (isImportActive(was) && !isImportActive(status)) {
      void queryClient.invalidateQueries({ queryKey: ['courseware'] });
      void queryClient.invalidateQueries({ queryKey: ['admin'] });
    }
  }, [status, queryClient]);
}

/** The preview's sections: counts, problems, the actions of a preview, the tree and the items gone. */
function Preview({ imported }: { imported: CoursewareImport }) {
  const { preview } = imported;
  return (
    <>
      <PreviewCounts counts={preview.counts} />
      <PreviewIssues issues={preview.issues} moreIssues={preview.moreIssues} />
      {imported.status === 'previewed' && <ImportActions imported={imported} />}
      <PreviewTree course={preview.course} />
      <GoneItems gone={preview.gone} />
    </>
  );
}

/** One import as it stands: what it is, its state said aloud, then what that state shows. */
function ImportView({ imported }: { imported: CoursewareImport }) {
  return (
    <>
      <Typography color="text.secondary">
        {FORMAT_LABELS[imported.format]} <code>{imported.packageId}</code>, uploaded{' '}
        {formatLongDateTime(imported.createdAt)}
        {imported.createdBy && ` by ${imported.createdBy.name}`}.
      </Typography>
      <Typography role="status" sx={{ mt: 2, fontWeight: 'bold' }}>
        {statusText(imported)}
      </Typography>
      {isImportActive(imported.status) && <ImportProgress imported={imported} />}
      {imported.status === 'done' && imported.summary && <ImportSummaryView summary={imported.summary} />}
      {(imported.status === 'failed' ||
        imported.status === 'cancelled' ||
        imported.status === 'discarded') && <ImportEnded imported={imported} />}
      <Preview imported={imported} />
    </>
  );
}

/**
 * /cr-import/{id} — one course import (issue 38; needs CanUpdateContent, else home): its preview (counts,
 * problems, the course tree, the items no longer in the package) with Import and Discard while it waits
 * for confirmation; its progress, asked every IMPORT_POLL_INTERVAL_MS, with Cancel while it is queued or
 * running; its summary with "Open the course" when done; why it ended and what to do when it failed or
 * was cancelled. A polite live region says each change of state. Props: `id`, the import's id.
 */
export function CourseImportDetailPage({ id }: { id: string }) {
  const canUpdate = useCan('CanUpdateContent');
  // Not an id (a stray path below /cr-import): nothing to ask the server, which would refuse it.
  const isId = isUuid(id);
  const query = useImport(id, canUpdate && isId);
  const imported = query.data;
  useDocumentTitle(imported ? `Import of ${imported.packageName}` : 'Course import');
  useRefreshWhenEnded(imported?.status);
  if (!canUpdate) return <GuardRedirect to={paths.home} />;
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {imported ? `Import of ${imported.packageName}` : 'Course import'}
      </Typography>
      <Link href={paths.courseImport} sx={{ display: 'inline-block', mb: 2 }}>
        All course imports
      </Link>
      {isId && query.isPending && <LinearProgress aria-label={MESSAGES.loading} />}
      {(!isId || (query.isError && !imported)) && (
        <Alert severity="error">
          {!isId || isNotFoundError(query.error)
            ? IMPORT_NOT_FOUND
            : 'The import could not be loaded. Please try again later.'}
        </Alert>
      )}
      {imported && <ImportView imported={imported} />}
    </Box>
  );
}
