import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Badge, Box, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { TCheckInEvent } from '@attend/shared';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { PageLoader } from '../../../components/page-loader';
import { useCheckInStation } from '../hooks/use-check-in-station';
import { useAutoPrintBadge } from '../hooks/use-auto-print-badge';
import { useOfflineStation } from '../hooks/use-offline-station';
import type { ScanOutcome } from '../lib/scan-outcome';
import { tc } from '../i18n';
import { tk } from '../kiosk-i18n';
import { CameraScanner } from './camera-scanner';
import { KioskExit } from './kiosk-exit';

/** How long a result stays on screen before the kiosk is ready for the next person. */
export const KIOSK_RESET_MS = 6000;
/**
 * A badge held up to the camera keeps being read after the screen has reset: the same QR is ignored
 * this long, so the next person is not shown the last one's "Welcome back". Typed codes always count.
 */
const KIOSK_CAMERA_REPEAT_MS = 60_000;
/** The note on every check-in the kiosk records, so staff see which came from it. */
const KIOSK_NOTE = 'Kiosk';

const toneColor = { ok: 'teal.9', warn: 'orange.9', error: 'red.9' } as const;
const toneBackground = { ok: 'teal.0', warn: 'orange.0', error: 'red.0' } as const;

/** What the person in front of the kiosk reads: never a staff sentence, always the way on. */
function kioskLines(outcome: ScanOutcome, printing: boolean): { title: string; lines: string[] } {
  const name = outcome.name ?? '';
  switch (outcome.kind) {
    case 'checked_in':
      return name
        ? {
            title: tk('kiosk.welcome', { name }),
            lines: [
              tk('kiosk.checkedIn'),
              ...(printing && outcome.record?.session === null ? [tk('kiosk.badgePrinting')] : []),
            ],
          }
        : { title: tk('kiosk.welcomeTitle'), lines: [tk('kiosk.savedUnchecked')] };
    case 'already_checked_in':
      return { title: tk('kiosk.welcomeBack', { name }), lines: [tk('kiosk.alreadyIn')] };
    case 'not_confirmed':
    case 'not_registered':
      return {
        title: name || tk('kiosk.welcomeTitle'),
        lines: [tk('kiosk.notConfirmed'), tk('kiosk.seeStaff')],
      };
    case 'invalid_code':
    case 'forged_code':
    case 'other_event':
    case 'unknown_code':
      return { title: tk('kiosk.unknown'), lines: [tk('kiosk.tryAgain'), tk('kiosk.seeStaff')] };
    default:
      return { title: outcome.title, lines: [tk('kiosk.seeStaff')] };
  }
}

/** "This screen resets in N s", then `onDone`: mounted afresh (keyed) for each result. */
function ResetCountdown({ onDone }: { onDone: () => void }) {
  const [until] = useState(() => Date.now() + KIOSK_RESET_MS);
  const [left, setLeft] = useState(KIOSK_RESET_MS);
  const latestDone = useRef(onDone);
  useEffect(() => {
    latestDone.current = onDone;
  });
  useEffect(() => {
    const tick = setInterval(() => {
      const remaining = until - Date.now();
      if (remaining <= 0) latestDone.current();
      else setLeft(remaining);
    }, 200);
    return () => clearInterval(tick);
  }, [until]);
  return (
    <Text size="sm" c="dimmed">
      {tk('kiosk.resetIn', { n: Math.ceil(left / 1000) })}
    </Text>
  );
}

type Props = {
  eventId: number;
  /** The event as GET /check-in/events/ lists it (undefined while loading or offline). */
  event: TCheckInEvent | undefined;
  /** The events list is still loading (offline it fails, and the kept pack says what is needed). */
  eventLoading: boolean;
  /** Leaves kiosk mode once the PIN is right. */
  onExit: () => void;
};

/**
 * The self check-in kiosk of one event: the camera runs and the code field waits for a QR, a
 * handheld scanner or typing; the person sees their name and "Welcome", and the screen is ready for
 * the next person after KIOSK_RESET_MS. Scans go through the station's loop (online, or decided on
 * this device and synced later, like the station).
 */
