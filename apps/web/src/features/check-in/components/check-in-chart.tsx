import { memo } from 'react';
import { Text } from '@mantine/core';
import type { TEventCheckInStats } from '@attend/shared';
import { BarChart } from '../../../components/bar-chart';
import { timelinePoints } from '../lib/timeline';
import { tc } from '../i18n';

export type CheckInChartProps = {
  timeline: TEventCheckInStats['timeline'];
  /** The event's time zone, in which the bars are labelled (the viewer's while it is not known). */
  timeZone?: string;
};

/** Check-ins per 15 minutes; drawn again only when its timeline changes (not on each scan's result). */
export const CheckInChart = memo(function CheckInChart({ timeline, timeZone }: CheckInChartProps) {
  const points = timelinePoints(timeline, timeZone);
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
    <figure style={{ margin: 0 }} aria-label={tc('chart.summary', { count: total, max })}>
      <BarChart
        h={220}
        data={points}
        dataKey="label"
        series={[{ name: 'count', label: tc('chart.series'), color: 'teal.7' }]}
      />
    </figure>
  );
});
