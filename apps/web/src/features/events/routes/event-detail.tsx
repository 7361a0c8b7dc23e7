import { useEffect, useState, type ReactNode } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { activeBadge, type TCheckInLiveEvent, type TEventDetail } from '@attend/shared';
import { Link, useParams } from 'react-router';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { NoticePage } from '../../../components/notice-page';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { describeTimeZone, formatDisplayDateTime } from '../../../lib/date-time';
import { eventNotesText } from '../../../lib/event-notes';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { EventCheckInLive } from '../../check-in';
import { eventQueryOptions, useEvent } from '../api/get-event';
import { EventCode } from '../components/event-code';
import { EventEditForm } from '../components/event-edit-form';
import { EventStats } from '../components/event-stats';
import { QuickActions } from '../components/quick-actions';
import { te } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

function BackLink() {
  return (
    <Anchor component={Link} to={paths.staff.events()} c="blue.9" w="fit-content">
      ← {te('detail.back')}
    </Anchor>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text component="div">{children}</Text>
    </Stack>
  );
}

/** /dashboard/events/:eventId: the event, its code, stats and the ways into its areas. */
export function EventDetailPage() {
  const eventId = Number(useParams().eventId);
  const event = useEvent(eventId);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const notFound =
    !Number.isInteger(eventId) || (event.error instanceof ApiError && event.error.status === 404);
  usePageTitle(`${event.data?.name ?? te('detail.notFound')} | ${t('app.name')}`);

  useEffect(() => {
    if (event.isError && !notFound) notify(te('detail.loadFailed'), 'error');
  }, [event.isError, event.errorUpdatedAt, notFound]);

  // A door check-in made anywhere moves the Check-Ins card at once (the stream, not the 30 s refresh).
  const onLiveCheckIn = ({ action, check_in }: TCheckInLiveEvent) => {
    if (check_in.session !== null) return;
    queryClient.setQueryData(eventQueryOptions(eventId).queryKey, (old) =>
      old
        ? { ...old, check_ins_count: Math.max(0, old.check_ins_count + (action === 'created' ? 1 : -1)) }
        : old,
    );
  };

  if (notFound) {
    return (
      <NoticePage title={te('detail.notFound')}>
        <Button component={Link} to={paths.staff.events()} variant="default">
          {te('detail.back')}
        </Button>
      </NoticePage>
    );
  }

  if (!event.data) {
    return (
      <Container size="xl" py="xl">
        <Stack>
          <BackLink />
          {event.isError ? (
            <LoadFailed
              message={
                event.error.message === te('detail.invalid') ? te('detail.invalid') : te('detail.loadFailed')
              }
              retryLabel={te('list.tryAgain')}
              query={event}
            />
          ) : (
            <SectionLoader />
          )}
        </Stack>
      </Container>
    );
  }

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <BackLink />
        {editing ? (
          <EventEditForm event={event.data} onDone={() => setEditing(false)} />
        ) : (
          <EventSummary event={event.data} onEdit={() => setEditing(true)} />
        )}
        <EventStats event={event.data} />
        <Group gap="sm">
          <Button component={Link} to={paths.staff.participants(eventId)} variant="default">
            {te('detail.nav.participants')}
          </Button>
          <Button component={Link} to={paths.staff.sessions(eventId)} variant="default">
            {te('detail.nav.sessions')}
          </Button>
          <Button component={Link} to={paths.staff.checkIn(eventId)} variant="default">
            {te('detail.nav.checkIn')}
          </Button>
          <Button component={Link} to={paths.staff.dsaReport(eventId)} variant="default">
            {te('detail.nav.dsaReport')}
          </Button>
          <Button component={Link} to={paths.staff.eventMessages(eventId)} variant="default">
            {te('detail.nav.messages')}
          </Button>
        </Group>
        <EventCheckInLive eventId={eventId} onEvent={onLiveCheckIn} timeZone={event.data.time_zone} />
        <QuickActions event={event.data} />
      </Stack>
    </Container>
  );
}

function EventSummary({ event, onEdit }: { event: TEventDetail; onEdit: () => void }) {
  const badge = activeBadge(event.is_active);
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Group gap="sm" align="center">
            <Title order={1}>{event.name}</Title>
            <Badge color={badge === 'Active' ? 'teal.9' : 'gray.7'} variant="filled" size="lg">
              {te(`badge.${badge}`)}
            </Badge>
            <Text size="sm" c="dimmed" data-testid="event-active-hint">
              {te(`badge.${badge}Hint`)}
            </Text>
          </Group>
          <Button onClick={onEdit}>{te('detail.edit')}</Button>
        </Group>
        <EventCode code={event.event_code} />
        <Field label={te('detail.description')}>
          {event.description ? (
            <Text style={{ whiteSpace: 'pre-line' }}>{event.description}</Text>
          ) : (
            <Text c="dimmed">{te('detail.noDescription')}</Text>
          )}
        </Field>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Field label={te('detail.location')}>{event.location}</Field>
          <Field label={te('detail.startDate')}>
            {formatDisplayDateTime(event.start_date, event.time_zone)}
          </Field>
          <Field label={te('detail.endDate')}>{formatDisplayDateTime(event.end_date, event.time_zone)}</Field>
          <Field label={te('detail.timeZone')}>{describeTimeZone(event.time_zone, event.start_date)}</Field>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Field label={te('form.eventNotes')}>
            <Text style={{ whiteSpace: 'pre-line' }} lineClamp={4}>
              {eventNotesText(event.event_notes)}
            </Text>
          </Field>
          <Field label={te('form.groupChatUrl')}>
            {event.group_chat_url ? (
              <Anchor href={event.group_chat_url} target="_blank" rel="noopener noreferrer" c="blue.9">
                {event.group_chat_url}
              </Anchor>
            ) : (
              <Text c="dimmed">{te('detail.notSet')}</Text>
            )}
          </Field>
          <Field label={te('form.supportContact')}>
            {event.support_contact || <Text c="dimmed">{te('detail.notSet')}</Text>}
          </Field>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

export default EventDetailPage;
