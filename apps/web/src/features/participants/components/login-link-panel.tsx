import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TLoginLink, TParticipant } from '@attend/shared';
import { serverMessage } from '../../../lib/api-errors';
import { notify } from '../../../lib/notify';
import { useCreateLoginLink } from '../api/create-login-link';
import { useRevokeLoginLinks } from '../api/revoke-login-links';
import { tp } from '../i18n';
import { LoginQrModal } from './login-qr-modal';

/**
 * Staff hand a participant a one-click sign-in: copy the link, or show it as a QR code to scan at a
 * desk; revoking every link is one click (it also ends the sign-ins opened with them).
 */
export function LoginLinkPanel({ participant }: { participant: TParticipant }) {
  const eventId = participant.event;
  const create = useCreateLoginLink(eventId);
  const revoke = useRevokeLoginLinks(eventId);
  // One link per visit: Copy and Show QR hand out the same link instead of minting one per click.
  const [link, setLink] = useState<TLoginLink | null>(null);
  const [pending, setPending] = useState<'copy' | 'qr' | null>(null);
  const [qrOpen, setQrOpen] = useState(false);

  const currentLink = async (): Promise<TLoginLink | null> => {
    if (link && Date.parse(link.expires_at) > Date.now()) return link;
    try {
      const fresh = await create.mutateAsync(participant.id);
      setLink(fresh);
      return fresh;
    } catch (err) {
      notify(serverMessage(err, tp('loginLink.failed')), 'error');
      return null;
    }
  };

  const copy = async () => {
    setPending('copy');
    const got = await currentLink();
    setPending(null);
    if (!got) return;
    try {
      // Throws as well where the clipboard is missing (a page served over plain HTTP).
      await navigator.clipboard.writeText(got.url);
      notify(tp('loginLink.copied'), 'success');
    } catch {
      notify(tp('loginLink.copyFailed'), 'error');
    }
  };

  const showQr = async () => {
    setPending('qr');
    const got = await currentLink();
    setPending(null);
    if (got) setQrOpen(true);
  };

  const revokeAll = () =>
    revoke.mutate(participant.id, {
      onSuccess: ({ revoked }) => {
        setLink(null);
        setQrOpen(false);
        notify(
          revoked > 0 ? tp('loginLink.revoked', { count: revoked }) : tp('loginLink.revokedNone'),
          'success',
        );
      },
      onError: (err) => notify(serverMessage(err, tp('loginLink.revokeFailed')), 'error'),
    });

  const busy = pending !== null || revoke.isPending;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={tp('loginLink.title')}>
      <Stack gap="md">
        <Title order={2} fz="h4">
          {tp('loginLink.title')}
        </Title>
        <Text size="sm">{tp('loginLink.text', { name: participant.full_name })}</Text>
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => void copy()}
            loading={pending === 'copy'}
            disabled={busy && pending !== 'copy'}
          >
            {tp('loginLink.copy')}
          </Button>
          <Button
            variant="default"
            onClick={() => void showQr()}
            loading={pending === 'qr'}
            disabled={busy && pending !== 'qr'}
          >
            {tp('loginLink.showQr')}
          </Button>
          <Button
            variant="default"
            color="red.9"
            c="red.9"
            onClick={revokeAll}
            loading={revoke.isPending}
            disabled={pending !== null}
          >
            {tp('loginLink.revoke')}
          </Button>
        </Group>
      </Stack>
      <LoginQrModal
        link={link}
        name={participant.full_name}
        opened={qrOpen}
        onClose={() => setQrOpen(false)}
      />
    </Paper>
  );
}
