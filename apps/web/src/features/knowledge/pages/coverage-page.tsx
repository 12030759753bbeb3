import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  KNOWLEDGE_SOURCES,
  NICE_V2_SOURCE,
  withoutStatementLeadIn,
  type AlignmentSource,
} from '@portal/shared/alignment';
import { SEARCH_TEXT_MAX } from '@portal/shared/limits';
import { FILE_TYPES } from '@portal/shared/file-types';
import type { CoverageKind, CoverageRow } from '@portal/shared/schemas/coverage';
import { useDocumentTitle } from '../../../lib/document-title';
import { downloadProblem, saveDownload } from '../../../lib/save-download';
import { useCan } from '../../../lib/session';
import { useCoverage, useWorkRoleGaps } from '../api/get-coverage';
import { AlignmentSourceLine } from '../components/alignment-source';

const SECTIONS: readonly { kind: CoverageKind; title: string; source: AlignmentSource }[] = [
  { kind: 'workRole', title: 'NICE work roles', source: NICE_V2_SOURCE },
  { kind: 'KU', title: 'CAE-CD knowledge units', source: KNOWLEDGE_SOURCES.KU },
  { kind: 'CYBOK', title: 'CyBOK knowledge areas', source: KNOWLEDGE_SOURCES.CYBOK },
];

/** The search of a row's aligned courseware (/courseware with its filter). */
function searchOf(row: CoverageRow): string {
  const key = row.kind === 'workRole' ? 'role' : row.kind === 'KU' ? 'kus' : 'cybok';
  return `/courseware?${new URLSearchParams({ [key]: row.id }).toString()}`;
}

/** A search for a gap's words: the statement without its lead-in ("Knowledge of", "Skill in", …). */
function gapSearch(name: string): string {
  const words = withoutStatementLeadIn(name).slice(0, SEARCH_TEXT_MAX);
  return `/courseware?${new URLSearchParams({ q: words }).toString()}`;
}

const COVERAGE_CSV = '/api/v1/coverage/export';
const COVERAGE_FILE = { type: FILE_TYPES.csv, filename: 'coverage.csv' };

/**
 * The CSV export: a plain document link for visitors, which the browser downloads (it works before the
 * page has hydrated); for editors a download with their token, so the file has their unpublished column as
 * the page does, checked to be a CSV file. Props: `isEditor`; `onProblem` hears what to tell the person
 * when the download failed (null when a new one starts), shown by the page below its paragraph.
 */
function CoverageCsvLink({
  isEditor,
  onProblem,
}: {
  isEditor: boolean;
  onProblem: (problem: string | null) => void;
}) {
  if (!isEditor) {
    return (
      <Link underline="always" href={COVERAGE_CSV} download={COVERAGE_FILE.filename}>
        Download as CSV
      </Link>
    );
  }
  return (
    <Link
      component="button"
      type="button"
      underline="always"
      sx={{ verticalAlign: 'baseline', fontSize: 'inherit' }}
      data-download={COVERAGE_FILE.filename}
      onClick={() => {
        onProblem(null);
        saveDownload(COVERAGE_CSV, COVERAGE_FILE).catch((error: unknown) =>
          onProblem(downloadProblem(error, COVERAGE_FILE.filename)),
        );
      }}
    >
      Download as CSV
    </Link>
  );
}

/**
 * A work role's gaps: the most specific ones the matrix gives, and on request all of them, fetched page
 * by page (each links to a search for its words). Props: `row`.
 */
function GapList({ row }: { row: CoverageRow }) {
  const [showAll, setShowAll] = useState(false);
  const all = useWorkRoleGaps(row.id, showAll);
  if (row.gapCount === 0) return <>None</>;
  const gaps = showAll && all.data ? all.data.pages.flatMap((p) => p.items) : row.gaps;
  const left = row.gapCount - gaps.length;
  const more = (label: string, onClick: () => void) => (
    <Link component="button" type="button" underline="always" onClick={onClick} sx={{ fontSize: 'inherit' }}>
      {label}
    </Link>
  );
  return (
    <>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {gaps.map((gap) => (
          <li key={gap.id}>
            <Link underline="always" href={gapSearch(gap.name)}>
              {gap.code}
            </Link>{' '}
            {gap.name}
          </li>
        ))}
      </Box>
      <Box role="status">
        {all.isFetching && 'Loading gaps…'}
        {all.isError && !all.isFetching && (
          <>The gaps could not be loaded. {more('Try again', () => void all.refetch())}</>
        )}
        {!all.isFetching &&
          !all.isError &&
          left > 0 &&
          !showAll &&
          more(`Show all ${row.gapCount} gaps`, () => setShowAll(true))}
        {!all.isFetching &&
          !all.isError &&
          showAll &&
          all.hasNextPage &&
          more(`Show more gaps (${left} left)`, () => void all.fetchNextPage())}
        {!all.isFetching && showAll && !all.hasNextPage && more('Show fewer', () => setShowAll(false))}
      </Box>
    </>
  );
}

/**
 * A KU's or CyBOK area's published items as a bar against the section's largest count, with the count
 * (a link to their search) beside it: a heat map of where the catalogue is deep and where thin.
 */
