import { memo } from 'react';
import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { LiveStatus } from '../api/subscribe-check-ins';
import { tc } from '../i18n';
import { formatNumber } from '../../../lib/locale';

export type Count = { key: string; label: string; value: number | null };

/** Big numbers (Total Participants, Checked In…); null while unknown. Rebuilt only when one changes. */
export const CheckInCounts = memo(
  function CheckInCounts({ counts }: { counts: Count[] }) {
    return (
      <SimpleGrid cols={{ base: 2, sm: counts.length }} spacing="sm">
        {counts.map((c) => (
          <Paper key={c.key} withBorder p="md" radius="md">
            <Text size="sm" c="dimmed" fw={500}>
              {c.label}
            </Text>
            <Text fz={32} fw={800} data-testid={`checkin-count-${c.key}`}>
              {c.value === null ? '–' : formatNumber(c.value)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    );
  },
  (a, b) =>
    a.counts.length === b.counts.length &&
    a.counts.every((c, i) => {
      const d = b.counts[i];
      return d !== undefined && c.key === d.key && c.label === d.label && c.value === d.value;
    }),
);

/**
 * Whether the counts are following the live stream. Not shown while the station works offline
 * (`offline`): its own badge says Offline, and Live beside it would contradict it.
 */
export function LiveBadge({ status, offline = false }: { status: LiveStatus; offline?: boolean }) {
  if (offline || status === 'closed' || status === 'connecting') return null;
  return (
    <Group gap={6}>
      <Badge color={status === 'live' ? 'teal.9' : 'red.9'} variant="filled" data-testid="live-status">
        {status === 'live' ? tc('stats.live') : tc('stats.reconnecting')}
      </Badge>
    </Group>
  );
}
