import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { TParticipant } from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useResetParticipantCode } from '../api/reset-participant-code';
import { tp } from '../i18n';

/**
 * Staff give a participant a new unique code when theirs leaked (a code cannot be edited); the old
 * code, their sign-ins and login links end, the QR code stays. Asks first.
 */
export function ResetCodeButton({ eventId, participant }: { eventId: number; participant: TParticipant }) {
  const [asking, setAsking] = useState(false);
  const reset = useResetParticipantCode(eventId, participant.id);
  const confirm = () =>
    reset.mutate(undefined, {
      onSuccess: (updated) => {
        notify(tp('detail.resetCodeDone', { code: updated.unique_code }), 'success');
        setAsking(false);
      },
      onError: (err) => notify(serverMessage(err, tp('detail.resetCodeFailed')), 'error'),
    });
  return (
    <>
      <Button variant="default" onClick={() => setAsking(true)}>
        {tp('detail.resetCode')}
      </Button>
      <AppModal opened={asking} onClose={() => setAsking(false)} title={tp('detail.resetCode')} centered>
        <Stack gap="md">
          <Text>{tp('detail.resetCodeText', { name: participant.full_name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} disabled={reset.isPending}>
              {tp('detail.cancel')}
            </Button>
            <Button color="red.9" onClick={confirm} loading={reset.isPending}>
              {tp('detail.resetCode')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
