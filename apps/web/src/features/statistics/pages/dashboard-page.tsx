/**
 * The statistics dashboard at /dashboard and /cr-dashboard (001 §2; the route needs CanUpdateContent,
 * others are sent home): the title, a toggle between courseware metrics (the default) and file
 * download data, and for the download data the date range filter. Loaded lazily with its chart library.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { DASHBOARD_TEXTS, type DateRange } from '@portal/shared/schemas/statistics';
import { useDocumentTitle } from '../../../lib/document-title';
import { DateRangeFilter } from '../components/date-range-filter';
import { DownloadsView } from '../components/downloads-view';
import { MetricsView } from '../components/metrics-view';
import { defaultRange, todayIn, viewerTimeZone } from '../lib/dashboard-range';

type View = 'metrics' | 'downloads';

export function DashboardPage() {
  useDocumentTitle(DASHBOARD_TEXTS.title);
  const [timeZone] = useState(viewerTimeZone);
  const [today] = useState(() => todayIn(timeZone));
  const [view, setView] = useState<View>('metrics');
  const [range, setRange] = useState<DateRange>(() => defaultRange(today));
  const [compare, setCompare] = useState(false);
  return (
    <Box sx={{ py: 3 }}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {DASHBOARD_TEXTS.title}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={view}
        onChange={(_, next: View | null) => next && setView(next)}
        aria-label="Dashboard view"
        sx={{ mb: 3 }}
      >
        <ToggleButton value="metrics">Courseware metrics</ToggleButton>
        <ToggleButton value="downloads">File download data</ToggleButton>
      </ToggleButtonGroup>
      {view === 'metrics' ? (
        <MetricsView />
      ) : (
        <>
          <DateRangeFilter
            value={range}
            onApply={setRange}
            today={today}
            compare={compare}
            onCompareChange={setCompare}
          />
          <DownloadsView range={range} timeZone={timeZone} compare={compare} />
        </>
      )}
    </Box>
  );
}
