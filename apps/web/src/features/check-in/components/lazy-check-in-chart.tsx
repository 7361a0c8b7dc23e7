import { lazy, memo, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { CheckInChartProps } from './check-in-chart';

// The chart library (recharts) is large: pages download it only when they show a chart.
const CheckInChart = lazy(() => import('./check-in-chart'));

/** Drawn again only when its timeline changes (not on each scan's result). */
export const LazyCheckInChart = memo(function LazyCheckInChart({ timeline, timeZone }: CheckInChartProps) {
  return (
    <Suspense fallback={<Skeleton h={220} radius="md" />}>
      <CheckInChart timeline={timeline} timeZone={timeZone} />
    </Suspense>
  );
});
