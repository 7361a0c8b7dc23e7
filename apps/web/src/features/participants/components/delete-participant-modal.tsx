import { Button, Group, Stack, Text } from '@mantine/core';
import type { TParticipant } from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { notify } from '../../../lib/notify';
import { useDeleteParticipant } from '../api/delete-participant';
import { tp } from '../i18n';

type Props = {
  eventId: number;
  participant: TParticipant | null;
  onClose: () => void;
  onDeleted?: (participantId: number) => void;
};

/** Asks before deleting: a participant's check-ins and registrations go with them. */
export function DeleteParticipantModal({ eventId, participant, onClose, onDeleted }: Props) {
  const remove = useDeleteParticipant(eventId);
  const confirm = () => {
    if (!participant) return;
    remove.mutate(participant.id, {
      onSuccess: () => {
        notify(tp('delete.success'), 'success');
        onDeleted?.(participant.id);
        onClose();
      },
      onError: () => notify(tp('delete.failed'), 'error'),
    });
  };
  return (
    <AppModal opened={participant !== null} onClose={onClose} title={tp('delete.title')} centered>
      <Stack gap="md">
        <Text>{tp('delete.text', { name: participant?.full_name ?? '' })}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {tp('delete.cancel')}
          </Button>
          <Button color="red.9" onClick={confirm} loading={remove.isPending}>
            {tp('delete.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
