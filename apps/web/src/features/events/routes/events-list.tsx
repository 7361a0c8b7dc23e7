import { useEffect, useState, type MouseEvent } from 'react';
import {
  Anchor,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { TEvent } from '@attend/shared';
import { Link, useNavigate } from 'react-router';
import { ConfirmDelete } from '../../../components/confirm-dialog';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { EmptyTableRow, TableHeader } from '../../../components/table-parts';
import { paths } from '../../../config/paths';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDeleteEvent } from '../api/delete-event';
import { EVENTS_PAGE_SIZE, useEvents } from '../api/get-events';
import { CreateEventModal } from '../components/create-event-modal';
import { EventStatusBadge } from '../components/event-status-badge';
import { te } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

// A click inside the name link or the actions does its own thing; anywhere else the row opens the event.
const stop = (e: MouseEvent) => e.stopPropagation();

/**
 * /dashboard/events: every event with its dates, location and status; create, edit and delete.
 * The name is a link to the event and a click anywhere on the row opens it too.
 */
export function EventsListPage() {
  usePageTitle(`${te('list.title')} | ${t('app.name')}`);
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const events = useEvents(page);
  const remove = useDeleteEvent();
  const [creating, setCreating] = useState(false);
  const [toDelete, setToDelete] = useState<TEvent | null>(null);

  useEffect(() => {
    if (events.isError) notify(te('list.loadFailed'), 'error');
  }, [events.isError, events.errorUpdatedAt]);

  const rows = events.data?.results ?? [];
  const pages = Math.max(1, Math.ceil((events.data?.count ?? 0) / EVENTS_PAGE_SIZE));

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{te('list.title')}</Title>
            <Text c="dimmed">{te('list.subtitle')}</Text>
          </Stack>
          <Button onClick={() => setCreating(true)}>{te('list.create')}</Button>
        </Group>

        {events.isPending ? (
          <SectionLoader />
        ) : events.isError && !events.data ? (
          <LoadFailed message={te('list.loadFailed')} retryLabel={te('list.tryAgain')} query={events} />
        ) : (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
                <Table.Caption>{te('list.caption')}</Table.Caption>
                <TableHeader
                  columns={[
                    te('list.col.name'),
                    te('list.col.start'),
                    te('list.col.end'),
                    te('list.col.location'),
                    te('list.col.status'),
                    te('list.col.actions'),
                  ]}
                />
                <Table.Tbody>
                  {rows.length === 0 && <EmptyTableRow colSpan={6}>{te('list.empty')}</EmptyTableRow>}
                  {rows.map((event) => (
                    <Table.Tr
                      key={event.id}
                      data-testid={`event-row-${event.id}`}
                      style={{ cursor: 'pointer' }}
                      onClick={() => void navigate(paths.staff.event(event.id))}
                    >
                      <Table.Td maw={360}>
                        <Anchor component={Link} to={paths.staff.event(event.id)} fw={600} onClick={stop}>
                          {event.name}
                        </Anchor>
                        {event.description && (
                          <Text size="sm" c="dimmed" lineClamp={2}>
                            {event.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDisplayDateTime(event.start_date, event.time_zone)}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {formatDisplayDateTime(event.end_date, event.time_zone)}
                      </Table.Td>
                      <Table.Td>{event.location}</Table.Td>
                      <Table.Td>
                        <EventStatusBadge start={event.start_date} end={event.end_date} />
                      </Table.Td>
                      <Table.Td onClick={stop} style={{ cursor: 'default' }}>
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            aria-label={te('list.editLabel', { name: event.name })}
                            onClick={() => void navigate(paths.staff.event(event.id))}
                          >
                            {te('list.edit')}
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            color="red.9"
                            aria-label={te('list.deleteLabel', { name: event.name })}
                            onClick={() => setToDelete(event)}
                          >
                            {te('list.delete')}
                          </Button>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
        {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
      </Stack>

      <CreateEventModal opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDelete
        target={toDelete}
        remove={remove}
        text={(key) => te(`delete.${key}`)}
        onClose={() => setToDelete(null)}
      />
    </Container>
  );
}

export default EventsListPage;
