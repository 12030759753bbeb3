import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AlignmentSource } from '@portal/shared/alignment';

/**
 * "Source: <name> · <licence>" under a list of alignment statements (issue 25, MANIFEST.md), the name
 * linking to the source, underlined as a link in a line of text must be. Props: `source`.
 */
export function AlignmentSourceLine({ source }: { source: AlignmentSource }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      Source:{' '}
      <Link underline="always" href={source.url}>
        {source.name}
      </Link>{' '}
      · {source.licence}
    </Typography>
  );
}
