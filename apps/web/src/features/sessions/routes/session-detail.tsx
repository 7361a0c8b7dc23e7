import { useEffect } from 'react';
import { Anchor, Container, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { TSession } from '@attend/shared';
import { Link, useParams } from 'react-router';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatTimeRange } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useEventSession } from '../api/get-session';
import { useSessionParticipants, useSessionsParticipants } from '../api/get-session-participants';
import { useSubSessions } from '../api/get-sessions';
import { RegistrantsHeading, SessionRegistrants } from '../components/session-registrants';
import { SessionEditForm } from '../components/session-edit-form';
import { SessionStatusBadge } from '../components/session-status-badge';
import { SessionWaitlist } from '../components/session-waitlist';
import { ts } from '../i18n';
import { reasonOf } from '../lib/session-errors';
import { usePageTitle } from '../../../lib/use-page-title';

function BackLink({ eventId }: { eventId: number }) {
  return (
    <Anchor component={Link} to={paths.staff.sessions(eventId)} c="blue.9" w="fit-content">
      ← {ts('detail.back')}
    </Anchor>
  );
}

/** /dashboard/events/:eventId/sessions/:sessionId: edit the session and manage its registrants. */
export function SessionDetailPage() {
  const params = useParams();
  const eventId = Number(params.eventId);
  const sessionId = Number(params.sessionId);
  const session = useEventSession(eventId, sessionId);
  const notFound = session.error instanceof ApiError && session.error.status === 404;
  usePageTitle(`${session.data?.name ?? ts('list.title')} | ${t('app.name')}`);

  useEffect(() => {
    if (session.isError && !notFound) {
      notify(ts('detail.loadFailed', { reason: reasonOf(session.error) }), 'error');
    }
  }, [session.isError, session.error, notFound]);

  if (!session.data) {
    return (
      <Container size="xl" py="xl">
        <Stack>
          <BackLink eventId={eventId} />
          {notFound ? (
            <Title order={1}>{ts('detail.notFound')}</Title>
          ) : session.isError ? (
            <LoadFailed
              message={ts('detail.loadFailed', { reason: reasonOf(session.error) })}
              retryLabel={ts('list.tryAgain')}
              query={session}
            />
          ) : (
            <SectionLoader />
          )}
        </Stack>
      </Container>
    );
  }

  const s = session.data;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <BackLink eventId={eventId} />
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1}>{s.name}</Title>
            <SessionStatusBadge start={s.start_time} end={s.end_time} />
          </Group>
          {s.parent_session_name && (
            <Text c="dimmed">{ts('detail.subOf', { name: s.parent_session_name })}</Text>
          )}
          <Text c="dimmed" size="sm">
            {formatTimeRange(s.start_time, s.end_time, s.time_zone)}
          </Text>
        </Stack>
        <SessionEditForm eventId={eventId} session={s} />
        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} fz="h3">
                {ts('detail.registrants')}
              </Title>
              <Anchor component={Link} to={paths.staff.participants(eventId)} c="blue.9">
                {ts('detail.viewAll')}
              </Anchor>
            </Group>
            {s.has_sub_sessions ? (
              <SubSessionOverview eventId={eventId} parent={s} />
            ) : (
              <OwnRegistrants eventId={eventId} session={s} />
            )}
          </Stack>
        </Paper>
        {!s.has_sub_sessions && (
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              <Title order={2} fz="h3">
                {ts('detail.waitlist')}
              </Title>
              <SessionWaitlist eventId={eventId} session={s} />
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}

function OwnRegistrants({ eventId, session }: { eventId: number; session: TSession }) {
  const registrants = useSessionParticipants(eventId, session.id);
  return (
    <SessionRegistrants
      eventId={eventId}
      sessionId={session.id}
      caption={ts('detail.registrantsOf', { name: session.name })}
      registrants={registrants.data}
      loading={registrants.isPending}
      error={registrants.error}
    />
  );
}

/** Participants register for sub-sessions, not for the main session: one list per sub-session. */
function SubSessionOverview({ eventId, parent }: { eventId: number; parent: TSession }) {
  const subs = useSubSessions(eventId, parent.id, true);
  const list = subs.data ?? [];
  const registrants = useSessionsParticipants(
    eventId,
    list.map((s) => s.id),
  );
  if (subs.isPending) return <Loader size="sm" aria-label={t('app.loading')} />;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {ts('detail.subNote')}
      </Text>
      <Title order={3} fz="h4">
        {ts('detail.subOverview')}
      </Title>
      {list.map((sub, i) => {
        const q = registrants[i];
        return (
          <Paper key={sub.id} withBorder p="md" radius="md" data-testid={`sub-registrants-${sub.id}`}>
            <Stack gap="sm">
              <Group justify="space-between" align="flex-start">
                <RegistrantsHeading title={sub.name} count={q?.data?.length} />
                <Text size="sm" c="dimmed">
                  {formatTimeRange(sub.start_time, sub.end_time, sub.time_zone)}
                </Text>
              </Group>
              <SessionRegistrants
                eventId={eventId}
                sessionId={sub.id}
                caption={ts('detail.registrantsOf', { name: sub.name })}
                registrants={q?.data}
                loading={q?.isPending ?? true}
                error={q?.error ?? null}
              />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

export default SessionDetailPage;
