import {
  Anchor,
  Button,
  CloseButton,
  Container,
  Group,
  Pagination,
  Paper,
  Pill,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { ACTIVITY_ACTIONS, type TActivityEntry } from '@attend/shared';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { NoticePage } from '../../../components/notice-page';
import { EmptyTableRow, TableHeader } from '../../../components/table-parts';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { formatDisplayDateTime } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useIdParam } from '../../../lib/use-id-param';
import { useExportActivity } from '../api/export-activity';
import { ACTIVITY_PAGE_SIZE, useActivity, type ActivityParams } from '../api/get-activity';
import { useEventSummary } from '../api/get-event-summary';
import { ta } from '../i18n';
import { actionLabel, describeDetails, isActivityAction } from '../lib/describe';
import { usePageTitle } from '../../../lib/use-page-title';

/** A positive whole number from the address bar, or undefined. */
function idFrom(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 && n <= 2 ** 31 - 1 ? n : undefined;
}

/** /dashboard/events/{eventId}/activity: who did what to the event, and when (admins). */
export function ActivityPage() {
  const eventId = useIdParam('eventId');
  if (eventId === null) {
    return (
      <NoticePage title={ta('page.eventNotFound')}>
        <Anchor component={Link} to={paths.staff.events()} c="blue.9">
          {t('nav.events')}
        </Anchor>
      </NoticePage>
    );
  }
  return <Activity key={eventId} eventId={eventId} />;
}

