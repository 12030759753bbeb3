import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { MESSAGES } from '@portal/shared/errors';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../lib/document-title';
import { useCan } from '../../../lib/session';
import { useAllContent } from '../api/list-all-content';
import { useAllContributors } from '../../contributors/api/list-all-contributors';
import { ContentTable, toAdminRows } from '../components/content-table';
import { GuardRedirect } from '../../../components/session-guard';

function AdminTable({ isArchived, title }: { isArchived: boolean; title: string }) {
  const content = useAllContent(isArchived);
  const contributors = useAllContributors();
  const rows = useMemo(
    () => toAdminRows(content.data ?? [], contributors.data ?? []),
    [content.data, contributors.data],
  );
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {/* Only editors reach this table (CanUpdateContent), and they may import (issue 38). */}
      {!isArchived && (
        <Button variant="outlined" href={paths.courseImport} startIcon={<UploadFileIcon />} sx={{ mb: 2 }}>
          Import a course
        </Button>
      )}
      {(content.isPending || contributors.isPending) && (
        <LinearProgress aria-label={MESSAGES.loading} sx={{ mb: 2 }} />
      )}
      {content.isError ? (
        <Alert severity="error">The content list could not be loaded. Please try again later.</Alert>
      ) : (
        !content.isPending && <ContentTable rows={rows} caption={title} />
      )}
    </Box>
  );
}

/**
 * /cr-admin and /admin (000 §2 Admin tables): every non-archived item, for content editors
 * (CanUpdateContent), with the link "Import a course" (issue 38); everyone else is sent home.
 */
export function ContentAdminPage() {
  useDocumentTitle('Content administration');
  const canUpdate = useCan('CanUpdateContent');
  if (!canUpdate) return <GuardRedirect to={paths.home} />;
  return <AdminTable isArchived={false} title="Content administration" />;
}

/**
 * /cr-archived-content and /archived-content (000 §2): archived items only; needs both the
 * update-content and the view-archived permission, otherwise home.
 */
export function ArchivedContentPage() {
  useDocumentTitle('Archived content');
  const canUpdate = useCan('CanUpdateContent');
  const canViewArchived = useCan('CanViewArchivedContent');
  if (!canUpdate || !canViewArchived) return <GuardRedirect to={paths.home} />;
  return <AdminTable isArchived title="Archived content" />;
}
