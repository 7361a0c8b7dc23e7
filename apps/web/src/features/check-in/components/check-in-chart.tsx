import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Text } from '@mantine/core';
import type { TEventCheckInStats } from '@attend/shared';
import { timelinePoints } from '../lib/timeline';
import { tc } from '../i18n';

/** Check-ins per 15 minutes (this module and @mantine/charts load only where a chart is shown). */
export function CheckInChart({ timeline }: { timeline: TEventCheckInStats['timeline'] }) {
  const points = timelinePoints(timeline);
  if (points.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {tc('chart.empty')}
      </Text>
    );
  }
  const total = points.reduce((sum, p) => sum + p.count, 0);
  const max = points.reduce((m, p) => Math.max(m, p.count), 0);
  return (
    <figure style={{ margin: 0 }} aria-label={tc('chart.summary', { n: total, max })}>
      <BarChart
        h={220}
        data={points}
        dataKey="label"
        series={[{ name: 'count', label: tc('chart.series'), color: 'teal.7' }]}
        tickLine="y"
        gridAxis="y"
        barProps={{ isAnimationActive: false }}
        yAxisProps={{ allowDecimals: false }}
      />
    </figure>
  );
}

export default CheckInChart;
