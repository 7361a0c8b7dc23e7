import { screen } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { TParticipantSelf } from '@attend/shared';
import { apiPaths } from '../src/config/paths';
import { LAST_SHOWN_USER_KEY } from '../src/features/attendance/lib/last-shown-user';
import { QrCodePage } from '../src/features/attendance/routes/qr-code-page';
import { expireSession, startSession } from '../src/lib/auth-session';
import { deferred, participantUser } from './fixtures';
import { server } from './msw';
import { eventDetail } from './notifications-fixtures';
import { renderRoutes } from './render';
import { accessToken } from './tokens';

// The QR page (document 1 §2): its event's details are fetched 500 ms after it opens (§4), but the
// QR code, which needs none of them, shows at once.

const confirmed: TParticipantSelf = {
  ...participantUser,
  confirmed_attendance: true,
  qr_code_url: '/api/participants/qr/7.png?exp=1&sig=abc',
};

afterEach(() => {
  expireSession();
  localStorage.clear();
});

describe('the QR page', () => {
  it('shows the QR code while the event card waits for its details, then the details', async () => {
    // This device showed the same participant last: the URL kept with the user is used.
    localStorage.setItem(LAST_SHOWN_USER_KEY, String(confirmed.id));
    const answer = deferred();
    server.use(
      mock.get(apiPaths.event(confirmed.event.id), async () => {
        await answer.promise;
        return HttpResponse.json(eventDetail({ id: confirmed.event.id, name: 'Kigali Workshop' }));
      }),
    );
    startSession(
      accessToken({ is_staff: false, is_participant: true, participant_id: confirmed.id }),
      confirmed,
    );
    renderRoutes([{ path: '/qr-code', Component: QrCodePage }], '/qr-code');

    const qr = await screen.findByTestId('participant-qr');
    expect(qr.getAttribute('src')).toMatch(/^\/api\/participants\/qr\/7\.png\?exp=1&sig=abc&t=\d+$/);
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeTruthy();
    expect(screen.queryByTestId('qr-event-name')).toBeNull();

    answer.resolve();
    expect((await screen.findByTestId('qr-event-name', {}, { timeout: 3000 })).textContent).toBe(
      'Kigali Workshop',
    );
    expect(screen.getByTestId('participant-qr')).toBe(qr);
  });
});
