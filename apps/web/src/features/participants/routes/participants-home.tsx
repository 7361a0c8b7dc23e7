import { useState } from 'react';
import { Container, Pagination, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { formatDateRange } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { EVENT_CHOICES_PAGE_SIZE, useEventChoices } from '../api/get-event-choices';
import { tp } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

/** /dashboard/participants (dashboard quick action): choose the event, then manage its participants. */
export function ParticipantsHomePage() {
  usePageTitle(`${tp('home.title')} | ${t('app.name')}`);
  const [page, setPage] = useState(1);
  const events = useEventChoices(page);
  const list = events.data?.results ?? [];
  const pages = Math.max(1, Math.ceil((events.data?.count ?? 0) / EVENT_CHOICES_PAGE_SIZE));

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{tp('home.title')}</Title>
          <Text c="dimmed">{tp('home.subtitle')}</Text>
        </Stack>
        {events.isPending ? (
          <SectionLoader variant="cards" />
        ) : events.isError && !events.data ? (
          <LoadFailed message={tp('home.loadFailed')} retryLabel={tp('home.tryAgain')} query={events} />
        ) : list.length === 0 ? (
          <Paper withBorder p="lg" radius="md">
            <Text c="dimmed">{tp('home.noEvents')}</Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {list.map((event) => (
              <UnstyledButton
                key={event.id}
                component={Link}
                to={paths.staff.participants(event.id)}
                data-testid="participants-event"
              >
                <Paper withBorder p="lg" radius="md" h="100%">
                  <Stack gap={4}>
                    <Text fw={700} fz="lg">
                      {event.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {formatDateRange(event.start_date, event.end_date, event.time_zone)}
                      {event.location ? ` · ${event.location}` : ''}
                    </Text>
                    <Text size="sm">{tp('home.participants', { count: event.participants_count })}</Text>
                  </Stack>
                </Paper>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
        {pages > 1 && (
          <Pagination value={page} onChange={setPage} total={pages} aria-label={tp('home.pagination')} />
        )}
      </Stack>
    </Container>
  );
}

export default ParticipantsHomePage;