function ItemsBar({ row, max }: { row: CoverageRow; max: number }) {
  const percent = max > 0 ? Math.round((100 * row.publishedItems) / max) : 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 160 }}>
      <Box aria-hidden sx={{ flex: 1, height: 8, borderRadius: 1, bgcolor: 'action.hover' }}>
        <Box sx={{ width: `${percent}%`, height: '100%', borderRadius: 1, bgcolor: 'primary.main' }} />
      </Box>
      <Box component="span" sx={{ minWidth: '2.5em', textAlign: 'right' }}>
        {row.publishedItems > 0 ? (
          <Link underline="always" href={searchOf(row)}>
            {row.publishedItems}
          </Link>
        ) : (
          row.publishedItems
        )}
      </Box>
    </Box>
  );
}

/** The covered share as a bar with its numbers beside it (the numbers are what a reader hears). */
function Share({ row }: { row: CoverageRow }) {
  const percent = row.statements > 0 ? Math.round((100 * row.covered) / row.statements) : 0;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 160 }}>
      <Box aria-hidden sx={{ flex: 1, height: 8, borderRadius: 1, bgcolor: 'action.hover' }}>
        <Box sx={{ width: `${percent}%`, height: '100%', borderRadius: 1, bgcolor: 'primary.main' }} />
      </Box>
      <span>
        {row.covered} of {row.statements} ({percent}%)
      </span>
    </Box>
  );
}

/**
 * /coverage (issue 25): the coverage matrix as tables, one per framework (work roles grouped by
 * category): aligned published items linking to their search, the editors' unpublished column, the
 * covered share as a bar with its numbers, and the most specific gaps linking to a search for their
 * words; with a CSV export. No props.
 */
export function CoveragePage() {
  useDocumentTitle('Coverage');
  const isEditor = useCan('CanUpdateContent');
  const coverage = useCoverage(isEditor);
  const rows = coverage.data?.rows ?? [];
  const [csvProblem, setCsvProblem] = useState<string | null>(null);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', px: 2, py: 4 }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        Coverage
      </Typography>
      <Typography sx={{ mb: 2 }}>
        How much of each NICE work role, CAE-CD knowledge unit and CyBOK knowledge area the published
        courseware covers. An alignment of a lesson, lab or exercise counts for its module and course.{' '}
        <CoverageCsvLink isEditor={isEditor} onProblem={setCsvProblem} />
      </Typography>
      {csvProblem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {csvProblem}
        </Alert>
      )}
      {coverage.isPending && <Typography>Loading coverage…</Typography>}
      {SECTIONS.map(({ kind, title, source }) => {
        const ofKind = rows.filter((r) => r.kind === kind);
        if (ofKind.length === 0) return null;
        const headingId = `coverage-${kind}`;
        const mostItems = Math.max(0, ...ofKind.map((r) => r.publishedItems));
        let group: string | null = null;
        return (
          <Box component="section" key={kind} aria-labelledby={headingId} sx={{ mb: 4, overflowX: 'auto' }}>
            <Typography variant="h2" id={headingId} sx={{ mb: 1 }}>
              {title}
            </Typography>
            <Table size="small" aria-labelledby={headingId}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {kind === 'workRole' ? 'Work role' : 'Name'}
                  </TableCell>
                  <TableCell component="th" scope="col" align={kind === 'workRole' ? 'right' : 'left'}>
                    Published items
                  </TableCell>
                  {isEditor && (
                    <TableCell component="th" scope="col" align="right">
                      Unpublished items
                    </TableCell>
                  )}
                  <TableCell component="th" scope="col">
                    {kind === 'workRole' ? 'Statements covered' : 'Covered'}
                  </TableCell>
                  {kind === 'workRole' && (
                    <TableCell component="th" scope="col">
                      Most specific gaps
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {ofKind.flatMap((row) => {
                  const cells = [];
                  if (row.group !== null && row.group !== group) {
                    group = row.group;
                    cells.push(
                      <TableRow key={`group-${row.group}`}>
                        <TableCell component="th" scope="colgroup" colSpan={isEditor ? 5 : 4}>
                          <strong>{row.group}</strong>
                        </TableCell>
                      </TableRow>,
                    );
                  }
                  cells.push(
                    <TableRow key={row.id}>
                      <TableCell component="th" scope="row">
                        <strong>{row.code}</strong> {row.name}
                      </TableCell>
                      {kind === 'workRole' ? (
                        <TableCell align="right">
                          {row.publishedItems > 0 ? (
                            <Link underline="always" href={searchOf(row)}>
                              {row.publishedItems}
                            </Link>
                          ) : (
                            row.publishedItems
                          )}
                        </TableCell>
                      ) : (
                        <TableCell>
                          <ItemsBar row={row} max={mostItems} />
                        </TableCell>
                      )}
                      {isEditor && <TableCell align="right">{row.unpublishedItems ?? 0}</TableCell>}
                      <TableCell>
                        {kind === 'workRole' ? <Share row={row} /> : row.covered > 0 ? 'Yes' : 'No: a gap'}
                      </TableCell>
                      {kind === 'workRole' && (
                        <TableCell>
                          <GapList row={row} />
                        </TableCell>
                      )}
                    </TableRow>,
                  );
                  return cells;
                })}
              </TableBody>
            </Table>
            <AlignmentSourceLine source={source} />
          </Box>
        );
      })}
    </Box>
  );
}
