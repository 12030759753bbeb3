import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { IMPORT_CHANGES } from '@portal/shared/schemas/imports-limits';
import type { ImportCounts } from '@portal/shared/schemas/imports';
import { formatBytes } from '../../../lib/format';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { CHANGE_LABELS } from '../lib/import-labels';

/**
 * The counts of an import's preview (issue 38): items and files new, changed and unchanged, as a small
 * table, and the bytes the import writes. Props: `counts`.
 */
export function PreviewCounts({ counts }: { counts: ImportCounts }) {
  const rows = [
    { label: 'Items', of: counts.items },
    { label: 'Files', of: counts.files },
  ];
  return (
    <Box component="section" aria-labelledby="preview-counts-heading" sx={{ mt: 3 }}>
      <Typography variant="h2" id="preview-counts-heading" sx={{ mb: 1 }}>
        What the import does
      </Typography>
      <Table size="small" aria-labelledby="preview-counts-heading" sx={{ maxWidth: 480 }}>
        <TableHead>
          <TableRow>
            <TableCell>
              <Box component="span" sx={visuallyHidden}>
                Kind
              </Box>
            </TableCell>
            {IMPORT_CHANGES.map((change) => (
              <TableCell key={change} align="right">
                {CHANGE_LABELS[change]}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableCell component="th" scope="row">
                {row.label}
              </TableCell>
              {IMPORT_CHANGES.map((change) => (
                <TableCell key={change} align="right">
                  {row.of[change]}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography sx={{ mt: 1 }}>Files to write (new and changed): {formatBytes(counts.bytes)}.</Typography>
    </Box>
  );
}
