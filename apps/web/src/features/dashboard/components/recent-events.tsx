import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { TDashboardActivity } from '@attend/shared';
import { paths } from '../../../config/paths';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { td } from '../i18n';
import { formatNumber } from '../../../lib/locale';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text fw={700}>{formatNumber(value)}</Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** The five most recent events with their participants, confirmed and checked-in counts. */
export function RecentEvents({ events }: { events: TDashboardActivity['recent_events'] | undefined }) {
  return (
    <Paper withBorder p="lg" radius="lg" component="section" aria-label={td('recent.title')}>
      <Stack gap="md">
        <Title order={2} fz="h3">
          {td('recent.title')}
        </Title>
        {!events || events.length === 0 ? (
          <Text c="dimmed">{t('staffHome.recent')}</Text>
        ) : (
          <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {events.map((e) => (
              <Paper component="li" key={e.id} withBorder radius="md" p="sm" data-testid="recent-event">
                <Group justify="space-between" wrap="wrap" gap="sm">
                  <Stack gap={0}>
                    <Anchor component={Link} to={paths.staff.event(e.id)} fw={600} c="blue.9">
                      {e.name}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {td('recent.starts', { when: formatDisplayDateTime(e.start_date, e.time_zone) })}
                    </Text>
                  </Stack>
                  <Group gap="lg">
                    <Count label={td('recent.participants')} value={e.participants} />
                    <Count label={td('recent.confirmed')} value={e.confirmed} />
                    <Count label={td('recent.checkedIn')} value={e.checked_in} />
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
