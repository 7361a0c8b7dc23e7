import { useEffect } from 'react';
import { Alert, Button, Center, Image, Loader, Stack, Text } from '@mantine/core';
import type { TParticipantSelf } from '@attend/shared';
import { notify } from '../../../lib/notify';
import { useParticipantQr } from '../hooks/use-participant-qr';
import { ta } from '../i18n';

type Props = {
  participant: TParticipantSelf;
  /** Also report failures as notifications (the /qr-code page, document 1 §8). */
  notifyErrors?: boolean;
  size?: number;
};

/** The confirmed participant's QR image, with loading, error and Retry states. */
export function ParticipantQrCode({ participant, notifyErrors = false, size = 240 }: Props) {
  const qr = useParticipantQr(participant);

  useEffect(() => {
    if (!notifyErrors || !qr.error) return;
    if (qr.unexpected) notify(ta('qr.failedToLoadNotify'), 'error');
    else notify(ta('qr.couldNotLoadNotify', { error: qr.error }), 'error');
  }, [notifyErrors, qr.error, qr.unexpected]);

  if (qr.error) {
    return (
      <Stack align="center" gap="sm">
        <Alert color="red" variant="default" role="alert" w="100%">
          {qr.error}
        </Alert>
        <Button variant="default" onClick={qr.retry} loading={qr.loading}>
          {ta('qr.retry')}
        </Button>
      </Stack>
    );
  }
  if (!qr.src) {
    return (
      <Center h={size} role="status" aria-live="polite">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text size="sm" c="dimmed">
            {ta('qr.loading')}
          </Text>
        </Stack>
      </Center>
    );
  }
  return (
    <Stack align="center" gap="xs">
      <Image
        src={qr.src}
        alt={ta('qr.alt', { name: participant.full_name })}
        w={size}
        h={size}
        fit="contain"
        onError={qr.onImageError}
        data-testid="participant-qr"
        style={{ imageRendering: 'pixelated' }}
      />
      <Text size="sm" c="dimmed" ta="center">
        {ta('qr.hint')}
      </Text>
    </Stack>
  );
}
