import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CONTENT_CATEGORY_LABELS } from '@portal/shared/enums';
import { MESSAGES } from '@portal/shared/errors';
import { ADMIN_ROWS_PER_PAGE } from '@portal/shared/limits';
import type { Contributor } from '@portal/shared/schemas/contributors';
import { contributorFullName } from '@portal/shared/text';
import type { ContentListItem } from '@portal/shared/schemas/courseware';
import { paths } from '../../../config/paths';
import { focusRing } from '../../../lib/focus-ring';
import { formatDate } from '../../../lib/format';

/** TablePagination's value for "All" rows. */
const ALL_ROWS = -1;
/** 000 §2: 25, 50, 100, All. */
export const ROWS_PER_PAGE_OPTIONS = ADMIN_ROWS_PER_PAGE.map((option) =>
  option === 'All' ? { label: 'All', value: ALL_ROWS } : option,
);
const FIRST_ROWS_PER_PAGE = ADMIN_ROWS_PER_PAGE[0];

/** One row as shown: the columns of 000 §2 Admin tables. */
export interface AdminRow {
  id: string;
  href: string;
  status: string;
  category: string;
  title: string;
  author: string;
  created: string;
  modified: string;
}

type Column = Exclude<keyof AdminRow, 'id' | 'href'>;
const COLUMNS: readonly { key: Column; label: string }[] = [
  { key: 'status', label: 'Status' },
  { key: 'category', label: 'Category' },
  { key: 'title', label: 'Content Title' },
  { key: 'author', label: 'Author' },
  { key: 'created', label: 'Creation Date' },
  { key: 'modified', label: 'Last Modified' },
];

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Rows of the table from the listing and the contributors (names joined, in their order). */
export function toAdminRows(
  items: readonly ContentListItem[],
  contributors: readonly Contributor[],
): AdminRow[] {
  const names = new Map(contributors.map((c) => [c.id, contributorFullName(c)]));
  return items.map((item) => ({
    id: item.id,
    href: paths.content(item.urlAlias || item.id),
    status: capitalise(item.status),
    category: item.categories.map((c) => CONTENT_CATEGORY_LABELS[c]).join(', '),
    title: item.name,
    author: item.contributors
      .map((id) => names.get(id))
      .filter(Boolean)
      .join(', '),
    // ISO timestamps sort as text; only the date part is shown (000 §2).
    created: item.createdTimestamp,
    modified: item.modifiedTimestamp,
  }));
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/**
 * The admin table of content (000 §2 Admin tables): Status, Category, Content Title, Author, Creation
 * Date, Last Modified, each sortable; rows per page 25, 50, 100 or All; dates as YYYY-MM-DD; the title
 * links to the item by alias or id; "There isn't any data to display." when empty.
 * Props: `rows`, `caption` (the table's accessible name).
 */
export function ContentTable({ rows, caption }: { rows: readonly AdminRow[]; caption: string }) {
  const [orderBy, setOrderBy] = useState<Column>('modified');
  const [direction, setDirection] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState<number>(FIRST_ROWS_PER_PAGE);

  const sorted = useMemo(() => {
    const sign = direction === 'asc' ? 1 : -1;
    return [...rows].sort(
      (a, b) => sign * collator.compare(a[orderBy], b[orderBy]) || collator.compare(a.title, b.title),
    );
  }, [rows, orderBy, direction]);
  const visible =
    rowsPerPage === ALL_ROWS ? sorted : sorted.slice(page * rowsPerPage, (page + 1) * rowsPerPage);

  const onSort = (column: Column) => {
    if (column === orderBy) setDirection(direction === 'asc' ? 'desc' : 'asc');
    else {
      setOrderBy(column);
      setDirection('asc');
    }
    setPage(0);
  };

  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={caption}>
          <TableHead>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableCell key={column.key} sortDirection={orderBy === column.key ? direction : false}>
                  <TableSortLabel
                    active={orderBy === column.key}
                    direction={orderBy === column.key ? direction : 'asc'}
                    onClick={() => onSort(column.key)}
                  >
                    {column.label}
                  </TableSortLabel>
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} align="center">
                  {MESSAGES.noData}
                </TableCell>
              </TableRow>
            ) : (
              visible.map((row) => (
                <TableRow key={row.id} hover>
                  <TableCell>{row.status}</TableCell>
                  <TableCell>{row.category}</TableCell>
                  <TableCell>
                    <Link component={RouterLink} to={row.href}>
                      {row.title}
                    </Link>
                  </TableCell>
                  <TableCell>{row.author}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.created)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.modified)}</TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={rows.length}
        page={rowsPerPage === ALL_ROWS ? 0 : page}
        rowsPerPage={rowsPerPage}
        rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setRowsPerPage(Number(event.target.value));
          setPage(0);
        }}
        // The rows-per-page select is an input whose MUI style removes the outline: give it the ring back.
        sx={{ '& .MuiTablePagination-select:focus-visible': focusRing }}
      />
    </Paper>
  );
}
