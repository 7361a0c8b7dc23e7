import { Badge, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { displayStatus } from '@attend/shared';
import { Link } from 'react-router';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { isParticipant, useSession } from '../../../lib/auth-session';
import { formatDateRange } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { useMyEvents } from '../api/get-my-events';
import { tpd } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** /dashboard/participant: a greeting and the participant's upcoming events. */
export function ParticipantDashboardPage() {
  usePageTitle(`${tpd('title')} | ${t('app.name')}`);
  const { user } = useSession();
  const participant = isParticipant(user) ? user : null;
  const events = useMyEvents(participant !== null);
  const name = user?.full_name || (user && 'username' in user ? user.username : '');
  // Events that have not ended yet (an event under way still counts as upcoming for its attendee).
  const upcoming = (events.data?.results ?? []).filter(
    (e) => displayStatus({ start: e.start_date, end: e.end_date }) !== 'Completed',
  );
  const confirmed = !!participant?.confirmed_attendance;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{tpd('welcome', { name })}</Title>
        <Title order={2} fz="h3">
          {tpd('upcoming')}
        </Title>
        {participant && events.isPending ? (
          <SectionLoader variant="cards" />
        ) : events.isError ? (
          <LoadFailed message={tpd('loadFailed')} retryLabel={tpd('tryAgain')} query={events} />
        ) : upcoming.length === 0 ? (
          <Card withBorder radius="md" p="xl">
            <Stack gap={4} align="center" ta="center">
              <Text fw={700} fz="lg">
                {tpd('emptyTitle')}
              </Text>
              <Text c="dimmed">{tpd('emptyText')}</Text>
            </Stack>
          </Card>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {upcoming.map((event) => (
              <Card
                key={event.id}
                withBorder
                radius="md"
                p="lg"
                component={Link}
                to={paths.participant.event(event.id)}
                data-testid={`event-card-${event.id}`}
              >
                <Stack gap={6}>
                  <Group justify="space-between" align="flex-start" wrap="nowrap">
                    <Text fw={700} fz="lg">
                      {event.title}
                    </Text>
                    <Badge color={confirmed ? 'teal.9' : 'orange.9'} variant="filled">
                      {confirmed ? tpd('confirmed') : tpd('pending')}
                    </Badge>
                  </Group>
                  <Text size="sm">{formatDateRange(event.start_date, event.end_date, event.time_zone)}</Text>
                  <Text size="sm" c="dimmed">
                    {event.location}
                  </Text>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}

export default ParticipantDashboardPage;
