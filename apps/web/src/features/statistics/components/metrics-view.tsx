/**
 * Courseware metrics (001 §3, §7): the totals, and a chart of each distribution (categories,
 * experience levels, education levels), each with its data table.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CONTENT_CATEGORY_LABELS,
  EDUCATION_LEVEL_LABELS,
  EXPERIENCE_LEVEL_LABELS,
} from '@portal/shared/enums';
import type { CoursewareMetrics } from '@portal/shared/schemas/statistics';
import { useCoursewareMetrics } from '../api/get-courseware-metrics';
import { StatisticChart, type ChartRow } from './statistic-chart';

function rowsOf<K extends string>(counts: Record<K, number>, labels: Record<K, string>): ChartRow[] {
  return (Object.keys(labels) as K[]).map((k) => ({ label: labels[k], value: counts[k] }));
}

function totals(metrics: CoursewareMetrics) {
  return [
    { label: 'Total courseware', value: metrics.totalCourseware },
    { label: 'Assignments', value: metrics.assignmentCount },
    { label: 'Quizzes', value: metrics.quizCount },
    { label: 'Knowledge links', value: metrics.linkagesCount },
  ];
}

export function MetricsView() {
  const metrics = useCoursewareMetrics();
  if (metrics.isPending) return <CircularProgress aria-label="Loading courseware metrics" />;
  if (metrics.isError) return <Alert severity="error">The courseware metrics could not be loaded.</Alert>;
  const m = metrics.data;
  return (
    <Box>
      <Typography variant="h2" sx={{ mb: 2 }}>
        Courseware metrics
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2, mb: 4 }}
      >
        {totals(m).map((t) => (
          <Paper key={t.label} variant="outlined" sx={{ p: 2 }}>
            <Typography component="dt" variant="body2">
              {t.label}
            </Typography>
            <Typography component="dd" variant="h4" sx={{ m: 0 }}>
              {t.value}
            </Typography>
          </Paper>
        ))}
      </Box>
      <StatisticChart
        title="Content categories"
        kind="bar"
        valueName="Items"
        labelName="Category"
        rows={rowsOf(m.categoryCounts, CONTENT_CATEGORY_LABELS)}
      />
      <StatisticChart
        title="Experience levels"
        kind="bar"
        valueName="Items"
        labelName="Experience level"
        rows={rowsOf(m.experienceLevelCounts, EXPERIENCE_LEVEL_LABELS)}
      />
      <StatisticChart
        title="Education levels"
        kind="bar"
        valueName="Items"
        labelName="Education level"
        rows={rowsOf(m.educationLevelCounts, EDUCATION_LEVEL_LABELS)}
      />
    </Box>
  );
}
