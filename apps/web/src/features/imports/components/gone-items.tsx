import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ImportPreview } from '@portal/shared/schemas/imports';
import { paths } from '../../../config/paths';

/**
 * "No longer in the package" of an import's preview (issue 38): the items an earlier import of the package
 * made that this version lacks, each a link to the item with its path; the import keeps them, and the
 * curator archives them by hand if they are done with. Nothing is drawn when there are none. Props: `gone`.
 */
export function GoneItems({ gone }: { gone: ImportPreview['gone'] }) {
  if (gone.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="gone-items-heading" sx={{ mt: 3 }}>
      <Typography variant="h2" id="gone-items-heading" sx={{ mb: 1 }}>
        No longer in the package
      </Typography>
      <Typography sx={{ mb: 1 }}>
        An earlier import of this package made these items, but this version does not hold them. The import
        keeps them as they are: archive them by hand if they are no longer taught.
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {gone.map((item) => (
          <li key={item.id}>
            <Link href={paths.content(item.urlAlias || item.id)}>{item.name}</Link>{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              (was <code>{item.path}</code>)
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
