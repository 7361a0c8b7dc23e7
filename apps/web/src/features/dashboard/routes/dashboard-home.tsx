import {
  Alert,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TRetryResult } from '@attend/shared';
import { paths } from '../../../config/paths';
import { isStaff, useSession } from '../../../lib/auth-session';
import { t } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import {
  retryFailedMessage,
  retryOutcome,
  useFailedEmailStats,
  useForceRetryFailedEmails,
  useRetryFailedEmails,
} from '../../notifications';
import { useCheckInOverview } from '../api/get-check-in-overview';
import { dashboardActivityQueryOptions, useDashboardActivity } from '../api/get-dashboard-activity';
import { useEventTotals } from '../api/get-event-totals';
import { FailedEmailSummary } from '../components/failed-email-summary';
import { ActivityCharts } from '../components/activity-charts';
import { RecentEvents } from '../components/recent-events';
import { StatCard } from '../components/stat-card';
import { td, type DashboardKey } from '../i18n';
import { attendanceRate, failedEmailSummary } from '../lib/dashboard-figures';
import { usePageTitle } from '../../../lib/use-page-title';

const quickActions: { title: DashboardKey; text: DashboardKey; to: string; testId: string }[] = [
  { title: 'qa.events', text: 'qa.eventsText', to: paths.staff.events(), testId: 'events' },
  {
    title: 'qa.participants',
    text: 'qa.participantsText',
    to: paths.staff.participantsHome(),
    testId: 'participants',
  },
  { title: 'qa.checkIn', text: 'qa.checkInText', to: paths.staff.checkInHome(), testId: 'checkIn' },
  { title: 'qa.mailbox', text: 'qa.mailboxText', to: paths.staff.mailbox(), testId: 'mailbox' },
  { title: 'qa.staff', text: 'qa.staffText', to: paths.staff.staffAccess(), testId: 'staff' },
];

/** A figure that is loading (undefined), failed to load (null) or known. */
function figure<T>(query: { data: T | undefined; isError: boolean }): T | null | undefined {
  if (query.data !== undefined) return query.data;
  return query.isError ? null : undefined;
}

/**
 * /dashboard (document 2 §2): events, participants, check-ins and failed e-mails at a glance, the
 * quick actions, the failed-e-mail summary, activity charts and the most recent events.
 */
