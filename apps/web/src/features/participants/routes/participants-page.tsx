import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { PARTICIPANT_PAGE_SIZE, type NotificationStatus, type TParticipant } from '@attend/shared';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { serverMessage } from '../../../lib/api-errors';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useIdParam } from '../../../lib/use-id-param';
import { useBulkConfirmAttendance } from '../api/bulk-confirm-attendance';
import { useConfirmParticipantAttendance } from '../api/confirm-participant-attendance';
import { eventSummaryQueryOptions, useEventSummary } from '../api/get-event-summary';
import { participantIdsQueryOptions, type ParticipantIdFilters } from '../api/get-participant-ids';
import { useParticipantStats } from '../api/get-participant-stats';
import { useParticipants } from '../api/get-participants';
import { useExportParticipants } from '../api/export-participants';
import { PrintBadgesModal } from '../components/print-badges-modal';
import { invalidateParticipants } from '../api/invalidate-participants';
import { AddParticipantModal } from '../components/add-participant-modal';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { BulkUploadModal } from '../components/bulk-upload-modal';
import { DeleteParticipantModal } from '../components/delete-participant-modal';
import { NotFoundNotice } from '../components/not-found-notice';
import { ParticipantActionGroups } from '../components/participant-action-groups';
import { ParticipantQrModal } from '../components/participant-qr-modal';
import { ParticipantStatsPanel } from '../components/participant-stats-panel';
import { ParticipantsEmpty } from '../components/participants-empty';
import { ParticipantsTable } from '../components/participants-table';
import { SendNotificationsModal } from '../components/send-notifications-modal';
import { useSendLoginDetails } from '../hooks/use-send-login-details';
import { tp } from '../i18n';
import { formatNumber } from '../../../lib/locale';
import { usePageTitle } from '../../../lib/use-page-title';

/** Debounce of the search box: one request per pause in typing, not per key. */
const SEARCH_DEBOUNCE_MS = 300;

type SelectingKind = 'notNotified' | 'notConfirmed' | 'all';

/** "Not notified": every state but sent (never sent, still queued, or failed). */
const NOT_NOTIFIED: readonly NotificationStatus[] = ['not_sent', 'queued', 'failed'];

/** Who the Send Notifications modal is open for. */
type SendTarget = { ids: number[]; selection: boolean };

/** /dashboard/events/{eventId}/participants (document 2 §2 Participants page). */
export function ParticipantsPage() {
  const eventId = useIdParam('eventId');
  if (eventId === null) {
    return (
      <NotFoundNotice
        title={tp('page.eventNotFound')}
        backTo={paths.staff.events()}
        backLabel={t('nav.events')}
      />
    );
  }
  return <ParticipantsScreen key={eventId} eventId={eventId} />;
}

