import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { availableSlots, canTakePlace, isFull, type TSession } from '@attend/shared';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { ts } from '../i18n';
import { clashFor } from '../lib/participant-offers';

type Props = {
  session: TSession;
  all: readonly TSession[];
  /** Registration is disabled while attendance is pending. */
  canRegister: boolean;
  busy: boolean;
  onRegister: (session: TSession) => void;
  onUnregister: (session: TSession) => void;
  /** A sub-session shown inside its group. */
  compact?: boolean;
};

/** One session a participant can register for: times, place, capacity and the button. */
export function SessionOfferCard({
  session,
  all,
  canRegister,
  busy,
  onRegister,
  onUnregister,
  compact,
}: Props) {
  const registered = !!session.is_registered;
  const full = isFull(session.max_participants, session.registered_count);
  const slots = availableSlots(session.max_participants, session.registered_count);
  const open = canTakePlace(session.max_participants, session.registered_count, registered);
  const clash = canRegister ? clashFor(session, all) : null;

  return (
    <Paper
      withBorder
      p={compact ? 'sm' : 'md'}
      radius="md"
      data-testid={`session-card-${session.id}`}
      style={registered ? { borderColor: 'var(--mantine-color-teal-7)', borderWidth: 2 } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={700} component={compact ? 'p' : 'h4'} m={0} fz={compact ? 'md' : 'lg'}>
              {session.name}
            </Text>
            <Text size="sm" c="dimmed">
              {ts('list.timeRange', {
                start: formatDisplayDateTime(session.start_time),
                end: formatDisplayDateTime(session.end_time),
              })}
              {session.location ? ` · ${session.location}` : ''}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            {registered && (
              <Badge color="teal.9" variant="filled">
                {ts('p.registered')}
              </Badge>
            )}
            {full && (
              <Badge color="red.9" variant="filled">
                {ts('p.full')}
              </Badge>
            )}
          </Group>
        </Group>
        {session.description && !compact && <Text size="sm">{session.description}</Text>}
        <Group gap="md">
          <Text size="sm">
            {session.max_participants > 0
              ? ts('p.capacity', { n: session.max_participants })
              : ts('p.unlimited')}
          </Text>
          {slots !== null && (
            <Text size="sm" data-testid="available-slots">
              {ts('p.available', { n: slots })}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {ts('p.registeredCount', { n: session.registered_count })}
          </Text>
        </Group>
        {clash && (
          <Text size="sm" c="red.9" data-testid="clash-hint">
            {clash.reason === 'same_group'
              ? ts('p.sameGroup', { other: clash.session.name })
              : ts('p.clash', { other: clash.session.name })}
          </Text>
        )}
        <Group justify="flex-end">
          {registered ? (
            <Button
              variant="default"
              size="sm"
              disabled={!canRegister}
              loading={busy}
              aria-label={ts('p.unregisterLabel', { name: session.name })}
              onClick={() => onUnregister(session)}
            >
              {ts('p.unregister')}
            </Button>
          ) : (
            <Button
              size="sm"
              disabled={!canRegister || !open}
              loading={busy}
              aria-label={ts('p.registerLabel', { name: session.name })}
              onClick={() => onRegister(session)}
            >
              {ts('p.register')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
