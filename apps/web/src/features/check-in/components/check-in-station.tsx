import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Container, Group, Pagination, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { CHECK_IN_PAGE_SIZE, type TCheckIn, type TCheckInEvent } from '@attend/shared';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isStaff, useSession } from '../../../lib/auth-session';
import { notify } from '../../../lib/notify';
import { useAttendance } from '../api/get-attendance';
import { useCheckInStats } from '../api/get-check-in-stats';
import { useDeleteCheckIn } from '../api/delete-check-in';
import { useLiveCheckIns } from '../api/subscribe-check-ins';
import { useCheckInStation } from '../hooks/use-check-in-station';
import { useOfflineStation } from '../hooks/use-offline-station';
import { useAutoPrintBadge } from '../hooks/use-auto-print-badge';
import { tc } from '../i18n';
import { checkInSessionName } from '../lib/session-label';
import { AttendanceTable } from './attendance-table';
import { CameraScanner } from './camera-scanner';
import { CheckInCounts, LiveBadge, type Count } from './check-in-counts';
import { KioskStart } from './kiosk-start';
import { CheckInChart } from './check-in-chart';
import { OfflineStatus } from './offline-status';
import { PrintBadgeButton } from './print-badge-button';
import { ScanForm } from './scan-form';
import { ScanResultPanel } from './scan-result-panel';
import { MAIN_EVENT, SessionSelect, useSessionOptions, type SessionOption } from './session-select';
import { WalkInButton } from './walk-in-button';
import classes from './check-in-station.module.css';

const SEARCH_DEBOUNCE_MS = 300;

type Props = {
  eventId: number;
  /** The event as GET /check-in/events/ lists it (undefined while loading). */
  event: TCheckInEvent | undefined;
  /** Back link or Change Event, above the title. */
  nav: ReactNode;
};

/**
 * A check-in station for one event (document 2 §2 Check-in page): session selector, a code field a
 * handheld scanner types into, the camera, the result of each scan, live counts and the attendance
 * records of the chosen session (newest first, live).
 */
