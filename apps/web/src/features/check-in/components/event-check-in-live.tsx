import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { TCheckInLiveEvent } from '@attend/shared';
import { TableHeader } from '../../../components/table-parts';
import { useCheckInStats } from '../api/get-check-in-stats';
import { useLiveCheckIns } from '../api/subscribe-check-ins';
import { tc } from '../i18n';
import { LiveBadge } from './check-in-counts';
import { CheckInChart } from './check-in-chart';
import { formatNumber } from '../../../lib/locale';

/**
 * Live check-ins of an event (event detail page): door count against confirmed participants, each
 * session's count, and check-ins over time, following the live stream. `onEvent` lets the page
 * update its own figures (the Check-Ins card) as each check-in arrives.
 */
export function EventCheckInLive({
  eventId,
  onEvent,
  timeZone,
}: {
  eventId: number;
  onEvent?: (event: TCheckInLiveEvent) => void;
  /** The event's time zone, in which the chart is labelled. */
  timeZone?: string;
}) {
  const stats = useCheckInStats(eventId);
  const live = useLiveCheckIns(eventId, { onEvent });
  const data = stats.data;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="live-check-ins-title">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="h3" id="live-check-ins-title">
            {tc('stats.liveTitle')}
          </Title>
          <LiveBadge status={live} />
        </Group>
        {stats.isError && !data && (
          <Text c="red.9" size="sm">
            {tc('stats.loadFailed')}
          </Text>
        )}
        {data && (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="sm">
              <Text fz="lg" fw={600} data-testid="live-main-event">
                {tc('stats.mainEventCheckedIn', {
                  n: formatNumber(data.main_event.checked_in),
                  confirmed: formatNumber(data.main_event.confirmed),
                })}
              </Text>
              {data.sessions.length > 0 && (
                <Table
                  striped
                  verticalSpacing={4}
                  aria-label={tc('stats.sessionsCaption')}
                  data-testid="live-sessions"
                >
                  <TableHeader
                    columns={[tc('stats.col.session'), tc('stats.col.checkedIn'), tc('stats.col.registered')]}
                  />
                  <Table.Tbody>
                    {data.sessions.map((s) => (
                      <Table.Tr key={s.id}>
                        <Table.Td>{s.parent_session === null ? s.name : `— ${s.name}`}</Table.Td>
                        <Table.Td>{formatNumber(s.checked_in)}</Table.Td>
                        <Table.Td>{formatNumber(s.registered)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Stack>
            <Stack gap="xs">
              <Title order={3} fz="h5">
                {tc('chart.title')}
              </Title>
              <CheckInChart timeline={data.timeline} timeZone={timeZone} />
            </Stack>
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
