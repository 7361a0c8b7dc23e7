import type { ReactNode } from 'react';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MESSAGE_STATUSES, type TDashboardActivity } from '@attend/shared';
import { BarChart } from '../../../components/bar-chart';
import { appLocale } from '../../../lib/locale';
import { messageStatusLabel } from '../../notifications';
import { td } from '../i18n';

function ChartCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Stack gap="sm">
        <Stack gap={0}>
          <Title order={2} fz="h4">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The dashboard's two charts: confirmations and check-ins per day, and messages by status.
 */
export function ActivityCharts({ activity }: { activity: TDashboardActivity }) {
  // 'Jan 5' in English; a day is a calendar date, so it is read and written in UTC.
  const dayLabel = new Intl.DateTimeFormat(appLocale(), { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const days = activity.days.map((d) => ({
    label: dayLabel.format(new Date(`${d.day}T00:00:00Z`)),
    confirmations: d.confirmations,
    check_ins: d.check_ins,
  }));
  const confirmations = days.reduce((n, d) => n + d.confirmations, 0);
  const checkIns = days.reduce((n, d) => n + d.check_ins, 0);
  const statuses = MESSAGE_STATUSES.map((status) => ({
    status,
    label: messageStatusLabel(status),
    count: activity.messages[status] ?? 0,
  }));
  const messageTotal = statuses.reduce((n, s) => n + s.count, 0);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <ChartCard title={td('charts.activity')} text={td('charts.activityText')}>
        {confirmations + checkIns === 0 ? (
          <Text c="dimmed" size="sm">
            {td('charts.activityEmpty')}
          </Text>
        ) : (
          <figure
            style={{ margin: 0 }}
            aria-label={td('charts.activitySummary', { c: confirmations, k: checkIns })}
          >
            <BarChart
              h={240}
              data={days}
              dataKey="label"
              series={[
                { name: 'confirmations', label: td('charts.confirmations'), color: 'teal.7' },
                { name: 'check_ins', label: td('charts.checkIns'), color: 'blue.7' },
              ]}
              withLegend
            />
          </figure>
        )}
      </ChartCard>
      <ChartCard title={td('charts.messages')} text={td('charts.messagesText')}>
        {messageTotal === 0 ? (
          <Text c="dimmed" size="sm">
            {td('charts.messagesEmpty')}
          </Text>
        ) : (
          <figure style={{ margin: 0 }}>
            <BarChart
              h={240}
              data={statuses}
              dataKey="label"
              series={[{ name: 'count', label: td('charts.messagesSeries'), color: 'violet.7' }]}
            />
            <Group component="figcaption" gap="md" mt="xs" data-testid="messages-by-status">
              {statuses.map((s) => (
                <Text key={s.status} size="sm" data-status={s.status}>
                  {td('charts.messageCount', { status: s.label, n: s.count })}
                </Text>
              ))}
            </Group>
          </figure>
        )}
      </ChartCard>
    </SimpleGrid>
  );
}