export function CheckInStation({ eventId, event, nav }: Props) {
  const { user } = useSession();
  const isAdmin = isStaff(user) && user.role === 'admin';
  const [searchParams, setSearchParams] = useSearchParams();
  const sessionParam = searchParams.get('session') ?? MAIN_EVENT;

  const offline = useOfflineStation(eventId);
  const sessionId = sessionParam === MAIN_EVENT || !/^\d+$/.test(sessionParam) ? null : Number(sessionParam);
  // The chart follows the chosen session, as Checked In does.
  const stats = useCheckInStats(eventId, sessionId);
  const { options } = useSessionOptions(eventId, stats.data?.sessions ?? offline.pack?.sessions);
  const selected: SessionOption | undefined = options.find((o) => o.value === sessionParam);
  const sessionName = selected?.name ?? tc('station.mainEvent');

  // Another station's check-ins (the stream) count in the name search's "already checked in" too.
  const live = useLiveCheckIns(eventId, { onEvent: (e) => offline.noteLive(e.check_in, e.action) });
  const eventName = event?.name ?? offline.pack?.event.name;
  const timeZone = event?.time_zone ?? offline.pack?.event.time_zone;
  const station = useCheckInStation(eventId, { session: sessionId, sessionName, timeZone }, offline);
  // The event's setting: the badge prints after each door check-in.
  const autoPrint = (event ?? offline.pack?.event)?.print_badge_on_check_in === true;
  useAutoPrintBadge(eventId, autoPrint, station.result, offline.offline);
  const { findByName } = offline;
  const findInScope = useCallback((query: string) => findByName(query, sessionId), [findByName, sessionId]);
  const undo = useDeleteCheckIn(eventId);
  const [toUndo, setToUndo] = useState<TCheckIn | null>(null);
  const [cameraOn, setCameraOn] = useState(false);

  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useAttendance(eventId, { session: sessionId, page, search: debouncedSearch });

  const chooseSession = (option: SessionOption) => {
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (option.value === MAIN_EVENT) next.delete('session');
        else next.set('session', option.value);
        return next;
      },
      { replace: true },
    );
    setPage(1);
    station.clear();
  };

  const confirmUndo = () => {
    if (!toUndo) return;
    undo.mutate(toUndo, {
      onSuccess: (record) => {
        notify(tc('toast.undone', { name: record.participant_name }), 'success');
        if (station.result?.outcome.record?.id === record.id) station.clear();
        setToUndo(null);
      },
      onError: () => notify(tc('toast.undoFailed'), 'error'),
    });
  };

  const scope =
    sessionId === null ? stats.data?.main_event : stats.data?.sessions.find((s) => s.id === sessionId);
  const counts: Count[] = [
    {
      key: 'total',
      label: tc('stats.total'),
      value: stats.data?.main_event.total ?? event?.participants_count ?? null,
    },
    sessionId === null
      ? { key: 'confirmed', label: tc('stats.confirmed'), value: stats.data?.main_event.confirmed ?? null }
      : {
          key: 'registered',
          label: tc('stats.registered'),
          value: stats.data?.sessions.find((s) => s.id === sessionId)?.registered ?? null,
        },
    {
      key: 'checkedIn',
      label: tc('stats.checkedIn'),
      value: scope?.checked_in ?? list.data?.count ?? null,
    },
  ];

  useEffect(() => {
    if (list.isError) notify(tc('table.loadFailed'), 'error');
  }, [list.isError, list.errorUpdatedAt]);

  const rows = list.data?.results ?? [];
  const lastPage = Math.max(1, Math.ceil((list.data?.count ?? 0) / CHECK_IN_PAGE_SIZE));

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        {nav}
        <Group justify="space-between" align="center" gap="sm">
          <Title order={1}>
            {eventName ? tc('station.title', { event: eventName }) : tc('station.documentTitle')}
          </Title>
          <Group gap="sm">
            <LiveBadge status={live} offline={offline.offline} />
            <KioskStart eventId={eventId} eventName={eventName ?? ''} />
          </Group>
        </Group>
        <OfflineStatus station={offline} />

        {/* The result beside the camera, or right under it on a phone (check-in-station.module.css). */}
        <div className={classes.layout}>
          <Paper withBorder p="lg" radius="md" className={classes.scan}>
            <Stack gap="md">
              <SessionSelect
                options={options}
                value={selected?.value ?? MAIN_EVENT}
                onChange={chooseSession}
              />
              <CameraScanner
                onScan={(code) => void station.submit(code, '')}
                onActiveChange={setCameraOn}
                scopeKey={sessionParam}
              />
              <WalkInButton
                eventId={eventId}
                event={event ?? offline.pack?.event}
                session={sessionId}
                sessionName={sessionName}
                offline={offline.offline}
                onCheckedIn={station.show}
              />
              {autoPrint && (
                <Text size="sm" c="dimmed">
                  {tc('badge.auto')}
                </Text>
              )}
            </Stack>
          </Paper>
          <div className={classes.result}>
            <ScanResultPanel
              result={station.result}
              onCheckInAnyway={() => void station.checkInAnyway()}
              onUndo={
                isAdmin
                  ? () => {
                      const record = station.result?.outcome.record;
                      if (record) setToUndo(record);
                    }
                  : undefined
              }
              onClear={station.clear}
              forcing={station.pending}
              actions={
                <PrintBadgeButton
                  eventId={eventId}
                  outcome={station.result?.outcome}
                  offline={offline.offline}
                />
              }
            />
            <CheckInCounts counts={counts} />
          </div>
          <Paper withBorder p="lg" radius="md" className={classes.entry}>
            <ScanForm
              onSubmit={(code, notes) => void station.submit(code, notes)}
              findByName={findInScope}
              onCheckInParticipant={(match, notes) => void station.submitParticipant(match.id, notes)}
              timeZone={timeZone}
              pending={station.pending}
              keepFocus={!cameraOn && toUndo === null}
              focusSignal={station.result?.seq ?? 0}
            />
          </Paper>
        </div>

        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Title order={2} fz="h4">
              {tc('chart.title')}
            </Title>
            {stats.data && !stats.isPlaceholderData ? (
              <CheckInChart timeline={stats.data.timeline} timeZone={timeZone} />
            ) : stats.isError ? (
              <Text c="red.9" size="sm">
                {tc('stats.loadFailed')}
              </Text>
            ) : (
              <SectionLoader />
            )}
          </Stack>
        </Paper>

        <Paper withBorder p="lg" radius="md">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" gap="sm">
              <Title order={2} fz="h3">
                {tc('table.caption')}
              </Title>
              <TextInput
                label={tc('table.search')}
                placeholder={tc('table.searchPlaceholder')}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
                w={{ base: '100%', sm: 320 }}
              />
            </Group>
            {list.isError && !list.data ? (
              <LoadFailed message={tc('table.loadFailed')} retryLabel={tc('table.tryAgain')} query={list} />
            ) : list.isPending ? (
              <SectionLoader />
            ) : (
              <AttendanceTable rows={rows} onUndo={isAdmin ? setToUndo : undefined} timeZone={timeZone} />
            )}
            {lastPage > 1 && (
              <Pagination
                value={Math.min(page, lastPage)}
                onChange={setPage}
                total={lastPage}
                aria-label={tc('table.pagination')}
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': tc('table.previous') }
                    : control === 'next'
                      ? { 'aria-label': tc('table.next') }
                      : {}
                }
              />
            )}
          </Stack>
        </Paper>
      </Stack>

      <ConfirmDialog
        opened={toUndo !== null}
        title={tc('undo.title')}
        message={
          toUndo
            ? tc('undo.confirm', { name: toUndo.participant_name, session: checkInSessionName(toUndo) })
            : ''
        }
        confirmLabel={tc('undo.yes')}
        cancelLabel={tc('undo.cancel')}
        loading={undo.isPending}
        onConfirm={confirmUndo}
        onClose={() => setToUndo(null)}
      />
    </Container>
  );
}
