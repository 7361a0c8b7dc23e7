import { useEffect, useId, useMemo, useState } from 'react';
import {
  Accordion,
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TSession } from '@attend/shared';
import { Link } from 'react-router';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { NoticePage } from '../../../components/notice-page';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { isParticipant, useSession } from '../../../lib/auth-session';
import { describeTimeZone, formatTimeRange } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSessions } from '../api/get-sessions';
import { useRegisterForSession } from '../api/register-for-session';
import { useUnregisterFromSession } from '../api/unregister-from-session';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useLeaveWaitlist } from '../api/leave-waitlist';
import { ReadableBadge } from '../components/readable-badge';
import { SessionOfferCard } from '../components/session-offer-card';
import { CalendarMenu } from '../components/calendar-menu';
import { ts } from '../i18n';
import {
  allKeys,
  groupByDayAndSlot,
  initialKeys,
  participantOffers,
  type Offer,
  type SessionFilter,
} from '../lib/participant-offers';
import { usePageTitle } from '../../../lib/use-page-title';

/** Which days and time slots are open, for the filter they were opened under. */
type OpenState = { filter: SessionFilter; days: string[]; slots: string[] };

/** /sessions: 'Available Sessions' of the participant's event, by day and start time. */
/** '1 session', '3 sessions'. */
function sessionsCount(n: number): string {
  return ts('p.sessionsCount', { count: n });
}

