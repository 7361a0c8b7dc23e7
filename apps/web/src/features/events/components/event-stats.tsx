import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { TEventDetail } from '@attend/shared';
import { te, type EventsKey } from '../i18n';
import { formatNumber } from '../../../lib/locale';

const cards: { key: EventsKey; value: (e: TEventDetail) => number }[] = [
  { key: 'detail.stats.participants', value: (e) => e.participants_count },
  { key: 'detail.stats.sessions', value: (e) => e.sessions_count },
  { key: 'detail.stats.checkIns', value: (e) => e.check_ins_count },
  { key: 'detail.stats.confirmed', value: (e) => e.confirmed_count },
];

/** Participants, Sessions, Check-Ins and Confirmed (the page refetches them every 30 s). */
export function EventStats({ event }: { event: TEventDetail }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} aria-label={te('detail.statsTitle')} role="list">
      {cards.map((card) => (
        <Paper key={card.key} withBorder p="md" radius="md" role="listitem">
          <Text size="sm" c="dimmed" fw={500}>
            {te(card.key)}
          </Text>
          <Text fz={28} fw={800} data-testid={`stat-${card.key.slice('detail.stats.'.length)}`}>
            {formatNumber(card.value(event))}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
