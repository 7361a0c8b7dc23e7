import { useEffect } from 'react';
import { Alert, Button, Center, Image, Loader, Stack, Text } from '@mantine/core';
import type { TParticipantSelf } from '@attend/shared';
import { getSession } from '../../../lib/auth-session';
import { notify } from '../../../lib/notify';
import { imageDataUrl, keepOfflineCopy, useOfflineCopy } from '../../../lib/offline-copy';
import { ZImageDataUrl } from '../../../lib/image-data-url';
import { useParticipantQr } from '../hooks/use-participant-qr';
import { ta } from '../i18n';

type Props = {
  participant: TParticipantSelf;
  /** Also report failures as notifications (the /qr-code page, document 1 §8). */
  notifyErrors?: boolean;
  size?: number;
  /** No network: show the copy of the image kept on this device, when there is one. */
  offline?: boolean;
};

function QrImage({
  participant,
  src,
  size,
  onLoad,
  onError,
}: {
  participant: TParticipantSelf;
  src: string;
  size: number;
  onLoad?: (image: HTMLImageElement) => void;
  onError?: () => void;
}) {
  return (
    <Stack align="center" gap="xs">
      <Image
        src={src}
        alt={ta('qr.alt', { name: participant.full_name })}
        w={size}
        h={size}
        fit="contain"
        onLoad={onLoad && ((e) => onLoad(e.currentTarget))}
        onError={onError}
        data-testid="participant-qr"
        style={{ imageRendering: 'pixelated' }}
      />
      <Text size="sm" c="dimmed" ta="center">
        {ta('qr.hint')}
      </Text>
    </Stack>
  );
}

function LiveQrCode({ participant, notifyErrors, size }: Required<Omit<Props, 'offline'>>) {
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
  // The copy kept for offline is the PNG the browser has just cached (its URL is cacheable), read
  // as it came: redrawing it on a canvas would re-encode it on the page's thread of a slow phone.
  const keep = (image: HTMLImageElement) => {
    imageDataUrl(image.currentSrc || image.src).then(
      (copy) => {
        // Not after a sign-out that came first: this device keeps nothing of a signed-out person.
        const { status, user } = getSession();
        if (status === 'authenticated' && user?.is_participant && user.id === participant.id)
          keepOfflineCopy(participant.id, 'qr', copy);
      },
      () => {}, // no copy this time: the next visit keeps one
    );
  };
  return (
    <QrImage participant={participant} src={qr.src} size={size} onLoad={keep} onError={qr.onImageError} />
  );
}

/** The confirmed participant's QR image, with loading, error and Retry states; offline, the kept copy. */
export function ParticipantQrCode({ participant, notifyErrors = false, size = 240, offline = false }: Props) {
  const kept = useOfflineCopy(participant.id, 'qr', ZImageDataUrl);
  if (offline && kept) return <QrImage participant={participant} src={kept.value} size={size} />;
  return <LiveQrCode participant={participant} notifyErrors={notifyErrors} size={size} />;
}
