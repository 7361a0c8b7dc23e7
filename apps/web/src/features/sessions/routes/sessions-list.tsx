import { useEffect, useMemo, useState } from 'react';
import { Alert, Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TSession } from '@attend/shared';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmDelete } from '../../../components/confirm-dialog';
import { LoadFailed, SectionLoader } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { isStaff, useSession } from '../../../lib/auth-session';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useDeleteSession } from '../api/delete-session';
import { useExportSessionParticipants } from '../api/export-session-participants';
import { useSessions } from '../api/get-sessions';
import { CreateSessionModal } from '../components/create-session-modal';
import { CalendarProgrammeButton } from '../components/calendar-programme-button';
import { SessionsTable } from '../components/sessions-table';
import { SubSessionModal } from '../components/sub-session-modal';
import { ts } from '../i18n';
import { nestSessions } from '../lib/session-tree';
import { usePageTitle } from '../../../lib/use-page-title';

/** Wait before leaving a page the admin check refused, so the message can be read. */
const NO_PERMISSION_REDIRECT_MS = 1500;

/** /dashboard/events/:eventId/sessions with the admin check of document 2 §2. */
export function SessionsListPage() {
  const { user } = useSession();
  const [leave, setLeave] = useState(false);
  const allowed = isStaff(user);

  useEffect(() => {
    if (allowed) return;
    notify(ts('list.noPermission'), 'error');
    const timer = setTimeout(() => setLeave(true), NO_PERMISSION_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [allowed]);

  if (!allowed) {
    if (leave) return <Navigate to={paths.home()} replace />;
    return (
      <Container size="sm" py={64}>
        <Alert color="red" variant="light" role="alert">
          <Text c="red.9" fw={500}>
            {ts('list.noPermission')}
          </Text>
        </Alert>
      </Container>
    );
  }
  return <SessionsManager />;
}

function SessionsManager() {
  usePageTitle(`${ts('list.title')} | ${t('app.name')}`);
  const eventId = Number(useParams().eventId);
  const navigate = useNavigate();
  const sessions = useSessions(eventId, { poll: true });
  const remove = useDeleteSession(eventId);
  const exporter = useExportSessionParticipants();
  const [creating, setCreating] = useState(false);
  const [splitting, setSplitting] = useState<TSession | null>(null);
  const [toDelete, setToDelete] = useState<TSession | null>(null);
  const [expanded, setExpanded] = useState<Set<number>>(() => new Set());
  const [refreshing, setRefreshing] = useState(false);
  const tree = useMemo(() => (sessions.data ? nestSessions(sessions.data) : []), [sessions.data]);

  useEffect(() => {
    if (sessions.isError) notify(ts('list.loadFailed'), 'error');
  }, [sessions.isError, sessions.errorUpdatedAt]);

  const refresh = async () => {
    setRefreshing(true);
    const result = await sessions.refetch();
    setRefreshing(false);
    if (result.isError) notify(ts('list.refreshFailed'), 'error');
    else notify(ts('list.refreshed'), 'success');
  };

  const toggle = (id: number) =>
    setExpanded((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const exportSession = (session: TSession) => {
    notify(ts('export.generating'), 'info');
    exporter.mutate(session.id, {
      onSuccess: () => notify(ts('export.done'), 'success'),
      onError: (err) => notify(err.message || ts('export.failed'), 'error'),
    });
  };

  const open = (session: TSession) => void navigate(paths.staff.session(eventId, session.id));

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={paths.staff.event(eventId)} c="blue.9" w="fit-content">
          ← {ts('list.back')}
        </Anchor>
        <Group justify="space-between" align="flex-end">
          <Stack gap={4}>
            <Title order={1}>{ts('list.title')}</Title>
            <Text c="dimmed">{ts('list.subtitle')}</Text>
          </Stack>
          <Group gap="sm">
            <CalendarProgrammeButton eventId={eventId} />
            <Button variant="default" onClick={() => void refresh()} loading={refreshing}>
              {ts('list.refresh')}
            </Button>
            <Button onClick={() => setCreating(true)}>{ts('list.create')}</Button>
          </Group>
        </Group>

        {sessions.isPending ? (
          <SectionLoader />
        ) : sessions.isError && !sessions.data ? (
          <LoadFailed
            message={
              sessions.error.message === ts('list.invalid') ? ts('list.invalid') : ts('list.loadFailed')
            }
            retryLabel={ts('list.tryAgain')}
            query={sessions}
          />
        ) : (
          <Paper withBorder radius="md">
            <SessionsTable
              sessions={tree}
              expanded={expanded}
              onToggle={toggle}
              onOpen={open}
              onSubSessions={setSplitting}
              onExport={exportSession}
              onDelete={setToDelete}
              exportingId={exporter.isPending ? (exporter.variables ?? null) : null}
            />
          </Paper>
        )}
      </Stack>

      <CreateSessionModal eventId={eventId} opened={creating} onClose={() => setCreating(false)} />
      <SubSessionModal
        eventId={eventId}
        parent={splitting}
        onClose={() => {
          // The new sub-sessions show at once under their parent.
          const parent = splitting;
          if (parent) setExpanded((set) => new Set(set).add(parent.id));
          setSplitting(null);
        }}
      />
      <ConfirmDelete
        target={toDelete}
        remove={remove}
        text={(key) => ts(`delete.${key}`)}
        onClose={() => setToDelete(null)}
      />
    </Container>
  );
}

export default SessionsListPage;
