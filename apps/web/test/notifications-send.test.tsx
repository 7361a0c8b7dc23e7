import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import {
  ZSendNotificationsResult,
  type TParticipant,
  type TParticipantPage,
  type TSendNotifications,
} from '@attend/shared';
import { ParticipantDetailPage } from '../src/features/participants/routes/participant-detail-page';
import { ParticipantsPage } from '../src/features/participants/routes/participants-page';
import { expireSession, startSession } from '../src/lib/auth-session';
import { notify } from '../src/lib/notify';
import { server } from './msw';
import { EVENT_ID, eventDetail, participant } from './notifications-fixtures';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

vi.mock('../src/lib/notify', () => ({ notify: vi.fn() }));

const BASE = `/api/events/${EVENT_ID}/participants/`;
const SEND = `${BASE}send_notifications/`;

const rows: TParticipant[] = [
  participant({ id: 1, full_name: 'Amina Uwase', notification_status: 'not_sent' }),
  participant({
    id: 2,
    full_name: 'Jean Habimana',
    username: 'jean',
    email: 'jean@example.org',
    notification_status: 'sent',
    notification_sent: true,
    notification_sent_at: '2026-03-01T10:00:00Z',
  }),
  participant({
    id: 3,
    full_name: 'Grace Mukamana',
    username: 'grace',
    email: 'grace@example.org',
    notification_status: 'failed',
  }),
  participant({
    id: 4,
    full_name: 'Eric Nshuti',
    username: 'eric',
    email: 'eric@example.org',
    notification_status: 'queued',
  }),
];

function page(results: TParticipant[]): TParticipantPage {
  return { count: results.length, next: null, previous: null, results };
}

/** The page's reads; the ids endpoint answers by notification_status, and its queries are recorded. */
function participantsApi() {
  const idQueries: string[] = [];
  server.use(
    mock.get(`/api/events/${EVENT_ID}/`, () => HttpResponse.json(eventDetail())),
    mock.get(`${BASE}stats/`, () =>
      HttpResponse.json({ total: 4, confirmed: 0, pending: 4, notification_sent: 1 }),
    ),
    mock.get(BASE, () => HttpResponse.json(page(rows))),
    mock.get(`${BASE}ids/`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      idQueries.push(query.toString());
      const status = query.get('notification_status');
      const ids = rows.filter((r) => !status || r.notification_status === status).map((r) => r.id);
      return HttpResponse.json({ count: ids.length, ids });
    }),
  );
  answerSmsPreview();
  return idQueries;
}