export function ParticipantSessionsPage() {
  usePageTitle(`${ts('p.title')} | ${t('app.name')}`);
  const { user } = useSession();
  const participant = isParticipant(user) ? user : null;
  const eventId = participant?.event.id ?? null;
  const sessions = useSessions(eventId);
  const register = useRegisterForSession(eventId ?? 0);
  const unregister = useUnregisterFromSession(eventId ?? 0);
  const joinWaitlist = useJoinWaitlist(eventId ?? 0);
  const leaveWaitlist = useLeaveWaitlist(eventId ?? 0);
  const [filter, setFilter] = useState<SessionFilter>('all');
  const confirmed = !!participant?.confirmed_attendance;
  const days = useMemo(
    () => groupByDayAndSlot(participantOffers(sessions.data ?? [], filter)),
    [sessions.data, filter],
  );
  // Until the participant opens or closes something, and again after a filter change, the first day
  // and its first time slot start open (document 1 §2).
  const [opened, setOpened] = useState<OpenState | null>(null);
  const open = opened?.filter === filter ? opened : { filter, ...initialKeys(days) };
  const everything = allKeys(days);
  const allOpen =
    everything.days.every((k) => open.days.includes(k)) &&
    everything.slots.every((k) => open.slots.includes(k));
  const toggleAll = () => setOpened(allOpen ? { filter, days: [], slots: [] } : { filter, ...everything });
  const pendingHintId = useId();

  useEffect(() => {
    if (sessions.isError) notify(ts('p.loadFailed'), 'error');
  }, [sessions.isError, sessions.errorUpdatedAt]);

  if (!participant) {
    return (
      <NoticePage title={ts('p.title')}>
        <Text>{ts('p.noEvent')}</Text>
        <Button component={Link} to={paths.login()} variant="default">
          {t('nav.login')}
        </Button>
      </NoticePage>
    );
  }

  const busyId = register.isPending
    ? register.variables.sessionId
    : unregister.isPending
      ? unregister.variables.sessionId
      : joinWaitlist.isPending
        ? joinWaitlist.variables.sessionId
        : leaveWaitlist.isPending
          ? leaveWaitlist.variables.sessionId
          : null;

  const onRegister = (session: TSession) => {
    if (!confirmed) {
      notify(ts('p.confirmFirst'), 'warning');
      return;
    }
    register.mutate(
      { sessionId: session.id, participantId: participant.id },
      {
        onSuccess: () => notify(ts('p.registeredOk'), 'success'),
        onError: (err) => notify(serverMessage(err, ts('p.failed')), 'error'),
      },
    );
  };
  const onUnregister = (session: TSession) =>
    unregister.mutate(
      { sessionId: session.id, participantId: participant.id },
      {
        onSuccess: () => notify(ts('p.unregisteredOk'), 'success'),
        onError: (err) => notify(serverMessage(err, ts('p.failed')), 'error'),
      },
    );

  const onJoinWaitlist = (session: TSession) =>
    joinWaitlist.mutate(
      { sessionId: session.id, participantId: participant.id },
      {
        onSuccess: () => notify(ts('p.joinedOk'), 'success'),
        onError: (err) => notify(serverMessage(err, ts('p.failed')), 'error'),
      },
    );
  const onLeaveWaitlist = (session: TSession) =>
    leaveWaitlist.mutate(
      { sessionId: session.id, participantId: participant.id },
      {
        onSuccess: () => notify(ts('p.leftOk'), 'success'),
        onError: (err) => notify(serverMessage(err, ts('p.failed')), 'error'),
      },
    );

  const all = sessions.data ?? [];
  // Every session of an event shares its zone; with no session yet there is no time to explain.
  const zone = all[0]?.time_zone;
  const card = (session: TSession, compact = false) => (
    <SessionOfferCard
      key={session.id}
      session={session}
      all={all}
      canRegister={confirmed}
      pendingHintId={confirmed ? undefined : pendingHintId}
      busy={busyId === session.id}
      onRegister={onRegister}
      onUnregister={onUnregister}
      onJoinWaitlist={onJoinWaitlist}
      onLeaveWaitlist={onLeaveWaitlist}
      compact={compact}
    />
  );
  const offer = (o: Offer) =>
    o.kind === 'single' ? (
      card(o.session)
    ) : (
      <Paper
        key={o.session.id}
        withBorder
        p="md"
        radius="md"
        bg="gray.0"
        data-testid={`session-group-${o.session.id}`}
      >
        <Stack gap="sm">
          <Stack gap={2}>
            <Text fw={700} component="h4" m={0} fz="lg">
              {o.session.name}
            </Text>
            <Text size="sm" c="dimmed">
              {formatTimeRange(o.session.start_time, o.session.end_time, o.session.time_zone)}
              {o.session.location ? ` · ${o.session.location}` : ''}
            </Text>
            {o.session.description && <Text size="sm">{o.session.description}</Text>}
          </Stack>
          <Text size="sm" fw={600}>
            {ts('p.chooseOne')}
          </Text>
          <Stack gap="xs">{o.options.map((s) => card(s, true))}</Stack>
        </Stack>
      </Paper>
    );

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{ts('p.title')}</Title>
          <Text c="dimmed">
            {ts('p.subtitle')}
            {zone && ` ${ts('p.timeZone', { zone: describeTimeZone(zone) })}`}
          </Text>
        </Stack>
        {!confirmed && (
          <Alert color="orange" variant="light" role="status">
            <Stack gap={4} align="flex-start">
              <Text c="dark.8" fw={700} id={pendingHintId}>
                {ts('p.pending')}
              </Text>
              <Anchor
                component={Link}
                to={paths.participant.event(participant.event.id)}
                c="blue.9"
                size="sm"
              >
                {ts('p.confirmLink')}
              </Anchor>
            </Stack>
          </Alert>
        )}
        <CalendarMenu />
        <Group justify="space-between" gap="sm">
          <SegmentedControl
            aria-label={ts('p.filter')}
            value={filter}
            onChange={(v) => setFilter(v === 'mine' ? 'mine' : 'all')}
            data={[
              { value: 'all', label: ts('p.filter.all') },
              { value: 'mine', label: ts('p.filter.mine') },
            ]}
            w="fit-content"
          />
          {days.length > 0 && (
            // The whole programme at once: every day and every time slot.
            <Button variant="default" size="sm" onClick={toggleAll}>
              {allOpen ? ts('p.collapseAll') : ts('p.expandAll')}
            </Button>
          )}
        </Group>
        {sessions.isPending ? (
          <SectionLoader />
        ) : sessions.isError && !sessions.data ? (
          <LoadFailed message={ts('p.loadFailed')} retryLabel={ts('p.tryAgain')} query={sessions} />
        ) : days.length === 0 ? (
          <Alert color="yellow" variant="light">
            <Text c="dark.7">{filter === 'mine' ? ts('p.noMine') : ts('p.noSessions')}</Text>
          </Alert>
        ) : (
          <Accordion
            multiple
            variant="separated"
            order={2}
            value={open.days}
            onChange={(value) => setOpened({ ...open, days: value })}
          >
            {days.map((day) => (
              <Accordion.Item key={day.key} value={day.key}>
                <Accordion.Control>
                  <Group gap="sm">
                    <Text fw={700}>{day.label}</Text>
                    <ReadableBadge variant="outline" color="blue.9" tt="none">
                      {sessionsCount(day.slots.reduce((n, s) => n + s.offers.length, 0))}
                    </ReadableBadge>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Accordion
                    multiple
                    order={3}
                    value={open.slots.filter((k) => day.slots.some((s) => s.key === k))}
                    onChange={(value) =>
                      setOpened({
                        ...open,
                        // Slot keys carry the date, so other days' open slots are kept apart.
                        slots: [...open.slots.filter((k) => !day.slots.some((s) => s.key === k)), ...value],
                      })
                    }
                  >
                    {day.slots.map((slot) => (
                      <Accordion.Item key={slot.key} value={slot.key}>
                        <Accordion.Control>
                          <Text fw={600}>{slot.label}</Text>
                        </Accordion.Control>
                        <Accordion.Panel>
                          <Stack gap="sm">{slot.offers.map(offer)}</Stack>
                        </Accordion.Panel>
                      </Accordion.Item>
                    ))}
                  </Accordion>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Container>
  );
}

export default ParticipantSessionsPage;
