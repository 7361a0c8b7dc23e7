import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { AppModal } from '../../../components/app-modal';
import { paths } from '../../../config/paths';
import { KIOSK_PIN_PATTERN, kioskSupported, startKiosk } from '../../../lib/kiosk-lock';
import { tk } from '../kiosk-i18n';

/**
 * "Kiosk mode" at the station: staff choose a PIN, the browser goes full screen and shows the
 * event's self check-in kiosk until the PIN is typed again.
 */
export function KioskStart({ eventId, eventName }: { eventId: number; eventName: string }) {
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const supported = kioskSupported();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!KIOSK_PIN_PATTERN.test(pin)) return setError(tk('kiosk.pinFormat'));
    if (pin !== again) return setError(tk('kiosk.pinMismatch'));
    setStarting(true);
    await startKiosk(eventId, pin);
    // Full screen needs this click; a browser that refuses still shows the kiosk, locked.
    await document.documentElement.requestFullscreen?.().catch(() => undefined);
    setStarting(false);
    setOpened(false);
    void navigate(paths.kiosk(eventId));
  };

  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {tk('kiosk.start')}
      </Button>
      <AppModal opened={opened} onClose={() => setOpened(false)} title={tk('kiosk.startTitle')} centered>
        {supported ? (
          <form onSubmit={(e) => void submit(e)} noValidate>
            <Stack gap="md">
              <Text size="sm">{tk('kiosk.startText', { event: eventName })}</Text>
              <PasswordInput
                label={tk('kiosk.newPin')}
                value={pin}
                onChange={(e) => setPin(e.currentTarget.value.trim())}
                inputMode="numeric"
                autoComplete="new-password"
                data-autofocus
              />
              <PasswordInput
                label={tk('kiosk.repeatPin')}
                value={again}
                onChange={(e) => setAgain(e.currentTarget.value.trim())}
                inputMode="numeric"
                autoComplete="new-password"
                error={error}
              />
              <Group justify="flex-end">
                <Button type="submit" loading={starting}>
                  {tk('kiosk.begin')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Text c="red.9">{tk('kiosk.insecure')}</Text>
        )}
      </AppModal>
    </>
  );
}
