import { Button } from '@mantine/core';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useDownloadMyCertificate, useMyCertificate } from '../api/get-my-certificate';
import { tcert } from '../i18n';

/** "Download certificate" on the participant's event page, once a certificate is issued to them. */
export function MyCertificateButton({ participantId, eventId }: { participantId: number; eventId: number }) {
  const mine = useMyCertificate(participantId);
  const download = useDownloadMyCertificate(eventId);
  if (!mine.data) return null;
  return (
    <Button
      variant="default"
      loading={download.isPending}
      onClick={() =>
        download.mutate(undefined, {
          onError: (err) => notify(serverMessage(err, tcert('mine.failed')), 'error'),
        })
      }
    >
      {tcert('mine.download')}
    </Button>
  );
}
