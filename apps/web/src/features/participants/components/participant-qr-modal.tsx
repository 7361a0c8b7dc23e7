import { useState } from 'react';
import { Alert, Button, Center, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { notify } from '../../../lib/notify';
import { useParticipant } from '../api/get-participant';
import { tp } from '../i18n';
import { fetchFile, saveBlob } from '../../../lib/transfer';
import { sameOriginUrl } from '../lib/format';

type Props = { eventId: number; participantId: number | null; onClose: () => void };

export function qrFilename(fullName: string, uniqueCode: string): string {
  return `qr-code-${fullName.trim().replace(/\s+/g, '_')}-${uniqueCode}.png`;
}

/** QR modal (document 2 §2): name, e-mail, unique code, the QR image and Download QR Code. */
export function ParticipantQrModal({ eventId, participantId, onClose }: Props) {
  const opened = participantId !== null;
  const query = useParticipant(eventId, participantId ?? 0, opened);
  const [downloading, setDownloading] = useState(false);
  const participant = query.data;
  const src = participant?.qr_code_url ? sameOriginUrl(participant.qr_code_url) : null;

  const download = async () => {
    if (!participant || !src) {
      notify(tp('qr.unavailableShort'), 'error');
      return;
    }
    setDownloading(true);
    try {
      saveBlob(await fetchFile(src), qrFilename(participant.full_name, participant.unique_code));
      notify(tp('qr.downloadStarted'), 'success');
    } catch {
      notify(tp('qr.unavailableShort'), 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <AppModal opened={opened} onClose={onClose} title={tp('qr.title')} centered>
      {query.isPending ? (
        <Center py="xl">
          <Loader aria-label={tp('qr.title')} />
        </Center>
      ) : query.isError || !participant ? (
        <Alert color="red" variant="light" role="alert">
          {tp('qr.loadFailed')}
        </Alert>
      ) : (
        <Stack align="center" gap="sm" data-testid="qr-modal">
          <Text fw={700} size="lg">
            {participant.full_name}
          </Text>
          <Text size="sm">{participant.email}</Text>
          <Text size="sm">
            {tp('qr.uniqueCode')}: <strong>{participant.unique_code}</strong>
          </Text>
          {src ? (
            <>
              <Image
                src={src}
                alt={tp('qr.alt', { name: participant.full_name })}
                w={240}
                h={240}
                fit="contain"
                style={{ imageRendering: 'pixelated' }}
              />
              <Group>
                <Button onClick={() => void download()} loading={downloading}>
                  {tp('qr.download')}
                </Button>
              </Group>
            </>
          ) : (
            <Alert color="orange" variant="light" role="status">
              {tp('qr.notAvailable')}
            </Alert>
          )}
        </Stack>
      )}
    </AppModal>
  );
}
