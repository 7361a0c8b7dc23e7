import type { ReactNode } from 'react';
import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import { td } from '../i18n';
import { formatNumber } from '../../../lib/locale';

type Props = {
  testId: string;
  label: string;
  /** undefined while loading; null when it could not be loaded. */
  value: number | null | undefined;
  detail: string | null | undefined;
  color: string;
  children?: ReactNode;
};

/** One figure of the dashboard with its second line (the active, confirmed, rate or ready count). */
export function StatCard({ testId, label, value, detail, color, children }: Props) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={`dashboard-stat-${testId}`}>
      <Stack gap={4} h="100%">
        <Text size="sm" c="dimmed" fw={600}>
          {label}
        </Text>
        {/* Each placeholder is as tall as the line that replaces it: the cards below do not move. */}
        {value === undefined ? (
          <Skeleton h={28 * 1.2} w={80} />
        ) : (
          <Text fz={28} fw={700} lh={1.2} c={color} data-testid={`dashboard-stat-${testId}-value`}>
            {value === null ? td('stats.unavailable') : formatNumber(value)}
          </Text>
        )}
        {detail === undefined ? (
          <Skeleton h="calc(var(--mantine-font-size-sm) * var(--mantine-line-height-sm))" w={120} />
        ) : (
          detail !== null && (
            <Text size="sm" data-testid={`dashboard-stat-${testId}-detail`}>
              {detail}
            </Text>
          )
        )}
        {children}
      </Stack>
    </Paper>
  );
}
