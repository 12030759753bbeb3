import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ContentRef } from '@portal/shared/schemas/courseware';
import { paths } from '../../../config/paths';

/**
 * Breadcrumbs of a content item (000 §2): "Courseware" linking to /courseware, each ancestor of the
 * parent chain (top-most first), then the current item as a disabled crumb (no link, aria-current).
 * Props: `ancestors`, `current` (the item's name).
 */
export function ContentBreadcrumbs({
  ancestors,
  current,
}: {
  ancestors: readonly ContentRef[];
  current: string;
}) {
  return (
    <Breadcrumbs
      aria-label="Breadcrumbs"
      separator={<NavigateNextIcon fontSize="small" />}
      sx={{ mb: 1.5, '& .MuiBreadcrumbs-ol': { rowGap: 0.5 } }}
    >
      <Link href={paths.courseware} color="inherit">
        Courseware
      </Link>
      {ancestors.map((ancestor) => (
        <Link key={ancestor.id} href={paths.content(ancestor.urlAlias || ancestor.id)} color="inherit">
          {ancestor.name}
        </Link>
      ))}
      <Typography color="text.primary" aria-current="page" aria-disabled="true" sx={{ fontWeight: 500 }}>
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
