import { useId } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { availableSlots, canTakePlace, isFull, type TSession } from '@attend/shared';
import { formatTimeRange } from '../../../lib/date-time';
import { ts } from '../i18n';
import { clashFor, clashReason } from '../lib/participant-offers';
import { placeInLine } from '../lib/waitlist-place';
import { ReadableBadge } from './readable-badge';

type Props = {
  session: TSession;
  all: readonly TSession[];
  /** Registration is disabled while attendance is pending. */
  canRegister: boolean;
  /** The id of the page's hint that says why, while registration is disabled. */
  pendingHintId?: string;
  busy: boolean;
  onRegister: (session: TSession) => void;
  onUnregister: (session: TSession) => void;
  onJoinWaitlist: (session: TSession) => void;
  onLeaveWaitlist: (session: TSession) => void;
  /** A sub-session shown inside its group. */
  compact?: boolean;
};

/** One session a participant can register for: times, place, capacity and the button. */
export function SessionOfferCard({
  session,
  all,
  canRegister,
  pendingHintId,
  busy,
  onRegister,
  onUnregister,
  onJoinWaitlist,
  onLeaveWaitlist,
  compact,
}: Props) {
  const registered = !!session.is_registered;
  const full = isFull(session.max_participants, session.registered_count);
  const slots = availableSlots(session.max_participants, session.registered_count);
  const open = canTakePlace(session.max_participants, session.registered_count, registered);
  const clash = canRegister ? clashFor(session, all) : null;
  const reasonId = useId();
  // What the page already knows would be refused: say so beside the button instead of letting the
  // participant try (the server still enforces both rules).
  const reasons = [
    ...(!open ? [{ key: 'full', testId: 'full-hint', text: ts('p.fullReason') }] : []),
    ...(clash ? [{ key: 'clash', testId: 'clash-hint', text: clashReason(session, clash) }] : []),
  ];
  const blocked = !canRegister || reasons.length > 0;
  const waiting = !registered && !!session.is_waitlisted;
  const place = waiting && session.waitlist_position ? placeInLine(session.waitlist_position) : null;
  // A full session without a clash offers its waiting list instead of Register.
  const canJoin = canRegister && !registered && !waiting && !open && !clash && !session.has_sub_sessions;
  const describedBy = [
    ...reasons.map((r) => `${reasonId}-${r.key}`),
    ...(!canRegister && pendingHintId ? [pendingHintId] : []),
  ].join(' ');

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
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text
              fw={700}
              component={compact ? 'p' : 'h4'}
              m={0}
              fz={compact ? 'md' : 'lg'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {session.name}
            </Text>
            <Text size="sm" c="dimmed">
              {formatTimeRange(session.start_time, session.end_time, session.time_zone)}
              {session.location ? ` · ${session.location}` : ''}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            {registered && (
              <ReadableBadge color="teal.9" variant="filled" data-testid="badge-registered">
                {ts('p.registered')}
              </ReadableBadge>
            )}
            {waiting && (
              <ReadableBadge color="grape.9" variant="filled" data-testid="badge-waiting">
                {ts('p.waiting')}
              </ReadableBadge>
            )}
            {full && (
              <ReadableBadge color="red.9" variant="filled" data-testid="badge-full">
                {ts('p.full')}
              </ReadableBadge>
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
            {ts('p.registeredCount', { count: session.registered_count })}
          </Text>
        </Group>
        {place && (
          <Stack gap={0}>
            <Text size="sm" fw={700} data-testid="waitlist-place">
              {place}
            </Text>
            <Text size="xs" c="dimmed">
              {ts('p.waitlistHint')}
            </Text>
          </Stack>
        )}
        <Group justify="flex-end" align="center" wrap="nowrap" gap="sm">
          {!registered && !waiting && reasons.length > 0 && (
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              {reasons.map((r) => (
                <Text key={r.key} id={`${reasonId}-${r.key}`} size="sm" c="red.9" data-testid={r.testId}>
                  {r.text}
                </Text>
              ))}
            </Stack>
          )}
          {waiting && (
            <Button
              variant="default"
              size="sm"
              loading={busy}
              aria-label={ts('p.leaveLabel', { name: session.name })}
              onClick={() => onLeaveWaitlist(session)}
            >
              {ts('p.leave')}
            </Button>
          )}
          {canJoin ? (
            <Button
              size="sm"
              loading={busy}
              aria-describedby={describedBy || undefined}
              aria-label={ts('p.joinLabel', { name: session.name })}
              onClick={() => onJoinWaitlist(session)}
            >
              {ts('p.join')}
            </Button>
          ) : waiting && !open ? null : registered ? (
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
            // aria-disabled rather than disabled: the button stays focusable, so a screen reader
            // reaches it and reads out why (its description).
            <Button
              size="sm"
              data-disabled={blocked || undefined}
              aria-disabled={blocked || undefined}
              aria-describedby={describedBy || undefined}
              loading={busy}
              aria-label={ts('p.registerLabel', { name: session.name })}
              onClick={(e) => {
                if (blocked) {
                  e.preventDefault();
                  return;
                }
                onRegister(session);
              }}
            >
              {ts('p.register')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
