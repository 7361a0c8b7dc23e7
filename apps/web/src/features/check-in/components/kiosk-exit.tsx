import { useState, type FormEvent } from 'react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { AppModal } from '../../../components/app-modal';
import { KIOSK_PIN_TRIES, KIOSK_PIN_WAIT_MS, pinOpens, readKioskLock } from '../../../lib/kiosk-lock';
import { tk } from '../kiosk-i18n';

/**
 * Exit kiosk: staff type the PIN chosen when the kiosk started. After KIOSK_PIN_TRIES wrong PINs
 * each further try waits KIOSK_PIN_WAIT_MS, so a visitor cannot try PINs quickly.
 */
export function KioskExit({ onExit }: { onExit: () => void }) {
  const [opened, setOpened] = useState(false);
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [wrong, setWrong] = useState(0);
  const [waitUntil, setWaitUntil] = useState(0);
  const [checking, setChecking] = useState(false);

  const close = () => {
    setOpened(false);
    setPin('');
    setError(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const now = Date.now();
    if (now < waitUntil) {
      setError(tk('kiosk.pinWait', { n: Math.ceil((waitUntil - now) / 1000) }));
      return;
    }
    const lock = readKioskLock();
    setChecking(true);
    const ok = lock ? await pinOpens(lock, pin.trim()) : true;
    setChecking(false);
    if (ok) {
      close();
      onExit();
      return;
    }
    const count = wrong + 1;
    setWrong(count);
    setPin('');
    if (count >= KIOSK_PIN_TRIES) {
      setWaitUntil(Date.now() + KIOSK_PIN_WAIT_MS);
      setError(tk('kiosk.pinWait', { n: Math.ceil(KIOSK_PIN_WAIT_MS / 1000) }));
    } else {
      setError(tk('kiosk.wrongPin'));
    }
  };

  return (
    <>
      <Button variant="subtle" color="gray.8" size="xs" onClick={() => setOpened(true)}>
        {tk('kiosk.exit')}
      </Button>
      <AppModal opened={opened} onClose={close} title={tk('kiosk.exitTitle')} centered>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <Text size="sm">{tk('kiosk.exitText')}</Text>
            <PasswordInput
              label={tk('kiosk.pin')}
              value={pin}
              onChange={(e) => setPin(e.currentTarget.value)}
              error={error}
              inputMode="numeric"
              autoComplete="off"
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {tk('kiosk.cancel')}
              </Button>
              <Button type="submit" loading={checking}>
                {tk('kiosk.unlock')}
              </Button>
            </Group>
          </Stack>
        </form>
      </AppModal>
    </>
  );
}