export function DashboardHomePage() {
  usePageTitle(`${t('staffHome.title')} | ${t('app.name')}`);
  const { user } = useSession();
  const name = isStaff(user) ? user.full_name || user.username : '';
  const queryClient = useQueryClient();

  const totals = useEventTotals();
  const checkIns = useCheckInOverview();
  const failed = useFailedEmailStats();
  const activity = useDashboardActivity();
  const retry = useRetryFailedEmails();
  const forceRetry = useForceRetryFailedEmails();

  const queries = [totals, checkIns, failed, activity];
  const someFailed = queries.some((q) => q.isError);
  const refreshing = queries.some((q) => q.isFetching);
  const refresh = () => {
    for (const q of queries) void q.refetch();
  };

  const retryCallbacks = {
    onSuccess: (result: TRetryResult) => {
      const { message, type } = retryOutcome(result);
      notify(message, type);
      void queryClient.invalidateQueries({ queryKey: dashboardActivityQueryOptions().queryKey });
    },
    onError: (err: unknown) => notify(retryFailedMessage(err), 'error'),
  };

  const eventFigures = figure(totals);
  const overview = figure(checkIns);
  const failedStats = figure(failed);
  const summary = failedEmailSummary(failed.data);
  const anyFailed = !!failedStats && (failedStats.total_failed > 0 || failedStats.sms.total_failed > 0);

  const detail = <T,>(value: T | null | undefined, text: (v: T) => string) =>
    value === undefined ? undefined : value === null ? null : text(value);

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{t('staffHome.title')}</Title>
          <Text size="lg">{t('staffHome.welcome', { name })}</Text>
          <Text c="dimmed">{t('staffHome.text')}</Text>
        </Stack>

        {someFailed && (
          <Alert color="red" variant="light" role="alert" data-testid="dashboard-load-failed">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Text c="red.9" fw={500}>
                {td('loadFailed')}
              </Text>
              <Button variant="default" onClick={refresh} loading={refreshing}>
                {td('refresh')}
              </Button>
            </Group>
          </Alert>
        )}

        <section aria-label={td('stats.title')}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <StatCard
              testId="events"
              label={td('stats.events')}
              value={eventFigures === undefined ? undefined : (eventFigures?.events ?? null)}
              detail={detail(eventFigures, (v) =>
                td('stats.eventsDetail', { count: v.activeEvents, upcoming: v.upcomingEvents }),
              )}
              color="blue.9"
            />
            <StatCard
              testId="participants"
              label={td('stats.participants')}
              value={eventFigures === undefined ? undefined : (eventFigures?.participants ?? null)}
              detail={detail(eventFigures, (v) => td('stats.participantsDetail', { count: v.confirmed }))}
              color="teal.9"
            />
            <StatCard
              testId="check-ins"
              label={td('stats.checkIns')}
              value={overview === undefined ? undefined : (overview?.total ?? null)}
              detail={
                overview === undefined || eventFigures === undefined
                  ? undefined
                  : overview === null || eventFigures === null
                    ? null
                    : td('stats.checkInsDetail', {
                        rate: attendanceRate(overview.total, eventFigures.confirmed),
                      })
              }
              color="violet.9"
            />
            <StatCard
              testId="failed-emails"
              label={td('stats.failed')}
              value={failedStats === undefined ? undefined : (failedStats?.total_failed ?? null)}
              detail={detail(failedStats, (v) =>
                v.sms.total_failed > 0
                  ? td('stats.failedDetailSms', { count: v.total_ready_for_retry, sms: v.sms.total_failed })
                  : td('stats.failedDetail', { count: v.total_ready_for_retry }),
              )}
              // Red only when something has failed: a red 0 reads as an alarm with nothing to do.
              color={anyFailed ? 'red.9' : 'gray.8'}
            >
              <Button
                size="xs"
                variant="default"
                mt="auto"
                w="fit-content"
                onClick={() => retry.mutate(undefined, retryCallbacks)}
                loading={retry.isPending}
                disabled={forceRetry.isPending}
              >
                {td('retryNow')}
              </Button>
            </StatCard>
          </SimpleGrid>
        </section>

        <Stack gap="sm" component="section" aria-label={td('quickActions')}>
          <Title order={2} fz="h3">
            {td('quickActions')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {quickActions.map((action) => (
              <UnstyledButton
                key={action.testId}
                component={Link}
                to={action.to}
                data-testid={`dashboard-action-${action.testId}`}
              >
                <Paper withBorder p="md" radius="md" h="100%" shadow="xs">
                  <Text fw={700}>{td(action.title)}</Text>
                  <Text size="sm" c="dimmed">
                    {td(action.text)}
                  </Text>
                </Paper>
              </UnstyledButton>
            ))}
            <Paper withBorder p="md" radius="md" h="100%" shadow="xs">
              <Stack gap="xs" align="flex-start">
                <Button
                  {...(anyFailed ? { color: 'red.9' } : { variant: 'default' })}
                  onClick={() => forceRetry.mutate(undefined, retryCallbacks)}
                  loading={forceRetry.isPending}
                  disabled={retry.isPending}
                  data-testid="dashboard-force-retry"
                  data-urgent={anyFailed}
                >
                  {td('forceRetry')}
                </Button>
                <Text size="sm" c="dimmed">
                  {td(anyFailed || failedStats === undefined ? 'forceRetryText' : 'forceRetryNothing')}
                </Text>
              </Stack>
            </Paper>
          </SimpleGrid>
        </Stack>

        {summary && <FailedEmailSummary summary={summary} />}

        {/*
          Both drawn from one answer, both when it has come: a placeholder for the list alone would be
          pushed down by the charts arriving above it (a layout shift). Below the fold of a laptop
          either way (the page is at least a screen tall).
        */}
        {activity.data && <ActivityCharts activity={activity.data} />}
        {!activity.isPending && <RecentEvents events={activity.data?.recent_events} />}
      </Stack>
    </Container>
  );
}

export default DashboardHomePage;
