import { useEffect, useState } from 'react';
import {
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { ZDay, type TCheckInEvent, type TDsaReport } from '@attend/shared';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { NoticePage } from '../../../components/notice-page';
import { EmptyTableRow, TableHeader } from '../../../components/table-parts';
import { paths } from '../../../config/paths';
import { serverMessage } from '../../../lib/api-errors';
import { describeTimeZone, localDayKey, viewerTimeZone } from '../../../lib/date-time';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useIdParam } from '../../../lib/use-id-param';
import { useCheckInEvents } from '../api/get-check-in-events';
import { useDsaReport } from '../api/get-dsa-report';
import { useExportDsaReport } from '../api/export-dsa-report';
import { tc } from '../i18n';
import { usePageTitle } from '../../../lib/use-page-title';

type Filter = 'all' | 'eligible' | 'not';
type Row = TDsaReport['rows'][number];

/** The rows the filters keep: eligibility, then a case-insensitive name match. */
export function filterDsaRows(rows: Row[], filter: Filter, search: string): Row[] {
  const needle = search.trim().toLocaleLowerCase();
  return rows.filter(
    (r) =>
      (filter === 'all' || r.eligible === (filter === 'eligible')) &&
      (!needle || r.full_name.toLocaleLowerCase().includes(needle)),
  );
}

/**
 * The day the report opens on, a calendar day of the event's time zone: today while the event runs,
 * its first day before it starts and its last day after it ended (never a day outside the event).
 */
export function openingReportDay(
  event: Pick<TCheckInEvent, 'start_date' | 'end_date' | 'time_zone'>,
  now = new Date(),
): string {
  const first = localDayKey(new Date(event.start_date), event.time_zone);
  const last = localDayKey(new Date(event.end_date), event.time_zone);
  const today = localDayKey(now, event.time_zone);
  // Day keys (YYYY-MM-DD) sort as the days do.
  return today < first ? first : today > last ? last : today;
}

/** /dashboard/events/{eventId}/dsa-report: who attended enough sessions on a day for the DSA. */
export function DsaReportPage() {
  const eventId = useIdParam('eventId');
  if (eventId === null) {
    return (
      <NoticePage title={tc('station.eventNotFound')}>
        <Button component={Link} to={paths.staff.events()} variant="default">
          {t('nav.events')}
        </Button>
      </NoticePage>
    );
  }
  return <DsaReport key={eventId} eventId={eventId} />;
}

function DsaReport({ eventId }: { eventId: number }) {
  const events = useCheckInEvents();
  const event = events.data?.find((e) => e.id === eventId);
  // Days are the event's calendar days: until one is chosen, the event's day (see openingReportDay).
  const zone = event?.time_zone ?? viewerTimeZone();
  const [chosenDay, setDay] = useState<string | null>(null);
  const day = chosenDay ?? (event ? openingReportDay(event) : localDayKey(new Date(), zone));
  const [filter, setFilter] = useState<Filter>('all');
  const [search, setSearch] = useState('');
  const validDay = ZDay.safeParse(day).success;
  // Waits for the event list, so the first report asked for is of the event's today.
  const report = useDsaReport(eventId, day, validDay && !events.isPending);
  const exportReport = useExportDsaReport(eventId);
  usePageTitle(
    `${event ? tc('dsa.title', { event: event.name }) : tc('dsa.documentTitle')} | ${t('app.name')}`,
  );

  useEffect(() => {
    if (report.isError) notify(tc('dsa.loadFailed'), 'error');
  }, [report.isError, report.errorUpdatedAt]);

  const rows = report.data ? filterDsaRows(report.data.rows, filter, search) : [];
  const columns = [
    tc('dsa.col.name'),
    tc('dsa.col.organization'),
    tc('dsa.col.registered'),
    tc('dsa.col.attended'),
    tc('dsa.col.eligible'),
  ];

  const onExport = () => {
    notify(tc('dsa.exporting'), 'info');
    exportReport.mutate(day, {
      onSuccess: () => notify(tc('dsa.exportDone'), 'success'),
      onError: (err) => notify(serverMessage(err, tc('dsa.exportFailed')), 'error'),
    });
  };

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.staff.event(eventId)} c="blue.9" w="fit-content">
          ← {tc('dsa.back')}
        </Anchor>
        <Stack gap={4}>
          <Title order={1}>{event ? tc('dsa.title', { event: event.name }) : tc('dsa.documentTitle')}</Title>
          {report.data && <Text c="dimmed">{tc('dsa.subtitle', { n: report.data.sessions_required })}</Text>}
        </Stack>
        <Paper withBorder p="lg" radius="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <TextInput
              type="date"
              label={tc('dsa.day', { zone: describeTimeZone(zone) })}
              value={day}
              onChange={(e) => setDay(e.currentTarget.value)}
              error={validDay ? null : ZDay.safeParse(day).error?.issues[0]?.message}
              w={200}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="dsa-filter-label">
                {tc('dsa.filter')}
              </Text>
              <SegmentedControl
                aria-labelledby="dsa-filter-label"
                value={filter}
                onChange={(v) => setFilter(v === 'eligible' || v === 'not' ? v : 'all')}
                data={[
                  { value: 'all', label: tc('dsa.filter.all') },
                  { value: 'eligible', label: tc('dsa.filter.eligible') },
                  { value: 'not', label: tc('dsa.filter.notEligible') },
                ]}
              />
            </Stack>
            <TextInput
              label={tc('dsa.search')}
              placeholder={tc('dsa.searchPlaceholder')}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: '100%', sm: 260 }}
            />
            <Button onClick={onExport} loading={exportReport.isPending} disabled={!validDay} ml="auto">
              {tc('dsa.export')}
            </Button>
          </Group>
        </Paper>
        {report.isError && !report.data ? (
          <LoadFailed message={tc('dsa.loadFailed')} retryLabel={tc('dsa.tryAgain')} query={report} />
        ) : !report.data ? (
          validDay ? (
            <SectionLoader />
          ) : null
        ) : (
          <Paper withBorder p="lg" radius="md">
            <Stack gap="sm">
              <Text fw={600} data-testid="dsa-summary">
                {tc('dsa.summary', { count: report.data.eligible_count, total: report.data.rows.length })}
              </Text>
              <Table.ScrollContainer minWidth={640}>
                <Table striped verticalSpacing="sm" aria-label={tc('dsa.caption')} data-testid="dsa-table">
                  <TableHeader columns={columns} />
                  <Table.Tbody>
                    {rows.length === 0 ? (
                      <EmptyTableRow colSpan={columns.length}>{tc('dsa.empty')}</EmptyTableRow>
                    ) : (
                      rows.map((r) => (
                        <Table.Tr key={r.participant_id}>
                          <Table.Td>{r.full_name}</Table.Td>
                          <Table.Td>{r.organization}</Table.Td>
                          <Table.Td>{r.registered}</Table.Td>
                          <Table.Td>{r.attended}</Table.Td>
                          <Table.Td>
                            <Badge color={r.eligible ? 'teal.9' : 'gray.7'} variant="filled">
                              {r.eligible ? tc('dsa.yes') : tc('dsa.no')}
                            </Badge>
                          </Table.Td>
                        </Table.Tr>
                      ))
                    )}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Stack>
          </Paper>
        )}
      </Stack>
    </Container>
  );
}

export default DsaReportPage;