export function KioskScreen({ eventId, event, eventLoading, onExit }: Props) {
  const offline = useOfflineStation(eventId);
  const eventName = event?.name ?? offline.pack?.event.name ?? '';
  const timeZone = event?.time_zone ?? offline.pack?.event.time_zone;
  const station = useCheckInStation(
    eventId,
    { session: null, sessionName: tc('station.mainEvent'), timeZone },
    offline,
    { toasts: false },
  );
  const printing = (event ?? offline.pack?.event)?.print_badge_on_check_in === true && !offline.offline;
  useAutoPrintBadge(eventId, printing, station.result, offline.offline);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const lastCameraScan = useRef<{ code: string; at: number } | null>(null);

  const shown = station.result;
  const reset = () => {
    station.clear();
    setCode('');
    setError(null);
    input.current?.focus();
  };

  useEffect(() => {
    input.current?.focus();
  }, []);

  const submit = (raw: string) => {
    const value = raw.trim();
    if (!value) {
      setError(tk('kiosk.codeRequired'));
      return;
    }
    setError(null);
    setCode('');
    void station.submit(value, KIOSK_NOTE);
  };

  const onCameraScan = (raw: string) => {
    const now = Date.now();
    const last = lastCameraScan.current;
    if (last && last.code === raw && now - last.at < KIOSK_CAMERA_REPEAT_MS) return;
    lastCameraScan.current = { code: raw, at: now };
    submit(raw);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit(code);
  };

  const view = shown ? kioskLines(shown.outcome, printing) : null;
  // No scan before the kiosk knows the event's settings (whether badges print), from the server or
  // from the pack this device kept.
  if (!event && !offline.pack && eventLoading) return <PageLoader />;
  return (
    <Box mih="100dvh" p={{ base: 'md', sm: 'xl' }} bg="gray.0" data-testid="kiosk">
      <Stack gap="lg" maw={1200} mx="auto">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
            {eventName}
          </Title>
          <Group gap="sm">
            {offline.offline && (
              <Badge color="red.9" variant="filled" size="lg">
                {tc('offline.offline')}
              </Badge>
            )}
            <LanguageSwitcher />
            <KioskExit onExit={onExit} />
          </Group>
        </Group>
        {offline.offline && (
          <Text size="sm" c="dimmed">
            {tk('kiosk.offline')}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Paper withBorder p="lg" radius="md">
            <CameraScanner
              onScan={onCameraScan}
              onActiveChange={() => undefined}
              scopeKey="kiosk"
              autoStart
            />
          </Paper>
          <Stack gap="lg">
            {shown && view ? (
              <Paper
                withBorder
                p="xl"
                radius="md"
                bg={toneBackground[shown.outcome.tone]}
                role="status"
                aria-live="assertive"
                data-testid="kiosk-result"
                data-tone={shown.outcome.tone}
              >
                <Stack gap="md">
                  <Title order={2} fz={{ base: 28, sm: 40 }} c={toneColor[shown.outcome.tone]}>
                    {view.title}
                  </Title>
                  {shown.outcome.organization && (
                    <Text fz="xl" fw={500}>
                      {shown.outcome.organization}
                    </Text>
                  )}
                  {view.lines.map((line) => (
                    <Text key={line} fz="xl">
                      {line}
                    </Text>
                  ))}
                  <Group justify="space-between" align="center">
                    <ResetCountdown key={shown.seq} onDone={reset} />
                    <Button size="lg" onClick={reset}>
                      {tk('kiosk.done')}
                    </Button>
                  </Group>
                </Stack>
              </Paper>
            ) : (
              <Paper withBorder p="xl" radius="md">
                <Stack gap="md">
                  <Title order={2} fz={{ base: 28, sm: 40 }}>
                    {tk('kiosk.welcomeTitle')}
                  </Title>
                  <Text fz="xl">{tk('kiosk.prompt')}</Text>
                </Stack>
              </Paper>
            )}
            <Paper withBorder p="lg" radius="md">
              <form onSubmit={onSubmit} noValidate>
                <Stack gap="md">
                  <TextInput
                    ref={input}
                    label={tk('kiosk.code')}
                    placeholder={tk('kiosk.codePlaceholder')}
                    value={code}
                    onChange={(e) => setCode(e.currentTarget.value)}
                    error={error}
                    size="xl"
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                  />
                  <Button type="submit" size="xl" loading={station.pending}>
                    {tk('kiosk.submit')}
                  </Button>
                </Stack>
              </form>
            </Paper>
          </Stack>
        </SimpleGrid>
      </Stack>
    </Box>
  );
}
