/**
 * One chart of the dashboard (001 §2 charts, §8 chart messages, §9 chart height) with its data-table
 * alternative: a disclosure under the chart, reachable by keyboard and read by screen readers, holding
 * the same numbers as a table. A chart with fewer than two data rows says 'No Data to show for {title}'
 * (001 §8), also when its rows are padding without data (`dataRowCount`).
 */
import { useId } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_ROWS_MIN, DASHBOARD_CHART_HEIGHT_PX } from '@portal/shared/limits';
import { noDataFor } from '@portal/shared/schemas/statistics';

export interface ChartRow {
  label: string;
  value: number;
  /** The previous period's value of the same position (comparison), when shown. */
  previous?: number;
}

export interface StatisticChartProps {
  title: string;
  rows: readonly ChartRow[];
  kind: 'bar' | 'line';
  /** Name of the value series (legend and table header). */
  valueName: string;
  /** Name of the comparison series; set to draw the second line. */
  previousName?: string;
  /** Labels that get an axis tick (tick thinning); all when absent. */
  ticks?: readonly string[];
  /**
   * How many rows carry data, when `rows` also holds rows filled in for drawing (days without
   * downloads); all rows when absent.
   */
  dataRowCount?: number;
  /** Label header of the data table. */
  labelName?: string;
}

export function StatisticChart({
  title,
  rows,
  kind,
  valueName,
  previousName,
  ticks,
  dataRowCount = rows.length,
  labelName = 'Label',
}: StatisticChartProps) {
  const theme = useTheme();
  const headingId = useId();
  const hasRows = dataRowCount >= CHART_ROWS_MIN;
  const data = rows.map((r) => ({ ...r }));
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography variant="h3" component="h3" id={headingId} sx={{ mb: 1 }}>
        {title}
      </Typography>
      {!hasRows ? (
        <Typography>{noDataFor(title)}</Typography>
      ) : (
        <>
          <Box aria-hidden="true" sx={{ width: '100%', height: DASHBOARD_CHART_HEIGHT_PX }}>
            <ResponsiveContainer width="100%" height={DASHBOARD_CHART_HEIGHT_PX}>
              {kind === 'line' ? (
                <LineChart data={data} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" ticks={ticks ? [...ticks] : undefined} />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  <Line
                    type="monotone"
                    dataKey="value"
                    name={valueName}
                    stroke={theme.palette.primary.main}
                    dot={false}
                    isAnimationActive={false}
                  />
                  {previousName && (
                    <Line
                      type="monotone"
                      dataKey="previous"
                      name={previousName}
                      stroke={theme.palette.secondary.main}
                      strokeDasharray="6 4"
                      dot={false}
                      isAnimationActive={false}
                    />
                  )}
                </LineChart>
              ) : (
                <BarChart data={data} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" />
                  <XAxis dataKey="label" interval={0} angle={-20} textAnchor="end" height={80} />
                  <YAxis allowDecimals={false} />
                  <Tooltip />
                  <Bar
                    dataKey="value"
                    name={valueName}
                    fill={theme.palette.primary.main}
                    isAnimationActive={false}
                  />
                </BarChart>
              )}
            </ResponsiveContainer>
          </Box>
          <details>
            <summary>
              <Typography component="span">Data table: {title}</Typography>
            </summary>
            <Table size="small" aria-label={`${title}, data table`}>
              <TableHead>
                <TableRow>
                  <TableCell component="th" scope="col">
                    {labelName}
                  </TableCell>
                  <TableCell component="th" scope="col" align="right">
                    {valueName}
                  </TableCell>
                  {previousName && (
                    <TableCell component="th" scope="col" align="right">
                      {previousName}
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.label}>
                    <TableCell component="th" scope="row">
                      {r.label}
                    </TableCell>
                    <TableCell align="right">{r.value}</TableCell>
                    {previousName && <TableCell align="right">{r.previous ?? 0}</TableCell>}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </details>
        </>
      )}
    </Box>
  );
}
