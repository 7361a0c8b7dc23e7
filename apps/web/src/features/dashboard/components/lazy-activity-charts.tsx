import { lazy, Suspense } from 'react';
import { Skeleton } from '@mantine/core';
import type { TDashboardActivity } from '@attend/shared';

// The chart library (recharts) is large: the dashboard downloads it only once it has data to draw.
const ActivityCharts = lazy(() => import('./activity-charts'));

export function LazyActivityCharts({ activity }: { activity: TDashboardActivity }) {
  return (
    <Suspense fallback={<Skeleton h={300} radius="md" />}>
      <ActivityCharts activity={activity} />
    </Suspense>
  );
}