function ParticipantsScreen({ eventId }: { eventId: number }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [badgesOpen, setBadgesOpen] = useState(false);
  // Confirming cannot be taken back from this page: Confirm Selected asks first, with the count.
  const [askConfirm, setAskConfirm] = useState(false);
  // One row's Confirm Attendance asks first too, naming the person (it sits beside Send Login).
  const [confirmFor, setConfirmFor] = useState<TParticipant | null>(null);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [selecting, setSelecting] = useState<SelectingKind | null>(null);
  const [addOpen, setAddOpen] = useState(false);
  const [uploadOpen, setUploadOpen] = useState(false);
  const [qrFor, setQrFor] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<TParticipant | null>(null);
  const [sendTarget, setSendTarget] = useState<SendTarget | null>(null);
  const [preparingSend, setPreparingSend] = useState(false);

  const event = useEventSummary(eventId);
  const stats = useParticipantStats(eventId);
  const list = useParticipants(eventId, { page, search: debouncedSearch });
  const confirmOne = useConfirmParticipantAttendance(eventId);
  const confirmMany = useBulkConfirmAttendance(eventId);
  const exportData = useExportParticipants(eventId);
  const sendLogin = useSendLoginDetails(eventId);

  usePageTitle(
    `${event.data ? tp('page.title', { event: event.data.name }) : tp('page.documentTitle')} | ${t('app.name')}`,
  );

  if (event.error instanceof ApiError && event.error.status === 404) {
    return (
      <NotFoundNotice
        title={tp('page.eventNotFound')}
        backTo={paths.staff.events()}
        backLabel={t('nav.events')}
      />
    );
  }

  const rows = list.data?.results ?? [];
  const total = list.data?.count ?? 0;
  // A broad search says "more than {total}": its last page is unknown, so the pager offers the
  // pages within the count and, while the API gives a next link, the one after this.
  const bounded = list.data?.count_is_lower_bound === true;
  const lastPage = Math.max(
    1,
    Math.ceil(total / PARTICIPANT_PAGE_SIZE),
    bounded && list.data?.next ? page + 1 : 0,
  );
  const allSelected =
    total > 0 &&
    (bounded ? selected.size > total : selected.size >= total) &&
    rows.every((r) => selected.has(r.id));
  const someSelected = selected.size > 0;

  const refresh = () => {
    void invalidateParticipants(queryClient, eventId);
    void queryClient.invalidateQueries({ queryKey: eventSummaryQueryOptions(eventId).queryKey });
  };

  /** Every id matching any of `filters` (one request each, answered together). */
  const matchingIds = async (filters: readonly ParticipantIdFilters[]): Promise<number[]> => {
    const answers = await Promise.all(
      filters.map((f) => queryClient.fetchQuery(participantIdsQueryOptions(eventId, f))),
    );
    return [...new Set(answers.flatMap((a) => a.ids))];
  };

  const selectMatching = async (kind: SelectingKind, filters: readonly ParticipantIdFilters[]) => {
    setSelecting(kind);
    try {
      setSelected(new Set(await matchingIds(filters)));
    } catch {
      notify(tp('select.failed'), 'error');
    } finally {
      setSelecting(null);
    }
  };

  const toggleAll = () => {
    if (allSelected) setSelected(new Set());
    else void selectMatching('all', [{ search: debouncedSearch || undefined }]);
  };

  const sendSelected = () => {
    if (selected.size === 0) {
      notify(tp('send.none'), 'warning');
      return;
    }
    setSendTarget({ ids: [...selected], selection: true });
  };

  const sendAll = async () => {
    setPreparingSend(true);
    try {
      const ids = await matchingIds([{}]);
      if (ids.length === 0) notify(tp('send.none'), 'warning');
      else setSendTarget({ ids, selection: false });
    } catch {
      notify(tp('select.failed'), 'error');
    } finally {
      setPreparingSend(false);
    }
  };

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const confirmSelected = () => {
    if (selected.size === 0) {
      notify(tp('bulkConfirm.none'), 'warning');
      return;
    }
    setAskConfirm(true);
  };
  const confirmAsked = () => {
    confirmMany.mutate([...selected], {
      onSettled: () => setAskConfirm(false),
      onSuccess: (r) => {
        const message = tp('bulkConfirm.done', {
          confirmed: r.confirmed_count,
          already: r.already_confirmed_count,
          errors: r.error_count,
        });
        notify(message, r.error_count > 0 ? 'warning' : 'success');
        setSelected(new Set());
      },
      onError: (err) => notify(serverMessage(err, tp('bulkConfirm.failed')), 'error'),
    });
  };

  const confirmParticipant = (p: TParticipant) =>
    confirmOne.mutate(p.id, {
      onSettled: () => setConfirmFor(null),
      onSuccess: (r) =>
        r.status === 'already_confirmed'
          ? notify(tp('confirm.already'), 'info')
          : notify(tp('confirm.success'), 'success'),
      onError: () => notify(tp('confirm.failed'), 'error'),
    });

  const exportAll = () => {
    notify(tp('export.started'), 'info');
    // The 'please wait' toast gives way to the outcome.
    exportData.mutate(undefined, {
      onSuccess: () => notify(tp('export.done'), 'success'),
      onError: () => notify(tp('export.failed'), 'error'),
    });
  };

  const from = total === 0 ? 0 : (page - 1) * PARTICIPANT_PAGE_SIZE + 1;
  const to = bounded ? from + rows.length - 1 : Math.min(page * PARTICIPANT_PAGE_SIZE, total);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.staff.event(eventId)} c="blue.9" size="sm">
          ← {tp('page.back')}
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap">
          {event.data ? (
            <Title order={1}>{tp('page.title', { event: event.data.name })}</Title>
          ) : (
            <Skeleton h={36} w={360} maw="100%" />
          )}
          <Button variant="default" onClick={refresh} loading={list.isFetching && !list.isPending}>
            {tp('page.refresh')}
          </Button>
        </Group>

        <ParticipantStatsPanel stats={stats.data} />

        <ParticipantActionGroups
          selectedCount={selected.size}
          onAdd={() => setAddOpen(true)}
          onBulkUpload={() => setUploadOpen(true)}
          onSendAll={() => void sendAll()}
          onSendSelected={sendSelected}
          preparingSend={preparingSend}
          onSelectNotNotified={() =>
            void selectMatching(
              'notNotified',
              NOT_NOTIFIED.map((status) => ({ notification_status: status })),
            )
          }
          onSelectNotConfirmed={() => void selectMatching('notConfirmed', [{ confirmed: false }])}
          onClearSelection={() => setSelected(new Set())}
          selecting={selecting === 'all' ? null : selecting}
          onConfirmSelected={confirmSelected}
          confirming={confirmMany.isPending}
          onExport={exportAll}
          exporting={exportData.isPending}
          onPrintBadges={() => setBadgesOpen(true)}
        />

        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap">
              <TextInput
                type="search"
                aria-label={tp('search.label')}
                placeholder={tp('search.placeholder')}
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
                w={{ base: '100%', sm: 420 }}
              />
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="selection-count">
                {tp('actions.selectedCount', { count: selected.size })}
              </Text>
            </Group>
            {list.isError && !list.data ? (
              <Alert color="red" variant="light" role="alert">
                <Group justify="space-between">
                  <Text size="sm">{tp('page.loadFailed')}</Text>
                  <Button size="compact-sm" variant="white" onClick={() => void list.refetch()}>
                    {tp('page.tryAgain')}
                  </Button>
                </Group>
              </Alert>
            ) : list.isPending ? (
              <Stack gap="xs">
                {Array.from({ length: 5 }, (_, i) => (
                  <Skeleton key={i} h={40} />
                ))}
              </Stack>
            ) : total === 0 && debouncedSearch.trim() === '' ? (
              <ParticipantsEmpty onAdd={() => setAddOpen(true)} onBulkUpload={() => setUploadOpen(true)} />
            ) : (
              <ParticipantsTable
                eventId={eventId}
                rows={rows}
                selected={selected}
                allSelected={allSelected}
                someSelected={someSelected}
                onToggleAll={toggleAll}
                onToggle={toggle}
                selectingAll={selecting === 'all'}
                onEdit={(p) =>
                  void navigate(paths.staff.participant(eventId, p.id), { state: { edit: true } })
                }
                onSendLogin={(p) => sendLogin.sendLogin(p.id)}
                sendingLoginId={sendLogin.sendingId}
                onConfirm={setConfirmFor}
                confirmingId={confirmOne.isPending ? (confirmOne.variables ?? null) : null}
                onViewQr={(p) => setQrFor(p.id)}
                onDelete={setToDelete}
              />
            )}
            {total > 0 && (
              <Group justify="space-between" wrap="wrap">
                <Text size="sm" c="dimmed" data-testid="participants-range">
                  {bounded
                    ? tp('table.rangeMore', { from, to, total: formatNumber(total) })
                    : tp('table.range', { from, to, total })}
                </Text>
                {lastPage > 1 && (
                  <Pagination
                    total={lastPage}
                    value={Math.min(page, lastPage)}
                    onChange={setPage}
                    aria-label={tp('table.pagination')}
                    getControlProps={(control) =>
                      control === 'previous'
                        ? { 'aria-label': 'Previous page' }
                        : control === 'next'
                          ? { 'aria-label': 'Next page' }
                          : {}
                    }
                  />
                )}
              </Group>
            )}
          </Stack>
        </Paper>
      </Stack>

      <AddParticipantModal eventId={eventId} opened={addOpen} onClose={() => setAddOpen(false)} />
      <ConfirmDialog
        opened={askConfirm}
        title={tp('bulkConfirm.askTitle')}
        message={tp('bulkConfirm.ask', { count: selected.size })}
        confirmLabel={tp('bulkConfirm.yes', { n: selected.size })}
        cancelLabel={tp('bulkConfirm.cancel')}
        confirmColor="blue.9"
        loading={confirmMany.isPending}
        onConfirm={confirmAsked}
        onClose={() => setAskConfirm(false)}
      />
      <ConfirmDialog
        opened={confirmFor !== null}
        title={tp('confirmOne.askTitle')}
        message={tp('confirmOne.ask', { name: confirmFor?.full_name ?? '' })}
        confirmLabel={tp('row.confirm')}
        cancelLabel={tp('bulkConfirm.cancel')}
        confirmColor="blue.9"
        loading={confirmOne.isPending}
        onConfirm={() => confirmFor && confirmParticipant(confirmFor)}
        onClose={() => setConfirmFor(null)}
      />
      <BulkUploadModal eventId={eventId} opened={uploadOpen} onClose={() => setUploadOpen(false)} />
      <ParticipantQrModal eventId={eventId} participantId={qrFor} onClose={() => setQrFor(null)} />
      {badgesOpen && (
        <PrintBadgesModal
          opened
          eventId={eventId}
          eventCode={event.data?.event_code ?? String(eventId)}
          selectedIds={[...selected]}
          confirmedCount={stats.data?.confirmed ?? 0}
          onClose={() => setBadgesOpen(false)}
        />
      )}
      <SendNotificationsModal
        eventId={eventId}
        participantIds={sendTarget?.ids ?? null}
        nameOf={(id) => rows.find((r) => r.id === id)?.full_name}
        onClose={() => setSendTarget(null)}
        onSent={(result) => {
          // Everyone selected was queued: the selection has done its job.
          if (sendTarget?.selection && result.error_count === 0) setSelected(new Set());
        }}
      />
      <DeleteParticipantModal
        eventId={eventId}
        participant={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(id) => {
          setSelected((prev) => {
            if (!prev.has(id)) return prev;
            const next = new Set(prev);
            next.delete(id);
            return next;
          });
          if (rows.length === 1 && page > 1) setPage(page - 1);
        }}
      />
    </Container>
  );
}

export default ParticipantsPage;
