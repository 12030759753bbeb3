import Chip from '@mui/material/Chip';
import { HISTORY_QUERY } from '@portal/shared/schemas/my-downloads-limits';
import { paths } from '../config/paths';

/** The item page with its history open: what changed since the download (issue 37). */
export function historyPath(urlAlias: string): string {
  return `${paths.content(urlAlias)}?${HISTORY_QUERY}`;
}

/**
 * "Changed since you downloaded it" (issue 37 "My downloads"): a warning chip linking to the item's
 * history (`?history=1` on its page). Shown where the server marks an item `changedSinceDownload` for
 * the signed-in person: the item page, search results, My downloads. Props: `urlAlias` of the item.
 * Only signed-in callers get the mark, so pages a visitor opens load this module lazily.
 */
export default function ChangedSinceDownloadChip({ urlAlias }: { urlAlias: string }) {
  return (
    <Chip
      component="a"
      href={historyPath(urlAlias)}
      clickable
      size="small"
      color="warning"
      label="Changed since you downloaded it"
      data-testid="changed-since-download"
    />
  );
}
