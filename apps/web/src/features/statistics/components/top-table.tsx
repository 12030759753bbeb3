/**
 * A top table of the download data (001 §9: 10 schools, 5 content items per category group): rank,
 * name and downloads; "There isn't any data to display." when empty (001 §8).
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@portal/shared/errors';
import type { StatisticBucket } from '@portal/shared/schemas/statistics';

export function TopTable({
  title,
  nameHeader,
  buckets,
  isLoading,
}: {
  title: string;
  nameHeader: string;
  buckets: readonly StatisticBucket[] | undefined;
  isLoading: boolean;
}) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 3 }}>
      <Typography variant="h3" id={headingId} sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Table size="small" aria-labelledby={headingId}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Rank
            </TableCell>
            <TableCell component="th" scope="col">
              {nameHeader}
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Downloads
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {(buckets ?? []).map((b, k) => (
            <TableRow key={b.id}>
              <TableCell>{k + 1}</TableCell>
              <TableCell component="th" scope="row">
                {b.label}
              </TableCell>
              <TableCell align="right">{b.value}</TableCell>
            </TableRow>
          ))}
          {!isLoading && (buckets ?? []).length === 0 && (
            <TableRow>
              <TableCell colSpan={3}>{MESSAGES.noData}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
