import { useState } from 'react';
import { Button, Group, List, Stack, Text, Textarea } from '@mantine/core';
import { UNDO_REASON_MAX, type TParticipant } from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useUndoConfirmation } from '../api/undo-confirmation';
import { tp } from '../i18n';

/**
 * Admins take back a mistaken confirmation, saying why (the reason is kept in the audit log). The
 * dialog says what the participant loses; the server refuses once they were checked in.
 */
export function UndoConfirmationButton({
  eventId,
  participant,
}: {
  eventId: number;
  participant: TParticipant;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const undo = useUndoConfirmation(eventId, participant.id);
  const close = () => {
    setAsking(false);
    setReason('');
    setError(null);
  };
  const submit = () => {
    if (!reason.trim()) {
      setError(tp('undo.reasonRequired'));
      return;
    }
    undo.mutate(reason.trim(), {
      onSuccess: (result) => {
        notify(tp('undo.done', { name: participant.full_name }), 'success');
        const places = result.removed_registrations.length + result.removed_waitlist.length;
        if (places > 0) notify(tp('undo.placesGivenUp', { count: places }), 'info');
        close();
      },
      onError: (err) => notify(serverMessage(err, tp('undo.failed')), 'error'),
    });
  };
  return (
    <>
      <Button variant="default" color="red.9" onClick={() => setAsking(true)}>
        {tp('undo.button')}
      </Button>
      <AppModal opened={asking} onClose={close} title={tp('undo.title')} centered>
        <Stack gap="md">
          <Text>{tp('undo.text', { name: participant.full_name })}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{tp('undo.effectQr')}</List.Item>
            <List.Item>{tp('undo.effectSessions')}</List.Item>
            <List.Item>{tp('undo.effectCheckIn')}</List.Item>
          </List>
          <Textarea
            label={tp('undo.reason')}
            description={tp('undo.reasonHint')}
            required
            autosize
            minRows={2}
            maxLength={UNDO_REASON_MAX}
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={undo.isPending}>
              {tp('detail.cancel')}
            </Button>
            <Button color="red.9" onClick={submit} loading={undo.isPending}>
              {tp('undo.button')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