/** POST send_notifications answered with `answer`; the bodies sent are recorded. */
function answerSend(answer: (body: TSendNotifications) => Response) {
  const bodies: TSendNotifications[] = [];
  server.use(
    mock.post(SEND, async ({ request }) => {
      const body = (await request.json()) as TSendNotifications;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}

/** An answer as the API may send it (the per-channel fields have defaults). */
type SendAnswer = z.input<typeof ZSendNotificationsResult>;

function result(overrides: Partial<SendAnswer>): SendAnswer {
  return { success_count: 0, error_count: 0, errors: [], message: '', ...overrides };
}

/** The event's login SMS per language, as GET …/sms_preview/ answers it. */
function answerSmsPreview() {
  server.use(
    mock.get(`${BASE}sms_preview/`, () =>
      HttpResponse.json({
        max_segments: { 'GSM-7': 2, 'UCS-2': 3 },
        messages: [
          { language: 'en', text: 'x', encoding: 'GSM-7', characters: 150, segments: 1 },
          { language: 'fr', text: 'x', encoding: 'GSM-7', characters: 170, segments: 2 },
          { language: 'sw', text: 'x', encoding: 'UCS-2', characters: 180, segments: 3 },
        ],
      }),
    ),
  );
}

function renderParticipants() {
  const user = userEvent.setup();
  const view = renderRoutes(
    [
      { path: '/dashboard/events/:eventId/participants', Component: ParticipantsPage },
      { path: '/dashboard/events/:eventId/participants/:participantId', Component: ParticipantDetailPage },
    ],
    `/dashboard/events/${EVENT_ID}/participants`,
  );
  return { ...view, user };
}

const rowOf = async (name: string) => {
  const cell = await screen.findByRole('link', { name });
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
};

describe('participants: notifications', () => {
  beforeEach(() => {
    startSession(accessToken(), staffUser);
    vi.mocked(notify).mockClear();
  });
  afterEach(() => expireSession());

  it('shows Sent / Not Sent, and Queued and Failed, in the Notification column', async () => {
    participantsApi();
    renderParticipants();
    const status = async (name: string) =>
      within(await rowOf(name)).getByTestId('notification-status').textContent;
    expect(await status('Amina Uwase')).toBe('Not Sent');
    expect(await status('Jean Habimana')).toBe('Sent');
    expect(await status('Grace Mukamana')).toBe('Failed');
    expect(await status('Eric Nshuti')).toBe('Queued');
  });

  it('Select Not Notified selects everyone whose login details are not sent (never, queued or failed)', async () => {
    const idQueries = participantsApi();
    const { user } = renderParticipants();
    await rowOf('Amina Uwase');
    await user.click(screen.getByRole('button', { name: 'Select Not Notified' }));
    expect(await screen.findByRole('button', { name: 'Send Selected (3)' })).toBeTruthy();
    expect(idQueries.sort()).toEqual([
      'notification_status=failed',
      'notification_status=not_sent',
      'notification_status=queued',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Select Jean Habimana' })).toHaveProperty('checked', false);
    expect(screen.getByRole('checkbox', { name: 'Select Amina Uwase' })).toHaveProperty('checked', true);
  });

  it('Send Selected with nothing selected asks for a selection and sends nothing', async () => {
    participantsApi();
    const bodies = answerSend(() => HttpResponse.json(result({})));
    const { user } = renderParticipants();
    await rowOf('Amina Uwase');
    await user.click(screen.getByRole('button', { name: 'Send Selected (0)' }));
    expect(vi.mocked(notify)).toHaveBeenCalledWith('Please select at least one participant', 'warning');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(bodies).toHaveLength(0);
  });

  it('sends the selection with the chosen type and shows the outcome with one line per error', async () => {
    participantsApi();
    const bodies = answerSend(() =>
      HttpResponse.json(
        result({
          success_count: 1,
          error_count: 1,
          errors: [{ participant_id: 3, error: 'This participant has no phone number.' }],
          message: 'Notifications sent. Success: 1, Errors: 1',
          sms: { queued: 1, errors: 1 },
        }),
      ),
    );
    const { user } = renderParticipants();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Amina Uwase' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Mukamana' }));
    await user.click(screen.getByRole('button', { name: 'Send Selected (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send Notifications' });
    expect(within(dialog).getByText('Selected participants: 2')).toBeTruthy();
    // Both is the default; the three choices carry the spec's labels.
    expect(
      within(dialog).getByRole('radio', { name: 'Email & SMS (if phone number available)' }),
    ).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('radio', { name: 'Email only' })).toHaveProperty('checked', false);
    // What the login SMS costs, per language (the organiser pays per segment).
    const cost = await within(dialog).findByTestId('send-notifications-sms-cost');
    expect(
      within(cost)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['English: 1 segment, GSM-7', 'Français: 2 segments, GSM-7', 'Kiswahili: 3 segments, UCS-2']);
    await user.click(within(dialog).getByRole('radio', { name: 'Email only' }));
    expect(within(dialog).queryByTestId('send-notifications-sms-cost')).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'SMS only' }));
    expect(within(dialog).getByTestId('send-notifications-what').textContent).toMatch(/^An SMS/);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const outcome = await within(dialog).findByTestId('send-notifications-result');
    expect(bodies).toEqual([{ participant_ids: [1, 3], type: 'sms' }]);
    expect(within(outcome).getByRole('status').textContent).toContain(
      'Notifications sent. Success: 1, Errors: 1',
    );
    const errors = within(outcome).getByTestId('send-notifications-errors');
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Grace Mukamana: This participant has no phone number.']);
    expect(within(outcome).getByTestId('send-notifications-channels').textContent).toContain(
      'SMS: 1 queued, 1 not sent',
    );
    expect(vi.mocked(notify)).toHaveBeenCalledWith('Notifications sent. Success: 1, Errors: 1', 'warning');
    // Someone was not reached: the selection stays for another try.
    expect(screen.getByRole('button', { name: 'Send Selected (2)' })).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Send All Notifications sends to every participant of the event, both ways by default', async () => {
    const idQueries = participantsApi();
    const bodies = answerSend((body) =>
      HttpResponse.json(
        result({
          success_count: body.participant_ids.length,
          message: `Notifications sent. Success: ${body.participant_ids.length}, Errors: 0`,
        }),
      ),
    );
    const { user } = renderParticipants();
    await rowOf('Amina Uwase');
    await user.click(screen.getByRole('button', { name: 'Send All Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Notifications' });
    expect(idQueries).toEqual(['']);
    expect(within(dialog).getByText('Selected participants: 4')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    const outcome = await within(dialog).findByTestId('send-notifications-result');
    expect(within(outcome).queryByTestId('send-notifications-errors')).toBeNull();
    expect(bodies).toEqual([{ participant_ids: [1, 2, 3, 4], type: 'both' }]);
    expect(vi.mocked(notify)).toHaveBeenCalledWith('Notifications sent. Success: 4, Errors: 0', 'success');
  });

  it('a refused send says so and keeps the form', async () => {
    participantsApi();
    answerSend(() => new HttpResponse(null, { status: 500 }));
    const { user } = renderParticipants();
    await user.click(await screen.findByRole('checkbox', { name: 'Select Amina Uwase' }));
    await user.click(screen.getByRole('button', { name: 'Send Selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Notifications' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith('Failed to send notifications', 'error'),
    );
    expect(within(dialog).queryByTestId('send-notifications-result')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeTruthy();
  });

  it('the row Send Login sends one participant both ways: success, or the reason it was not sent', async () => {
    participantsApi();
    let answer = result({ success_count: 1, message: 'Notifications sent. Success: 1, Errors: 0' });
    const bodies = answerSend(() => HttpResponse.json(answer));
    const { user } = renderParticipants();
    await user.click(within(await rowOf('Amina Uwase')).getByRole('button', { name: 'Send Login' }));
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith('Login details sent successfully', 'success'),
    );
    expect(bodies).toEqual([{ participant_ids: [1], type: 'both' }]);

    answer = result({
      error_count: 1,
      errors: [{ participant_id: 3, error: 'This participant has no valid e-mail address.' }],
    });
    await user.click(within(await rowOf('Grace Mukamana')).getByRole('button', { name: 'Send Login' }));
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenLastCalledWith(
        'This participant has no valid e-mail address.',
        'error',
      ),
    );
  });

  it('the detail page shows the notification status and sent-at, and Send Login Details sends', async () => {
    const jean = rows[1];
    if (!jean) throw new Error('fixture');
    server.use(mock.get(`${BASE}${jean.id}/`, () => HttpResponse.json(jean)));
    const bodies = answerSend(() => new HttpResponse(null, { status: 500 }));
    const user = userEvent.setup();
    renderRoutes(
      [{ path: '/dashboard/events/:eventId/participants/:participantId', Component: ParticipantDetailPage }],
      `/dashboard/events/${EVENT_ID}/participants/${jean.id}`,
    );
    const login = await screen.findByRole('region', { name: 'Login Information' });
    expect(within(login).getByTestId('notification-status').textContent).toBe('Sent');
    expect(login.textContent).toContain('Notification Sent At');
    expect(login.textContent).toMatch(/Mar 01, 2026/);

    await user.click(screen.getByRole('button', { name: 'Send Login Details' }));
    await waitFor(() =>
      expect(vi.mocked(notify)).toHaveBeenCalledWith('Failed to send login details', 'error'),
    );
    expect(bodies).toEqual([{ participant_ids: [jean.id], type: 'both' }]);
  });
});
