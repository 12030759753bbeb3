/**
 * File download data (001 §2, §3, §7, §9): downloads over time by calendar day of the viewer's zone
 * (with the previous period as a second line when comparing, and the change in per cent), the top
 * schools, the top content of each category group, and the CSV export with a progress indicator.
 * Only downloads are counted, never previews (issue 37), and the view says so.
 */
import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { CATEGORY_GROUP_LABELS, TOP_CONTENT_GROUPS } from '@portal/shared/enums';
import { DASHBOARD_TOP_CONTENT_PER_GROUP, DASHBOARD_TOP_SCHOOLS } from '@portal/shared/limits';
import { addDaysIso, downloadCsvFileName, type DateRange } from '@portal/shared/schemas/statistics';
import { downloadProblem } from '../../../lib/save-download';
import { useStatisticBuckets } from '../api/get-statistic-buckets';
import { exportDownloads } from '../api/export-downloads';
import { percentChange, previousPeriod, thinTicks } from '../lib/dashboard-range';
import { StatisticChart, type ChartRow } from './statistic-chart';
import { TopTable } from './top-table';

const sum = (values: readonly { value: number }[]) => values.reduce((n, v) => n + v.value, 0);

function formatChange(change: number | null): string {
  if (change === null) return 'no downloads in the previous period to compare with';
  const sign = change > 0 ? '+' : '';
  return `${sign}${change.toFixed(1)}%`;
}

function TopContent({
  range,
  timeZone,
  group,
}: {
  range: DateRange;
  timeZone: string;
  group: (typeof TOP_CONTENT_GROUPS)[number];
}) {
  const top = useStatisticBuckets(
    'topmostcontent',
    { ...range, timeZone, view: group, limit: DASHBOARD_TOP_CONTENT_PER_GROUP },
    { firstPageOnly: true },
  );
  return (
    <TopTable
      title={`Top content: ${CATEGORY_GROUP_LABELS[group]}`}
      nameHeader="Content"
      buckets={top.data}
      isLoading={top.isPending}
    />
  );
}

function CsvExport({ range, timeZone }: { range: DateRange; timeZone: string }) {
  const [receivedBytes, setReceivedBytes] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [savedAs, setSavedAs] = useState<string | null>(null);
  const onExport = async () => {
    setError(null);
    setSavedAs(null);
    setReceivedBytes(0);
    try {
      setSavedAs(await exportDownloads({ ...range, timeZone }, (p) => setReceivedBytes(p.bytes)));
    } catch (e) {
      setError(downloadProblem(e, downloadCsvFileName(range.from, range.to)));
    } finally {
      setReceivedBytes(null);
    }
  };
  const isBusy = receivedBytes !== null;
  return (
    <Box sx={{ mb: 3 }}>
      <Button
        variant="contained"
        startIcon={<DownloadIcon />}
        onClick={() => void onExport()}
        data-download={downloadCsvFileName(range.from, range.to)}
        disabled={isBusy}
      >
        Export CSV
      </Button>
      {isBusy && (
        <Box sx={{ mt: 1 }} role="status">
          <LinearProgress aria-label="Exporting the download data" />
          <Typography variant="body2">
            Exporting… {Math.round((receivedBytes ?? 0) / 1024)} KB received
          </Typography>
        </Box>
      )}
      {savedAs && (
        <Typography variant="body2" role="status" sx={{ mt: 1 }}>
          Saved {savedAs}
        </Typography>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

export function DownloadsView({
  range,
  timeZone,
  compare,
}: {
  range: DateRange;
  timeZone: string;
  compare: boolean;
}) {
  const previous = previousPeriod(range);
  const current = useStatisticBuckets('downloads', { ...range, timeZone });
  const before = useStatisticBuckets('downloads', { ...previous, timeZone }, { enabled: compare });
  const schools = useStatisticBuckets(
    'businessunit',
    { ...range, timeZone, limit: DASHBOARD_TOP_SCHOOLS },
    { firstPageOnly: true },
  );
  const days = current.data ?? [];
  const earlier = compare ? (before.data ?? []) : [];
  const rows: ChartRow[] = days.map((d, k) => ({
    label: d.label,
    value: d.value,
    ...(compare ? { previous: earlier[k]?.value ?? 0 } : {}),
  }));
  const total = sum(days);
  const lastDay = addDaysIso(range.to, -1);
  return (
    <Box>
      <Typography variant="h2" sx={{ mb: 1 }}>
        File download data
      </Typography>
      {/* Issue 37: a file's preview in the browser is not a download event. */}
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Downloads only: previewing a file in the browser is not counted.
      </Typography>
      {current.isError && <Alert severity="error">The download data could not be loaded.</Alert>}
      {current.isPending ? (
        <LinearProgress aria-label="Loading the download data" />
      ) : (
        <Stack spacing={0.5} sx={{ mb: 2 }}>
          <Typography>
            {total} downloads from {range.from} to {lastDay}
          </Typography>
          {compare && before.data && (
            <Typography data-testid="comparison-line">
              Previous period ({previous.from} to {addDaysIso(previous.to, -1)}): {sum(earlier)} downloads;
              change {formatChange(percentChange(total, sum(earlier)))}
            </Typography>
          )}
        </Stack>
      )}
      <CsvExport range={range} timeZone={timeZone} />
      {!current.isPending && (
        <StatisticChart
          title="Downloads over time"
          kind="line"
          rows={rows}
          valueName="Downloads"
          previousName={compare ? 'Previous period' : undefined}
          labelName="Day"
          ticks={thinTicks(days.map((d) => d.label))}
          dataRowCount={rows.filter((r) => r.value > 0 || (r.previous ?? 0) > 0).length}
        />
      )}
      <TopTable
        title="Top schools"
        nameHeader="School"
        buckets={schools.data}
        isLoading={schools.isPending}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 3 }}>
        {TOP_CONTENT_GROUPS.map((group) => (
          <TopContent key={group} range={range} timeZone={timeZone} group={group} />
        ))}
      </Box>
    </Box>
  );
}
