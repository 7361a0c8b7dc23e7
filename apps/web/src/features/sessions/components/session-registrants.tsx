import { useState } from 'react';
import { Anchor, Button, Loader, Stack, Table, Text } from '@mantine/core';
import type { TSessionParticipant } from '@attend/shared';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TableHeader } from '../../../components/table-parts';
import { notify } from '../../../lib/notify';
import { useUnregisterFromSession } from '../api/unregister-from-session';
import { ts } from '../i18n';
import { reasonOf } from '../lib/session-errors';

type Props = {
  eventId: number;
  sessionId: number;
  /** Accessible caption of the table. */
  caption: string;
  registrants: TSessionParticipant[] | undefined;
  loading: boolean;
  error: Error | null;
};

/** Name, e-mail and username of each registrant, with Unregister (staff). */
export function SessionRegistrants({ eventId, sessionId, caption, registrants, loading, error }: Props) {
  const unregister = useUnregisterFromSession(eventId);
  // Unregistering frees the place for someone else: it asks first.
  const [asking, setAsking] = useState<TSessionParticipant | null>(null);

  const remove = (participant: TSessionParticipant) =>
    unregister.mutate(
      { sessionId, participantId: participant.id },
      {
        onSettled: () => setAsking(null),
        onSuccess: () => notify(ts('detail.unregistered'), 'success'),
        onError: (err) => notify(ts('detail.unregisterFailed', { reason: reasonOf(err) }), 'error'),
      },
    );

  if (loading) return <Loader size="sm" aria-label={caption} />;
  if (error) {
    return (
      <Text c="red.9" size="sm" role="alert">
        {ts('detail.loadFailed', { reason: reasonOf(error) })}
      </Text>
    );
  }
  if (!registrants || registrants.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {ts('detail.noRegistrants')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing="xs">
        <Table.Caption>{caption}</Table.Caption>
        <TableHeader
          columns={[
            ts('detail.col.name'),
            ts('detail.col.email'),
            ts('detail.col.username'),
            ts('detail.col.actions'),
          ]}
        />
        <Table.Tbody>
          {registrants.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{p.full_name}</Table.Td>
              <Table.Td>
                <Anchor href={`mailto:${p.email}`} c="blue.9" size="sm">
                  {p.email}
                </Anchor>
              </Table.Td>
              <Table.Td>{p.username}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-sm"
                  variant="outline"
                  color="red.9"
                  aria-label={ts('detail.unregisterLabel', { name: p.full_name })}
                  loading={
                    unregister.isPending &&
                    unregister.variables.participantId === p.id &&
                    unregister.variables.sessionId === sessionId
                  }
                  onClick={() => setAsking(p)}
                >
                  {ts('detail.unregister')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmDialog
        opened={asking !== null}
        title={ts('detail.unregisterAskTitle')}
        message={ts('detail.unregisterAsk', { name: asking?.full_name ?? '' })}
        confirmLabel={ts('detail.unregister')}
        cancelLabel={ts('detail.unregisterCancel')}
        loading={unregister.isPending}
        onConfirm={() => asking && remove(asking)}
        onClose={() => setAsking(null)}
      />
    </Table.ScrollContainer>
  );
}

/** A heading line with the registered count. */
export function RegistrantsHeading({ title, count }: { title: string; count: number | undefined }) {
  return (
    <Stack gap={0}>
      <Text fw={700}>{title}</Text>
      {count !== undefined && (
        <Text size="sm" c="dimmed">
          {ts('detail.registeredCount', { count })}
        </Text>
      )}
    </Stack>
  );
}
