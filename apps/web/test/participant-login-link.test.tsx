import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notifications, notifications } from '@mantine/notifications';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AddParticipantModal } from '../src/features/participants/components/add-participant-modal';
import { loginQrDataUrl } from '../src/features/participants/lib/login-qr';
import { ParticipantDetailPage } from '../src/features/participants/routes/participant-detail-page';
import { expireSession, startSession } from '../src/lib/auth-session';
import { notify } from '../src/lib/notify';
import { server } from './msw';
import { EVENT_ID, participant } from './notifications-fixtures';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

vi.mock('../src/lib/notify', () => ({ notify: vi.fn() }));

const PARTICIPANT_ID = 1;
const LINK_PATH = `/api/events/${EVENT_ID}/participants/${PARTICIPANT_ID}/login-link/`;
const LINK_URL = 'http://attend.test/auto-login?token=q8Xr1bT2uVwYz3A4bC5dEf&event_id=5';

/** The participant, and login-link calls answered like the API; the calls made are recorded. */
function loginLinkApi({ revoked = 2, createStatus = 201 }: { revoked?: number; createStatus?: number } = {}) {
  const calls: string[] = [];
  server.use(
    mock.get(`/api/events/${EVENT_ID}/participants/${PARTICIPANT_ID}/`, () =>
      HttpResponse.json(participant({ id: PARTICIPANT_ID })),
    ),
    mock.post(LINK_PATH, () => {
      calls.push('POST');
      return createStatus === 201
        ? HttpResponse.json({ url: LINK_URL, expires_at: '2099-03-04T17:00:00Z' }, { status: 201 })
        : HttpResponse.json(
            { detail: 'This event has ended.', code: 'bad_request' },
            { status: createStatus },
          );
    }),
    mock.delete(LINK_PATH, () => {
      calls.push('DELETE');
      return HttpResponse.json({ revoked });
    }),
  );
  return calls;
}

const writeText = vi.fn<(text: string) => Promise<void>>();

/** user-event puts a clipboard of its own on `navigator`; ours goes on after it, to record and fail. */
function setupUser() {
  const user = userEvent.setup();
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  return user;
}

function renderDetail() {
  const user = setupUser();
  renderRoutes(
    [{ path: '/dashboard/events/:eventId/participants/:participantId', Component: ParticipantDetailPage }],
    `/dashboard/events/${EVENT_ID}/participants/${PARTICIPANT_ID}`,
  );
  return user;
}

describe('participant detail: one-click login link', () => {
  beforeEach(() => {
    startSession(accessToken(), staffUser);
    writeText.mockReset();
    writeText.mockResolvedValue(undefined);
    vi.mocked(notify).mockClear();
  });
  afterEach(() => expireSession());

  it('offers Copy login link, Show login QR and Revoke login links', async () => {
    loginLinkApi();
    renderDetail();
    const panel = await screen.findByRole('region', { name: 'One-click login link' });
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Copy login link', 'Show login QR', 'Revoke login links']);
  });

  it('copies a new link to the clipboard and says so; a second copy reuses it', async () => {
    const calls = loginLinkApi();
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Copy login link' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Login link copied to clipboard', 'success'));
    expect(writeText).toHaveBeenCalledWith(LINK_URL);
    await user.click(screen.getByRole('button', { name: 'Copy login link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(calls).toEqual(['POST']);
  });

  it('reports a clipboard failure, and the server refusal when no link could be made', async () => {
    loginLinkApi();
    writeText.mockRejectedValue(new Error('denied'));
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Copy login link' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Failed to copy', 'error'));
    expect(notify).not.toHaveBeenCalledWith('Login link copied to clipboard', 'success');

    server.resetHandlers();
    loginLinkApi({ createStatus: 400 });
    vi.mocked(notify).mockClear();
    writeText.mockClear();
    // The cached link is forgotten only by a revoke: revoke, then copy again and meet the refusal.
    await user.click(screen.getByRole('button', { name: 'Revoke login links' }));
    await waitFor(() => expect(notify).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Copy login link' }));
    await waitFor(() => expect(notify).toHaveBeenLastCalledWith('This event has ended.', 'error'));
    expect(writeText).not.toHaveBeenCalled();
  });

  it('shows the link as a QR image with the link text', async () => {
    loginLinkApi();
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Show login QR' }));
    const dialog = await screen.findByRole('dialog', { name: 'Login QR for Amina Uwase' });
    const img = await within(dialog).findByRole('img', { name: 'Login QR code for Amina Uwase' });
    const src = img.getAttribute('src') ?? '';
    expect(src.startsWith('data:image/svg+xml')).toBe(true);
    // The QR of this very link (and not of another one).
    expect(src).toBe(await loginQrDataUrl(LINK_URL));
    expect(src).not.toBe(await loginQrDataUrl(`${LINK_URL}x`));
    expect(within(dialog).getByTestId('login-link-url').textContent).toBe(LINK_URL);
  });

  it('revokes in one click and says how many links stopped working', async () => {
    const calls = loginLinkApi({ revoked: 2 });
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Revoke login links' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('Login links revoked: 2. They no longer sign in.', 'success'),
    );
    expect(calls).toEqual(['DELETE']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so when there was no live link to revoke', async () => {
    loginLinkApi({ revoked: 0 });
    const user = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Revoke login links' }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith('There were no active login links to revoke.', 'success'),
    );
  });
});

describe('add participant: the unique code stays on screen', () => {
  beforeEach(() => {
    startSession(accessToken(), staffUser);
    writeText.mockReset();
    writeText.mockResolvedValue(undefined);
  });
  afterEach(() => {
    notifications.clean();
    expireSession();
    vi.restoreAllMocks();
  });

  it('shows the spec sentence with the code in a toast that does not close by itself, with a copy button', async () => {
    server.use(
      mock.post(`/api/events/${EVENT_ID}/participants/`, () =>
        HttpResponse.json(
          {
            ...participant({ id: 9, full_name: 'Grace Mukamana', unique_code: 'KM7P2QXZ' }),
            message: 'Participant created successfully',
            data: { unique_code: 'KM7P2QXZ' },
          },
          { status: 201 },
        ),
      ),
    );
    const show = vi.spyOn(notifications, 'show');
    const onClose = vi.fn();
    const user = setupUser();
    renderRoutes(
      [
        {
          path: '/',
          element: (
            <>
              <Notifications />
              <AddParticipantModal eventId={EVENT_ID} opened onClose={onClose} />
            </>
          ),
        },
      ],
      '/',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add Participant' });
    await user.type(within(dialog).getByLabelText(/Full Name/), 'Grace Mukamana');
    await user.type(within(dialog).getByLabelText(/Email/), 'grace@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Add Participant' }));

    const message = await screen.findByTestId('participant-created-message');
    expect(message.textContent).toBe('Participant created successfully. Their unique code is: KM7P2QXZ');
    expect(screen.getByTestId('participant-created-code').textContent).toBe('KM7P2QXZ');
    expect(show).toHaveBeenCalledTimes(1);
    expect(show.mock.calls[0]?.[0]).toMatchObject({ autoClose: false, withCloseButton: true });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));

    await user.click(screen.getByRole('button', { name: 'Copy unique code' }));
    expect(writeText).toHaveBeenCalledWith('KM7P2QXZ');
    expect((await screen.findByRole('status')).textContent).toBe('Copied to clipboard');
    // Still there after copying: only the user closes it.
    expect(screen.getByTestId('participant-created-message')).toBeTruthy();
  });
});
