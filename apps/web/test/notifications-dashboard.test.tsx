import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCheckInOverview, TEvent, TEventPage, TFailedEmailStats, TRetryResult } from '@attend/shared';
import { failedEmailSummary, attendanceRate } from '../src/features/dashboard/lib/dashboard-figures';
import { DashboardHomePage } from '../src/features/dashboard/routes/dashboard-home';
import { expireSession, startSession } from '../src/lib/auth-session';
import { notify } from '../src/lib/notify';
import { server } from './msw';
import { activity, event, failedEmailStats, retryResult } from './notifications-fixtures';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

vi.mock('../src/lib/notify', () => ({ notify: vi.fn() }));

const HOUR = 3_600_000;
const now = Date.now();
const iso = (offset: number) => new Date(now + offset).toISOString();

/** One running event (20 people, 8 confirmed), one to come (10 people, 4 confirmed), one empty. */
const events: TEvent[] = [
  event({ id: 1, name: 'Running', start_date: iso(-HOUR), end_date: iso(HOUR), participants_count: 20 }),
  event({
    id: 2,
    name: 'Later',
    start_date: iso(24 * HOUR),
    end_date: iso(48 * HOUR),
    participants_count: 10,
  }),
  event({
    id: 3,
    name: 'Empty',
    start_date: iso(-48 * HOUR),
    end_date: iso(-24 * HOUR),
    participants_count: 0,
  }),
];
const confirmedOf: Record<number, number> = { 1: 8, 2: 4 };

function eventPage(results: TEvent[]): TEventPage {
  return { count: results.length, next: null, previous: null, results };
}

type Answers = {
  failed?: () => TFailedEmailStats | Response;
  checkIns?: number;
  activityFails?: boolean;
  confirmed?: Record<number, number>;
};

/** The dashboard's reads; the per-event statistics asked for are recorded. */
function dashboardApi(answers: Answers = {}) {
  const statsAsked: number[] = [];
  const overview = (total: number): TCheckInOverview => ({ total, today: 0, events: [] });
  server.use(
    mock.get('/api/events/', () => HttpResponse.json(eventPage(events))),
    mock.get('/api/events/:id/participants/stats/', ({ params }) => {
      const id = Number(params.id);
      statsAsked.push(id);
      const confirmed = (answers.confirmed ?? confirmedOf)[id] ?? 0;
      return HttpResponse.json({ total: 0, confirmed, pending: 0, notification_sent: 0 });
    }),
    mock.get('/api/check-ins/stats/', () => HttpResponse.json(overview(answers.checkIns ?? 6))),
    mock.get('/api/accounts/admin/failed-emails/stats/', () => {
      const answer = answers.failed?.() ?? failedEmailStats();
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }),
    mock.get('/api/dashboard/activity/', () =>
      answers.activityFails
        ? new HttpResponse(null, { status: 500 })
        : HttpResponse.json(
            activity({
              recent_events: [
                {
                  id: 1,
                  name: 'Running',
                  start_date: iso(-HOUR),
                  time_zone: 'UTC',
                  participants: 20,
                  confirmed: 8,
                  checked_in: 3,
                },
              ],
            }),
          ),
    ),
  );
  return statsAsked;
}

function renderDashboard() {
  const user = userEvent.setup();
  const view = renderRoutes([{ path: '/dashboard', Component: DashboardHomePage }], '/dashboard');
  return { ...view, user };
}

/** A card once loaded: its figure and second line (null when there is none). */
const stat = async (id: string) => {
  const card = await screen.findByTestId(`dashboard-stat-${id}`);
  const value = await within(card).findByTestId(`dashboard-stat-${id}-value`);
  return {
    value: value.textContent,
    detail: within(card).queryByTestId(`dashboard-stat-${id}-detail`)?.textContent ?? null,
  };
};

/** Scheduled retries: `listed` of them in the answer, `total` scheduled in all. */
function failing(listed: number, total: number): TFailedEmailStats {
  const next = Array.from({ length: listed }, (_, i) => ({
    participant_email: `person${i + 1}@example.org`,
    next_retry_at: iso((i + 1) * HOUR),
  }));
  return failedEmailStats({
    pending: 2,
    retry_scheduled: total,
    failed_permanently: 1,
    ready_for_retry: 1,
    total_ready_for_retry: 1,
    total_failed: total + 1,
    next_retry_times: next,
    next_retries: next.map((n) => ({ email: n.participant_email, next_attempt_at: n.next_retry_at })),
    more_retries: total - listed,
  });
}

