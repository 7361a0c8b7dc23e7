import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { TParticipant } from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { notify } from '../../../lib/notify';
import { useRevokeParticipantSessions } from '../api/revoke-participant-sessions';
import { tp } from '../i18n';

/** Staff end every sign-in of a participant (a lost phone, a forwarded link); asks first. */
export function SignOutEverywhereButton({
  eventId,
  participant,
}: {
  eventId: number;
  participant: TParticipant;
}) {
  const [asking, setAsking] = useState(false);
  const revoke = useRevokeParticipantSessions(eventId);
  const confirm = () =>
    revoke.mutate(participant.id, {
      onSuccess: (result) => {
        notify(tp('detail.signOutEverywhereDone', { count: result.sessions }), 'success');
        setAsking(false);
      },
      onError: () => notify(tp('detail.signOutEverywhereFailed'), 'error'),
    });
  return (
    <>
      <Button variant="default" onClick={() => setAsking(true)}>
        {tp('detail.signOutEverywhere')}
      </Button>
      <AppModal
        opened={asking}
        onClose={() => setAsking(false)}
        title={tp('detail.signOutEverywhere')}
        centered
      >
        <Stack gap="md">
          <Text>{tp('detail.signOutEverywhereText', { name: participant.full_name })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)} disabled={revoke.isPending}>
              {tp('detail.cancel')}
            </Button>
            <Button color="red.9" onClick={confirm} loading={revoke.isPending}>
              {tp('detail.signOutEverywhere')}
            </Button>
          </Group>
        </Stack>
      </AppModal>
    </>
  );
}
