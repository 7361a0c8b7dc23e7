import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TOutgoingMessage } from '@attend/shared';
import { EventMessagesPage } from '../src/features/notifications/routes/event-messages-page';
import { expireSession, startSession } from '../src/lib/auth-session';
import { notify } from '../src/lib/notify';
import { server } from './msw';
import { EVENT_ID, eventDetail, retryResult } from './notifications-fixtures';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

vi.mock('../src/lib/notify', () => ({ notify: vi.fn() }));

function message(overrides: Partial<TOutgoingMessage>): TOutgoingMessage {
  return {
    id: 1,
    participant_id: 1,
    participant_name: 'Amina Uwase',
    channel: 'email',
    recipient: 'amina@example.org',
    subject: 'Your login details',
    preview: '',
    status: 'sent',
    attempts: 1,
    max_attempts: 5,
    next_attempt_at: null,
    last_error: null,
    sent_at: '2026-03-01T10:00:00Z',
    created_at: '2026-03-01T09:59:00Z',
    ...overrides,
  };
}

const messages = [
  message({ id: 1 }),
  message({
    id: 2,
    participant_name: 'Grace Mukamana',
    recipient: 'grace@example.org',
    status: 'failed_permanently',
    attempts: 5,
    last_error: '550 Mailbox unavailable',
    sent_at: null,
  }),
  message({
    id: 3,
    channel: 'sms',
    recipient: '+254712345678',
    subject: '',
    preview: 'Regional Health Workshop: event code RHW26X, your code ABCD2345',
  }),
];

describe('event messages page', () => {
  beforeEach(() => {
    startSession(accessToken(), staffUser);
    vi.mocked(notify).mockClear();
  });
  afterEach(() => expireSession());

  it('lists status, attempts and last error, and retries one failed message', async () => {
    const queries: string[] = [];
    const retried: string[] = [];
    server.use(
      mock.get(`/api/events/${EVENT_ID}/`, () => HttpResponse.json(eventDetail())),
      mock.get(`/api/events/${EVENT_ID}/messages/`, ({ request }) => {
        queries.push(new URL(request.url).searchParams.toString());
        return HttpResponse.json({ count: 3, next: null, previous: null, results: messages });
      }),
      mock.post(`/api/events/${EVENT_ID}/messages/:id/retry/`, ({ params }) => {
        retried.push(String(params.id));
        return HttpResponse.json(retryResult(1, 1, 0));
      }),
    );
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/dashboard/events/:eventId/messages', Component: EventMessagesPage }],
      `/dashboard/events/${EVENT_ID}/messages`,
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Regional Health Workshop - Messages' }),
    ).toBeTruthy();
    const rows = await screen.findAllByTestId('message-row');
    const [sent, failed, sms] = rows;
    if (!sent || !failed || !sms) throw new Error('three rows expected');
    expect(sent.textContent).toContain('Sent');
    // In the event's zone (UTC here), named like every other time of the event.
    expect(sent.textContent).toContain('Sent Mar 01, 2026, 10:00 AM UTC');
    expect(within(sent).queryByRole('button')).toBeNull();
    expect(failed.textContent).toContain('Failed Permanently');
    expect(failed.textContent).toContain('5 of 5');
    expect(failed.textContent).toContain('550 Mailbox unavailable');
    expect(queries).toEqual(['page=1&page_size=50']);
    // An SMS shows the start of its text where an e-mail shows its subject; its number stays whole.
    expect(sms.textContent).toContain('Regional Health Workshop: event code RHW26X');
    expect(within(sms).getByText('+254712345678').style.whiteSpace).toBe('nowrap');

    await user.click(within(failed).getByRole('button', { name: 'Retry the message to grace@example.org' }));
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith('Retried 1 messages: 1 sent, 0 failed.', 'success'),
    );
    expect(retried).toEqual(['2']);
  });
});
