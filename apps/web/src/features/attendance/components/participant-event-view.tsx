import { Alert, Anchor, Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { TEventDetail, TParticipantSelf } from '@attend/shared';
import { NoticePage } from '../../../components/notice-page';
import { PageLoader } from '../../../components/page-loader';
import { Term } from '../../../components/term';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { isParticipant, useSession } from '../../../lib/auth-session';
import { eventNotesText } from '../../../lib/event-notes';
import { t } from '../../../lib/i18n';
import { MyCertificateButton } from '../../certificates';
import { useAttendeeEventWithCopy } from '../hooks/use-attendee-event-with-copy';
import { ta } from '../i18n';
import { eventDates } from '../lib/event-dates';
import { AttendanceStatusBadge } from './attendance-status-badge';
import { ConfirmAttendancePanel } from './confirm-attendance-panel';
import { DsaProgress } from './dsa-progress';
import { OfflineNotice } from './offline-notice';
import { ParticipantQrCode } from './participant-qr-code';
import { usePageTitle } from '../../../lib/use-page-title';

function EventNotFound() {
  return (
    <NoticePage title={ta('event.notFound')}>
      <Anchor component={Link} to={paths.participant.dashboard()} c="blue.9">
        {ta('event.returnToDashboard')}
      </Anchor>
    </NoticePage>
  );
}

function Banner({ event, confirmed }: { event: TEventDetail; confirmed: boolean | null }) {
  const { dates, times } = eventDates(event.start_date, event.end_date, event.time_zone);
  return (
    <Paper
      radius="lg"
      p="xl"
      c="white"
      component="section"
      aria-labelledby="event-title"
      style={{
        background: 'linear-gradient(135deg, var(--mantine-color-blue-9), var(--mantine-color-indigo-9))',
      }}
    >
      <Stack gap="sm">
        <Title order={2} id="event-title" fz={{ base: 'h3', sm: 'h2' }} data-testid="event-name">
          {event.name}
        </Title>
        <Group component="dl" m={0} gap="xl" wrap="wrap" align="flex-start">
          <Term label={ta('event.dates')} testId="event-dates">
            {dates}
          </Term>
          <Term label={ta('event.times')}>{times}</Term>
          <Term label={ta('event.location')} testId="event-location">
            {event.location}
          </Term>
        </Group>
        {confirmed !== null && (
          <Box>
            <AttendanceStatusBadge confirmed={confirmed} />
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

function EventPass({
  participant,
  eventId,
  timeZone,
  offline,
}: {
  participant: TParticipantSelf;
  eventId: number;
  timeZone: string;
  offline: boolean;
}) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="event-pass-title">
      <Stack gap="md" align="center">
        <Title order={2} fz="h3" id="event-pass-title" style={{ alignSelf: 'flex-start' }}>
          {ta('qr.title')}
        </Title>
        <ParticipantQrCode key={participant.id} participant={participant} offline={offline} />
        <DsaProgress participantId={participant.id} timeZone={timeZone} />
        <Group justify="center" gap="sm">
          <Button component={Link} to={paths.participant.eventTag(eventId)}>
            {ta('event.viewTag')}
          </Button>
          <Button component={Link} to={paths.participant.sessions()} variant="default">
            {ta('event.viewSessions')}
          </Button>
          {!offline && <MyCertificateButton participantId={participant.id} eventId={eventId} />}
        </Group>
      </Stack>
    </Paper>
  );
}

/** /event/{eventId} (document 1 §2 Event page). */
export function ParticipantEventView({ eventId }: { eventId: number | null }) {
  const { user } = useSession();
  const participant = isParticipant(user) ? user : null;
  const { query, event, offline, savedAt } = useAttendeeEventWithCopy(participant, eventId);
  usePageTitle(`${event?.name ?? ta('event.notFound')} | ${t('app.name')}`);

  if (eventId === null) return <EventNotFound />;
  if (!event) {
    if (query.isPending && !offline) return <PageLoader />;
    if (query.error instanceof ApiError && query.error.status === 404) return <EventNotFound />;
    return (
      <Container size="sm" py="xl">
        <Stack gap="lg">
          {offline && <OfflineNotice savedAt={null} />}
          <Alert color="red" variant="default" role="alert" title={ta('event.loadFailed')}>
            <Button mt="sm" variant="white" onClick={() => void query.refetch()}>
              {ta('event.tryAgain')}
            </Button>
          </Alert>
        </Stack>
      </Container>
    );
  }

  const own = participant && participant.event.id === event.id ? participant : null;
  const confirmed = own ? own.confirmed_attendance : null;

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        {offline && <OfflineNotice savedAt={savedAt} />}
        {own && <Title order={1}>{ta('event.welcome', { name: own.full_name })}</Title>}
        <Banner event={event} confirmed={confirmed} />
        {own && !own.confirmed_attendance && <ConfirmAttendancePanel />}
        {own?.confirmed_attendance && (
          <EventPass participant={own} eventId={event.id} timeZone={event.time_zone} offline={offline} />
        )}
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="about-title">
          <Stack gap="xs">
            <Title order={2} fz="h3" id="about-title">
              {ta('event.about')}
            </Title>
            <Text style={{ whiteSpace: 'pre-line' }}>{event.description || ta('event.noDescription')}</Text>
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="notes-title">
          <Stack gap="xs">
            <Title order={2} fz="h3" id="notes-title">
              {ta('event.notes')}
            </Title>
            <Text style={{ whiteSpace: 'pre-line' }} data-testid="event-notes">
              {eventNotesText(event.event_notes)}
            </Text>
            {own?.confirmed_attendance && event.group_chat_url && (
              <Anchor href={event.group_chat_url} target="_blank" rel="noopener noreferrer" c="blue.9">
                {ta('event.groupChat')}
              </Anchor>
            )}
            <Text size="sm" c="dimmed" data-testid="support-contact">
              {event.support_contact || ta('event.supportDefault')}
            </Text>
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
