import { Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { isFull, type TSession } from '@attend/shared';
import { TableHeader } from '../../../components/table-parts';
import { formatDisplayDateTimeInZone } from '../../../lib/date-time';
import { notify } from '../../../lib/notify';
import { useSessionWaitlist } from '../api/get-session-waitlist';
import { usePromoteFromWaitlist } from '../api/promote-from-waitlist';
import { useRemoveFromWaitlist } from '../api/remove-from-waitlist';
import { ts } from '../i18n';
import { reasonOf } from '../lib/session-errors';

/**
 * The session's waiting list for staff, in line order: who, since when, their place, with Remove
 * and Promote (promoting is offered only while the session has a free place; the server decides).
 */
export function SessionWaitlist({ eventId, session }: { eventId: number; session: TSession }) {
  const line = useSessionWaitlist(eventId, session.id);
  const remove = useRemoveFromWaitlist(eventId);
  const promote = usePromoteFromWaitlist(eventId);
  const full = isFull(session.max_participants, session.registered_count);
  const caption = ts('detail.waitlistOf', { name: session.name });
  const busy = (participantId: number, m: typeof remove | typeof promote) =>
    m.isPending && m.variables.participantId === participantId;
  const onDone = {
    onSuccess: (r: { message: string }) => notify(r.message, 'success'),
    onError: (err: Error) => notify(ts('detail.waitlistActionFailed', { reason: reasonOf(err) }), 'error'),
  };

  if (line.isPending) return <Loader size="sm" aria-label={caption} />;
  if (line.isError) {
    return (
      <Text c="red.9" size="sm" role="alert">
        {ts('detail.loadFailed', { reason: reasonOf(line.error) })}
      </Text>
    );
  }
  if (line.data.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="waitlist-empty">
        {ts('detail.waitlistEmpty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {full ? ts('detail.waitlistFullHint') : ts('detail.waitlistNote')}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="xs" data-testid="session-waitlist">
          <Table.Caption>{caption}</Table.Caption>
          <TableHeader
            columns={[
              ts('detail.col.place'),
              ts('detail.col.name'),
              ts('detail.col.email'),
              ts('detail.col.since'),
              ts('detail.col.actions'),
            ]}
          />
          <Table.Tbody>
            {line.data.map((w) => (
              <Table.Tr key={w.participant_id}>
                <Table.Td>{w.position}</Table.Td>
                <Table.Td>
                  {w.full_name}
                  {!w.confirmed_attendance && (
                    <Text span size="xs" c="dimmed">
                      {` (${ts('detail.notConfirmed')})`}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{w.email}</Table.Td>
                <Table.Td>{formatDisplayDateTimeInZone(w.joined_at, session.time_zone)}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      variant="outline"
                      color="teal.9"
                      disabled={full}
                      aria-label={ts('detail.waitlistPromoteLabel', { name: w.full_name })}
                      loading={busy(w.participant_id, promote)}
                      onClick={() =>
                        promote.mutate({ sessionId: session.id, participantId: w.participant_id }, onDone)
                      }
                    >
                      {ts('detail.waitlistPromote')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="outline"
                      color="red.9"
                      aria-label={ts('detail.waitlistRemoveLabel', { name: w.full_name })}
                      loading={busy(w.participant_id, remove)}
                      onClick={() =>
                        remove.mutate({ sessionId: session.id, participantId: w.participant_id }, onDone)
                      }
                    >
                      {ts('detail.waitlistRemove')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
