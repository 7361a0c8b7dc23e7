import { Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import type { TParticipantStats } from '@attend/shared';
import { tp } from '../i18n';
import { formatNumber } from '../../../lib/locale';

/** The confirmation statistics panel: Total, Confirmed, Pending Confirmation. */
export function ParticipantStatsPanel({ stats }: { stats: TParticipantStats | undefined }) {
  const cards = [
    { key: 'total', label: tp('stats.total'), value: stats?.total, color: 'blue.9' },
    { key: 'confirmed', label: tp('stats.confirmed'), value: stats?.confirmed, color: 'teal.9' },
    { key: 'pending', label: tp('stats.pending'), value: stats?.pending, color: 'orange.9' },
  ];
  return (
    <section aria-label={tp('stats.title')}>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {cards.map((c) => (
          <Paper key={c.key} withBorder p="md" radius="md" data-testid={`stat-${c.key}`}>
            <Text size="sm" c="dimmed" fw={600}>
              {c.label}
            </Text>
            {c.value === undefined ? (
              <Skeleton h={32} w={80} mt={4} />
            ) : (
              <Title order={2} fz={28} c={c.color} data-testid={`stat-${c.key}-value`}>
                {formatNumber(c.value)}
              </Title>
            )}
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}
