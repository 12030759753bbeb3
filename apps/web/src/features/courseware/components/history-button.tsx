import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import { Suspense, lazy } from 'react';
import { useSearchParams } from 'react-router';
import type { Content } from '@portal/shared/schemas/courseware';
import { HISTORY_OPEN, HISTORY_PARAM } from '@portal/shared/schemas/my-downloads-limits';
import ChangedSinceDownloadChip from '../../../components/changed-since-download-chip';
import { useCan } from '../../../lib/session';

/** The dialog loads when first opened. */
const HistoryDialog = lazy(async () => ({
  default: (await import('./history-dialog')).HistoryDialog,
}));

/**
 * The History button of an item (issue 37), for those who may read its revisions (CanViewFiles). The
 * dialog is open while the address has `?history=1`: the button sets it, closing removes it, and a link
 * with it opens the dialog. Curators (CanUpdateContent) may restore a revision. Beside it, "Changed since
 * you downloaded it" when the server marks the item so for the caller (My downloads). Props: `content`.
 */
export function HistoryButton({
  content,
}: {
  content: Pick<Content, 'id' | 'name' | 'urlAlias' | 'changedSinceDownload'>;
}) {
  const canRestore = useCan('CanUpdateContent');
  const [searchParams, setSearchParams] = useSearchParams();
  const isOpen = searchParams.get(HISTORY_PARAM) === HISTORY_OPEN;
  const setOpen = (open: boolean) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (open) next.set(HISTORY_PARAM, HISTORY_OPEN);
        else next.delete(HISTORY_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <>
      <Button variant="outlined" startIcon={<HistoryIcon />} onClick={() => setOpen(true)} sx={{ my: 1.5 }}>
        History
      </Button>
      {content.changedSinceDownload && (
        <span style={{ marginLeft: 8 }}>
          <ChangedSinceDownloadChip urlAlias={content.urlAlias} />
        </span>
      )}
      {isOpen && (
        <Suspense fallback={null}>
          <HistoryDialog content={content} canRestore={canRestore} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
