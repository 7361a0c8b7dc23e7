import { Button, Container, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { TCheckInEvent } from '@attend/shared';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { formatDateRange } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { useCheckInEvents } from '../api/get-check-in-events';
import { CheckInStation } from '../components/check-in-station';
import { tc } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

function EventChoice({ event, onChoose }: { event: TCheckInEvent; onChoose: () => void }) {
  return (
    <UnstyledButton onClick={onChoose} data-testid="check-in-event">
      <Paper withBorder p="lg" radius="md" h="100%">
        <Stack gap={4}>
          <Text fw={700} fz="lg">
            {event.name}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDateRange(event.start_date, event.end_date, event.time_zone)}
            {event.location ? ` · ${event.location}` : ''}
          </Text>
          <Text size="sm">{tc('home.participants', { count: event.participants_count })}</Text>
        </Stack>
      </Paper>
    </UnstyledButton>
  );
}

/** /dashboard/check-in (dashboard quick action): choose the event, then run its station. */
export function CheckInHomePage() {
  const [params, setParams] = useSearchParams();
  const events = useCheckInEvents();
  const list = events.data ?? [];
  const eventParam = params.get('event');
  const chosen = eventParam
    ? list.find((e) => String(e.id) === eventParam)
    : list.length === 1
      ? list[0]
      : undefined;
  usePageTitle(
    `${chosen ? tc('station.title', { event: chosen.name }) : tc('home.title')} | ${t('app.name')}`,
  );

  const choose = (id: number | null) =>
    setParams(id === null ? new URLSearchParams() : new URLSearchParams({ event: String(id) }));

  if (chosen) {
    return (
      <CheckInStation
        key={chosen.id}
        eventId={chosen.id}
        event={chosen}
        nav={
          list.length > 1 ? (
            <Button variant="default" w="fit-content" onClick={() => choose(null)}>
              {tc('station.changeEvent')}
            </Button>
          ) : null
        }
      />
    );
  }

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{tc('home.title')}</Title>
          <Text c="dimmed">{tc('home.subtitle')}</Text>
        </Stack>
        {events.isPending ? (
          <SectionLoader variant="cards" />
        ) : events.isError ? (
          <LoadFailed message={tc('home.loadFailed')} retryLabel={tc('home.tryAgain')} query={events} />
        ) : list.length === 0 ? (
          <Paper withBorder p="lg" radius="md">
            <Text c="dimmed">{tc('home.noEvents')}</Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {list.map((event) => (
              <EventChoice key={event.id} event={event} onChoose={() => choose(event.id)} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}

export default CheckInHomePage;
