import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { TEventCheckInStats } from '@attend/shared';

// The chart library (recharts) is large: pages download it only when they show a chart.
const CheckInChart = lazy(() => import('./check-in-chart'));

export function LazyCheckInChart({ timeline }: { timeline: TEventCheckInStats['timeline'] }) {
  return (
    <Suspense fallback={<Skeleton h={220} radius="md" />}>
      <CheckInChart timeline={timeline} />
    </Suspense>
  );
}