describe('dashboard figures', () => {
  it('attendance rate is check-ins over confirmed, 0% when nobody is confirmed', () => {
    expect(attendanceRate(6, 12)).toBe(50);
    expect(attendanceRate(1, 3)).toBe(33);
    expect(attendanceRate(5, 0)).toBe(0);
  });

  it('the failed-e-mail summary exists only when total failed is above 0, and counts the unlisted retries', () => {
    expect(failedEmailSummary(undefined)).toBeNull();
    expect(failedEmailSummary(failedEmailStats({ pending: 3, total_failed: 0 }))).toBeNull();
    const summary = failedEmailSummary(failing(3, 7));
    expect(summary?.next.map((n) => n.email)).toEqual([
      'person1@example.org',
      'person2@example.org',
      'person3@example.org',
    ]);
    expect(summary?.more).toBe(4);
    // An answer listing more than three: three shown, the rest added to 'and N more'.
    const long = failing(5, 9);
    expect(failedEmailSummary(long)?.next).toHaveLength(3);
    expect(failedEmailSummary(long)?.more).toBe(6);
    expect(failedEmailSummary(failing(2, 2))?.more).toBe(0);
  });
});

describe('dashboard page', () => {
  beforeEach(() => {
    startSession(accessToken(), staffUser);
    vi.mocked(notify).mockClear();
  });
  afterEach(() => expireSession());

  it('shows the four stat cards: events running now and upcoming, participants with confirmed, check-ins with rate, failed e-mails', async () => {
    const statsAsked = dashboardApi({ failed: () => failing(3, 7) });
    renderDashboard();
    expect(await stat('events')).toEqual({ value: '3', detail: '1 running now · 1 upcoming' });
    expect(await stat('participants')).toEqual({ value: '30', detail: '12 confirmed' });
    expect(await stat('check-ins')).toEqual({ value: '6', detail: '50% attendance rate' });
    expect(await stat('failed-emails')).toEqual({ value: '8', detail: '1 ready for retry' });
    // Something failed: the count and Force Retry are red.
    expect(screen.getByTestId('dashboard-stat-failed-emails-value').style.color).toContain('red');
    expect(screen.getByTestId('dashboard-force-retry').dataset.urgent).toBe('true');
    // The event without participants needs no statistics call.
    expect(statsAsked.sort()).toEqual([1, 2]);
    expect(screen.getByRole('button', { name: 'Retry Now' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Force Retry All Failed' })).toBeTruthy();
    const actions = screen.getByRole('region', { name: 'Quick Actions' });
    const links = within(actions)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual(
      expect.arrayContaining(['/dashboard/events', '/dashboard/check-in', '/dashboard/participants']),
    );
  });

  it('shows 0% attendance when nobody is confirmed', async () => {
    dashboardApi({ confirmed: {}, checkIns: 4 });
    renderDashboard();
    expect(await stat('participants')).toEqual({ value: '30', detail: '0 confirmed' });
    expect(await stat('check-ins')).toEqual({ value: '4', detail: '0% attendance rate' });
  });

  it('has no Failed Email Summary while nothing has failed', async () => {
    dashboardApi({ failed: () => failedEmailStats({ pending: 4, total_failed: 0 }) });
    renderDashboard();
    expect(await stat('failed-emails')).toEqual({ value: '0', detail: '0 ready for retry' });
    expect(screen.queryByRole('region', { name: 'Failed Email Summary' })).toBeNull();
    // Quiet when zero: no red 0, no red Force Retry, and the reason beside it.
    expect(screen.getByTestId('dashboard-stat-failed-emails-value').style.color).not.toContain('red');
    expect(screen.getByTestId('dashboard-force-retry').dataset.urgent).toBe('false');
    expect(screen.getByText('Nothing has failed: there is nothing to send again.')).toBeTruthy();
    expect(screen.queryByTestId('failed-email-summary')).toBeNull();
  });

  it('summarises failed e-mails: counts, the next three retries and "and N more"', async () => {
    dashboardApi({ failed: () => failing(3, 7) });
    renderDashboard();
    const summary = await screen.findByRole('region', { name: 'Failed Email Summary' });
    expect(within(summary).getByTestId('failed-email-pending').textContent).toBe('2');
    expect(within(summary).getByTestId('failed-email-retry-scheduled').textContent).toBe('7');
    expect(within(summary).getByTestId('failed-email-failed-permanently').textContent).toBe('1');
    expect(within(summary).getByTestId('failed-email-ready-to-retry').textContent).toBe('1');
    const next = within(within(summary).getByTestId('failed-email-next-retries')).getAllByRole('listitem');
    expect(next.map((li) => li.textContent?.split(' at ')[0])).toEqual([
      'person1@example.org',
      'person2@example.org',
      'person3@example.org',
    ]);
    expect(within(summary).getByTestId('failed-email-more').textContent).toBe('and 4 more');
  });

  it('leaves out the "and N more" line when every scheduled retry is listed', async () => {
    dashboardApi({ failed: () => failing(2, 2) });
    renderDashboard();
    const summary = await screen.findByRole('region', { name: 'Failed Email Summary' });
    expect(
      within(within(summary).getByTestId('failed-email-next-retries')).getAllByRole('listitem'),
    ).toHaveLength(2);
    expect(within(summary).queryByTestId('failed-email-more')).toBeNull();
    expect(within(summary).queryByText(/^and \d+ more$/)).toBeNull();
  });

  it('Retry Now reports the outcome in the spec’s words, or that nothing was ready', async () => {
    dashboardApi({ failed: () => failing(3, 7) });
    let answer: TRetryResult | null = retryResult(3, 2, 1);
    const posts: string[] = [];
    server.use(
      mock.post('/api/accounts/admin/failed-emails/retry/', ({ request }) => {
        posts.push(new URL(request.url).pathname);
        return answer ? HttpResponse.json(answer) : new HttpResponse(null, { status: 500 });
      }),
    );
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Retry Now' }));
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenLastCalledWith(
        'Successfully processed 3 emails. 2 successful, 1 still failed.',
        'success',
      ),
    );

    answer = retryResult(0, 0, 0);
    await user.click(screen.getByRole('button', { name: 'Retry Now' }));
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenLastCalledWith('No failed emails were ready for retry', 'info'),
    );

    answer = null;
    await user.click(screen.getByRole('button', { name: 'Retry Now' }));
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenLastCalledWith(
        'Failed to retry emails. Please try again.',
        'error',
      ),
    );
    expect(posts).toHaveLength(3);
  });

  it('Force Retry All Failed calls the force-retry endpoint', async () => {
    dashboardApi({ failed: () => failing(1, 1) });
    let forced = 0;
    server.use(
      mock.post('/api/accounts/admin/failed-emails/force-retry/', () => {
        forced += 1;
        return HttpResponse.json(retryResult(2, 2, 0));
      }),
    );
    const { user } = renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Force Retry All Failed' }));
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenLastCalledWith(
        'Successfully processed 2 emails. 2 successful, 0 still failed.',
        'success',
      ),
    );
    expect(forced).toBe(1);
  });

  it('lists the recent events with their counts', async () => {
    dashboardApi();
    renderDashboard();
    const recent = await screen.findByRole('region', { name: 'Recent Events' });
    const item = await within(recent).findByTestId('recent-event');
    expect(within(item).getByRole('link', { name: 'Running' }).getAttribute('href')).toBe(
      '/dashboard/events/1',
    );
    expect(item.textContent).toContain('20Participants');
    expect(item.textContent).toContain('8Confirmed');
    expect(item.textContent).toContain('3Checked In');
    expect(within(recent).queryByText('Your recent events will appear here.')).toBeNull();
  });

  it('says when some data failed to load, and Refresh asks again', async () => {
    let failedStatsDown = true;
    dashboardApi({
      failed: () => (failedStatsDown ? new HttpResponse(null, { status: 500 }) : failedEmailStats()),
    });
    const { user } = renderDashboard();
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain('Failed to load dashboard data. Please refresh the page.');
    expect(await stat('failed-emails')).toEqual({ value: '—', detail: null });
    // The rest of the page still shows what did load.
    expect(await stat('events')).toEqual({ value: '3', detail: '1 running now · 1 upcoming' });

    failedStatsDown = false;
    await user.click(within(banner).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(await stat('failed-emails')).toEqual({ value: '0', detail: '0 ready for retry' });
  });

  it('shows the recent-events placeholder when the activity cannot be loaded', async () => {
    dashboardApi({ activityFails: true });
    renderDashboard();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(await screen.findByText('Your recent events will appear here.')).toBeTruthy();
  });
});