function Activity({ eventId }: { eventId: number }) {
  // The filters live in the address, so a participant's page can link to their own activity.
  const [search, setSearch] = useSearchParams();
  const action = search.get('action');
  const params: ActivityParams = {
    page: idFrom(search.get('page')) ?? 1,
    action: isActivityAction(action) ? action : undefined,
    actor: idFrom(search.get('actor')),
    participant: idFrom(search.get('participant')),
  };
  const setParam = (name: string, value: string | number | undefined) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === undefined || value === '') next.delete(name);
        else next.set(name, String(value));
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  const event = useEventSummary(eventId);
  const list = useActivity(eventId, params);
  const exportFile = useExportActivity(eventId);
  const title = event.data ? ta('page.title', { event: event.data.name }) : ta('page.documentTitle');
  usePageTitle(`${title} | ${t('app.name')}`);

  if (event.error instanceof ApiError && event.error.status === 404) {
    return (
      <NoticePage title={ta('page.eventNotFound')}>
        <Anchor component={Link} to={paths.staff.events()} c="blue.9">
          {t('nav.events')}
        </Anchor>
      </NoticePage>
    );
  }

  const timeZone = event.data?.time_zone;
  const rows = list.data?.results ?? [];
  const total = list.data?.count ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / ACTIVITY_PAGE_SIZE));
  const from = total === 0 ? 0 : (params.page - 1) * ACTIVITY_PAGE_SIZE + 1;
  const to = Math.min(params.page * ACTIVITY_PAGE_SIZE, total);
  const participantName =
    params.participant === undefined
      ? null
      : (rows.find((r) => r.target?.type === 'participant' && r.target.id === params.participant)?.target
          ?.name ?? null);

  const download = () => {
    notify(ta('page.exportStarted'), 'info');
    const { page: _page, ...filters } = params;
    exportFile.mutate(filters, { onError: () => notify(ta('page.exportFailed'), 'error') });
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.staff.event(eventId)} c="blue.9" size="sm" w="fit-content">
          ← {ta('page.back')}
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            {event.data ? <Title order={1}>{title}</Title> : <Skeleton h={36} w={360} maw="100%" />}
            <Text c="dimmed">{ta('page.subtitle')}</Text>
          </Stack>
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => void list.refetch()}
              loading={list.isFetching && !list.isPending}
            >
              {ta('page.refresh')}
            </Button>
            <Button onClick={download} loading={exportFile.isPending}>
              {ta('page.export')}
            </Button>
          </Group>
        </Group>

        <Group gap="md" wrap="wrap" align="flex-end">
          <Select
            label={ta('filter.action')}
            data={[
              { value: '', label: ta('filter.all') },
              ...ACTIVITY_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) })),
            ]}
            value={params.action ?? ''}
            onChange={(value) => setParam('action', isActivityAction(value) ? value : undefined)}
            allowDeselect={false}
            searchable
            w={280}
          />
          <Select
            label={ta('filter.actor')}
            data={[
              { value: '', label: ta('filter.all') },
              ...(list.data?.actors ?? []).map((a) => ({ value: String(a.id), label: a.name })),
            ]}
            value={params.actor === undefined ? '' : String(params.actor)}
            onChange={(value) => setParam('actor', idFrom(value))}
            allowDeselect={false}
            w={220}
          />
          {params.participant !== undefined && (
            <Pill size="lg" data-testid="participant-filter">
              <Group gap={4} wrap="nowrap" component="span">
                {participantName
                  ? ta('filter.participant', { name: participantName })
                  : ta('filter.participantUnknown', { id: params.participant })}
                <CloseButton
                  size="sm"
                  aria-label={ta('filter.clearParticipant')}
                  onClick={() => setParam('participant', undefined)}
                />
              </Group>
            </Pill>
          )}
        </Group>

        {list.isPending ? (
          <SectionLoader />
        ) : list.isError && !list.data ? (
          <LoadFailed message={ta('page.loadFailed')} retryLabel={ta('page.tryAgain')} query={list} />
        ) : (
          <Paper withBorder radius="md">
            <Table.ScrollContainer minWidth={900}>
              <Table striped verticalSpacing="sm" horizontalSpacing="md" data-testid="activity-table">
                <Table.Caption>{ta('page.caption')}</Table.Caption>
                <TableHeader
                  columns={[
                    ta('col.when'),
                    ta('col.action'),
                    ta('col.actor'),
                    ta('col.target'),
                    ta('col.details'),
                  ]}
                />
                <Table.Tbody>
                  {rows.length === 0 && <EmptyTableRow colSpan={5}>{ta('page.empty')}</EmptyTableRow>}
                  {rows.map((r) => (
                    <ActivityRow key={r.id} entry={r} eventId={eventId} timeZone={timeZone} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
        {total > 0 && (
          <Group justify="space-between" wrap="wrap">
            <Text size="sm" c="dimmed">
              {ta('page.range', { from, to, total })}
            </Text>
            {lastPage > 1 && (
              <Pagination
                total={lastPage}
                value={Math.min(params.page, lastPage)}
                onChange={(page) => setParam('page', page)}
                aria-label={ta('page.pagination')}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': ta('page.previous') }
                    : control === 'next'
                      ? { 'aria-label': ta('page.next') }
                      : {}
                }
              />
            )}
          </Group>
        )}
      </Stack>
    </Container>
  );
}

function ActivityRow({
  entry: r,
  eventId,
  timeZone,
}: {
  entry: TActivityEntry;
  eventId: number;
  timeZone: string | undefined;
}) {
  const details = describeDetails(r, eventId, timeZone);
  const target = r.target;
  return (
    <Table.Tr data-testid="activity-row" data-action={r.action}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDisplayDateTime(r.created_at, timeZone)}</Table.Td>
      <Table.Td>{actionLabel(r.action)}</Table.Td>
      <Table.Td>
        {r.actor ? r.actor.name || ta('actor.removed') : <Text c="dimmed">{ta('actor.system')}</Text>}
      </Table.Td>
      <Table.Td>
        {target?.type === 'participant' && target.id !== null && target.name ? (
          <Anchor component={Link} to={paths.staff.participant(eventId, target.id)} c="blue.9">
            {target.name}
          </Anchor>
        ) : (
          (target?.name ?? '')
        )}
      </Table.Td>
      <Table.Td maw={420}>
        <Text size="sm" style={{ wordBreak: 'break-word' }}>
          {details}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

export default ActivityPage;
