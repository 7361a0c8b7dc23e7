import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ParticipantDetailPage } from '../src/features/participants/routes/participant-detail-page';
import { expireSession, startSession } from '../src/lib/auth-session';
import { notify } from '../src/lib/notify';
import { server } from './msw';
import { EVENT_ID, participant } from './notifications-fixtures';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

vi.mock('../src/lib/notify', () => ({ notify: vi.fn() }));

const PARTICIPANT_ID = 1;
const BASE = `/api/events/${EVENT_ID}/participants/${PARTICIPANT_ID}/`;
const NEW_CODE = 'WXYZ6789';

/** The participant, the reset answered like the API (with the new code), and a login link; calls recorded. */
function resetApi({ status = 200 }: { status?: number } = {}) {
  const calls: string[] = [];
  let code = 'ABCD2345';
  server.use(
    mock.get(BASE, () => HttpResponse.json(participant({ id: PARTICIPANT_ID, unique_code: code }))),
    mock.post(`${BASE}reset-code/`, () => {
      calls.push('reset');
      if (status !== 200) {
        return HttpResponse.json({ detail: 'Participant not found.', code: 'not_found' }, { status });
      }
      code = NEW_CODE;
      return HttpResponse.json(participant({ id: PARTICIPANT_ID, unique_code: code }));
    }),
    mock.post(`${BASE}login-link/`, () => {
      calls.push('link');
      return HttpResponse.json(
        {
          url: `http://attend.test/auto-login?token=t${calls.length}&event_id=5`,
          expires_at: '2099-03-04T17:00:00Z',
        },
        { status: 201 },
      );
    }),
  );
  return calls;
}

function renderDetail() {
  const user = userEvent.setup();
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: vi.fn().mockResolvedValue(undefined) },
  });
  renderRoutes(
    [{ path: '/dashboard/events/:eventId/participants/:participantId', Component: ParticipantDetailPage }],
    `/dashboard/events/${EVENT_ID}/participants/${PARTICIPANT_ID}`,
  );
  return user;
}

describe('participant detail: reset login code', () => {
  beforeEach(() => {
    startSession(accessToken(), staffUser);
    vi.mocked(notify).mockClear();
  });
  afterEach(() => expireSession());

  it('asks first; Cancel changes nothing', async () => {
    const calls = resetApi();
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Reset login code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset login code' });
    expect(dialog.textContent).toContain(
      'This gives Amina Uwase a new unique code. The old code stops working, and every sign-in and login link of theirs ends. Their QR code stays the same.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
    expect(screen.getByTestId('unique-code').textContent).toBe('ABCD2345');
  });

  it('resets on confirmation, shows the new code and says so; a login link handed out before is not reused', async () => {
    const calls = resetApi();
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Copy login link' }));
    await waitFor(() => expect(calls).toEqual(['link']));

    await user.click(screen.getByRole('button', { name: 'Reset login code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset login code' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset login code' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(`Login code reset. The new code is ${NEW_CODE}.`, 'success'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('unique-code').textContent).toBe(NEW_CODE);

    // The reset revoked every link: Copy login link makes a new one.
    await user.click(screen.getByRole('button', { name: 'Copy login link' }));
    await waitFor(() => expect(calls).toEqual(['link', 'reset', 'link']));
  });

  it('reports a refusal in the server’s words and keeps the dialog open', async () => {
    resetApi({ status: 404 });
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Reset login code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset login code' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset login code' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Participant not found.', 'error'));
    expect(screen.getByRole('dialog', { name: 'Reset login code' })).toBeTruthy();
    expect(screen.getByTestId('unique-code').textContent).toBe('ABCD2345');
  });
});
