import { Alert, Button, Center, Code, Group, Image, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TLoginLink } from '@attend/shared';
import { AppModal } from '../../../components/app-modal';
import { tp } from '../i18n';
import { formatDateTime } from '../lib/format';
import { loginQrDataUrl } from '../lib/login-qr';

type Props = { link: TLoginLink | null; name: string; opened: boolean; onClose: () => void };

/** The participant's one-click link as a QR code to scan from the screen, with the link itself. */
export function LoginQrModal({ link, name, opened, onClose }: Props) {
  const url = link?.url ?? '';
  const qr = useQuery({
    queryKey: ['login-qr', url] as const,
    queryFn: () => loginQrDataUrl(url),
    enabled: opened && url !== '',
    staleTime: Infinity,
    gcTime: 0,
  });
  const validUntil = link ? formatDateTime(link.expires_at) : null;
  return (
    <AppModal opened={opened} onClose={onClose} title={tp('loginLink.qrTitle', { name })} size="md" centered>
      <Stack gap="md">
        <Text size="sm">{tp('loginLink.qrHint')}</Text>
        <Center mih={320}>
          {qr.data ? (
            // White surround: phone cameras need the quiet zone to contrast with the page.
            <Image
              src={qr.data}
              alt={tp('loginLink.qrAlt', { name })}
              w="min(320px, 100%)"
              fit="contain"
              bg="white"
              data-testid="login-qr-image"
            />
          ) : qr.isError ? (
            <Alert color="red" variant="default" role="alert">
              {tp('loginLink.qrFailed')}
            </Alert>
          ) : (
            <Loader aria-label={tp('loginLink.qrPreparing')} />
          )}
        </Center>
        {link && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {tp('loginLink.url')}
            </Text>
            <Code
              block
              data-testid="login-link-url"
              style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
            >
              {link.url}
            </Code>
            {validUntil && (
              <Text size="sm" c="dimmed">
                {tp('loginLink.validUntil', { date: validUntil })}
              </Text>
            )}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {tp('loginLink.close')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
