/** A zip's file listing in its preview (issue 37): path inside the archive and uncompressed size. */
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PreviewZipEntry } from '@portal/shared/schemas/preview';
import { formatBytes } from '../../../../lib/format';

/** The listing as a table; folders say "folder" where files give their size. Props: `entries`. */
export function ZipListing({ entries }: { entries: readonly PreviewZipEntry[] }) {
  return (
    <Table size="small" aria-label="Files in the archive">
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Path
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            Size
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.name}>
            <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>{entry.name}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {entry.isDirectory ? 'folder' : formatBytes(entry.size)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
