import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDisplayDateTime } from '../../../lib/date-time';
import type { OfflineStation } from '../hooks/use-offline-station';
import type { SyncConflict } from '../lib/offline-store';
import { tc } from '../i18n';

function ageText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return tc('offline.justNow');
  if (minutes < 60) return tc('offline.minutesAgo', { n: minutes });
  return tc('offline.hoursAgo', { n: Math.floor(minutes / 60) });
}

function conflictResult({ result }: SyncConflict, timeZone: string | undefined): string {
  const first = result.check_in;
  if (result.status === 'duplicate' && first) {
    return tc('offline.conflictDuplicate', {
      when: formatDisplayDateTime(first.check_in_time, timeZone),
      by: first.checked_in_by || tc('offline.unknownStaff'),
    });
  }
  return result.detail ?? '';
}

/**
 * Online / Offline, how many scans wait to sync, how old the offline list is; after a sync its
 * result, and the scans it could not record (conflicts) until the door person dismisses them.
 */
export function OfflineStatus({ station }: { station: OfflineStation }) {
  const { offline, waiting, packAge, report } = station;
  const timeZone = station.pack?.event.time_zone;
  return (
    <Stack gap="sm">
      <Group gap="sm" role="group" aria-label={tc('offline.status')} data-testid="station-status">
        <Badge color={offline ? 'red.9' : 'teal.9'} variant="filled" size="lg" data-testid="station-network">
          {offline ? tc('offline.offline') : tc('offline.online')}
        </Badge>
        <Text size="sm" fw={600} data-testid="station-waiting">
          {tc('offline.waiting', { count: waiting })}
        </Text>
        <Text size="sm" c="dimmed">
          {packAge === null ? tc('offline.packNone') : tc('offline.packAge', { age: ageText(packAge) })}
        </Text>
        {waiting > 0 && !offline && (
          <Button size="xs" variant="default" onClick={station.syncNow} loading={station.syncing}>
            {tc('offline.syncNow')}
          </Button>
        )}
      </Group>
      {offline && (
        <Alert color="yellow" variant="light" p="xs">
          {station.ready ? tc('offline.modeNotice') : tc('offline.noPack')}
        </Alert>
      )}
      {station.packFailed && !offline && (
        <Text size="sm" c="red.9">
          {tc('offline.packFailed')}
        </Text>
      )}
      {report && (
        <Alert color={report.error ? 'red' : 'teal'} variant="light" p="xs" data-testid="sync-report">
          {report.error ??
            tc('offline.synced', {
              created: report.created,
              duplicates: report.duplicates,
              rejected: report.rejected,
            })}
        </Alert>
      )}
      {station.conflicts.length > 0 && (
        <Paper withBorder p="md" radius="md" data-testid="sync-conflicts">
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} fz="h4">
                {tc('offline.conflicts')}
              </Title>
              <Button size="xs" variant="default" onClick={() => void station.dismissConflicts()}>
                {tc('offline.dismiss')}
              </Button>
            </Group>
            <Text size="sm">{tc('offline.conflictsHint')}</Text>
            <Table.ScrollContainer minWidth={480}>
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{tc('offline.conflictParticipant')}</Table.Th>
                    <Table.Th>{tc('offline.conflictSession')}</Table.Th>
                    <Table.Th>{tc('offline.conflictScanned')}</Table.Th>
                    <Table.Th>{tc('offline.conflictResult')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {station.conflicts.map((c) => (
                    <Table.Tr key={c.client_nonce}>
                      <Table.Td>
                        {c.result.check_in?.participant_name ||
                          c.scan.participant_name ||
                          c.scan.qr_code_data}
                      </Table.Td>
                      <Table.Td>{c.scan.session_name}</Table.Td>
                      <Table.Td>{formatDisplayDateTime(c.scan.scanned_at, timeZone)}</Table.Td>
                      <Table.Td>{conflictResult(c, timeZone)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
