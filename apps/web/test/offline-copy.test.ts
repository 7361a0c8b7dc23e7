import { useQueryClient } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { http as mock, HttpResponse } from 'msw';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { TParticipantSelf } from '@attend/shared';
import { expireSession, startSession } from '../src/lib/auth-session';
import { ApiError, NetworkError } from '../src/lib/http';
import {
  forgetOfflineCopies,
  gotNoAnswer,
  keepOfflineCopy,
  readOfflineCopy,
  useForgetOfflineCopiesOnSignOut,
  useOffline,
} from '../src/lib/offline-copy';
import { ZImageDataUrl } from '../src/lib/image-data-url';
import { participantUser } from './fixtures';
import { server } from './msw';
import { eventDetail } from './notifications-fixtures';
import { renderRoutes } from './render';
import { accessToken } from './tokens';

const QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABc3UBGAAAAABJRU5ErkJggg==';
const ZName = z.object({ name: z.string() });

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('kept copies', () => {
  it('reads back what was kept, with the time it was kept, for that participant only', () => {
    vi.useFakeTimers({ now: new Date('2026-03-02T08:15:00Z'), toFake: ['Date'] });
    keepOfflineCopy(7, 'event', { name: 'Regional Health Workshop' });
    expect(readOfflineCopy(7, 'event', ZName)).toEqual({
      value: { name: 'Regional Health Workshop' },
      savedAt: new Date('2026-03-02T08:15:00Z'),
    });
    expect(readOfflineCopy(8, 'event', ZName)).toBeNull();
    expect(readOfflineCopy(7, 'qr', ZName)).toBeNull();
    expect(Object.keys(localStorage)).toEqual(['attend.offline.7.event']);
  });

  it('a newer copy replaces the older one', () => {
    keepOfflineCopy(7, 'qr', QR);
    keepOfflineCopy(7, 'qr', 'data:image/png;base64,AAAA');
    expect(readOfflineCopy(7, 'qr', ZImageDataUrl)?.value).toBe('data:image/png;base64,AAAA');
  });

  it('ignores copies that are not JSON, have no time, or that the schema refuses', () => {
    localStorage.setItem('attend.offline.7.event', '{not json');
    expect(readOfflineCopy(7, 'event', ZName)).toBeNull();
    localStorage.setItem('attend.offline.7.event', JSON.stringify({ value: { name: 'x' } }));
    expect(readOfflineCopy(7, 'event', ZName)).toBeNull();
    keepOfflineCopy(7, 'event', { title: 'no name' });
    expect(readOfflineCopy(7, 'event', ZName)).toBeNull();
    // Only images kept as data URLs are drawn: never a URL that would need the network (or another site).
    keepOfflineCopy(7, 'qr', 'https://elsewhere.example/qr.png');
    expect(readOfflineCopy(7, 'qr', ZImageDataUrl)).toBeNull();
    keepOfflineCopy(7, 'qr', 'data:text/html;base64,PHNjcmlwdD4=');
    expect(readOfflineCopy(7, 'qr', ZImageDataUrl)).toBeNull();
  });

  it('a full or disabled storage neither throws nor keeps anything', () => {
    const refuse = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    vi.stubGlobal('localStorage', { getItem: refuse, setItem: refuse, key: refuse, length: 1 });
    expect(() => keepOfflineCopy(7, 'qr', QR)).not.toThrow();
    expect(readOfflineCopy(7, 'qr', ZImageDataUrl)).toBeNull();
    expect(() => forgetOfflineCopies()).not.toThrow();
  });

  it('forgetting removes every participant’s copies and nothing else', () => {
    keepOfflineCopy(7, 'event', { name: 'a' });
    keepOfflineCopy(7, 'qr', QR);
    keepOfflineCopy(8, 'logo', QR);
    localStorage.setItem('attend.lastShownUserId', '7');
    forgetOfflineCopies();
    expect(Object.keys(localStorage)).toEqual(['attend.lastShownUserId']);
  });

  it('are forgotten when the session ends, not while it lasts', () => {
    const { rerender } = renderHook(() => useForgetOfflineCopiesOnSignOut());
    act(() => startSession(accessToken({ is_staff: false, is_participant: true }), participantUser));
    keepOfflineCopy(7, 'qr', QR);
    rerender();
    expect(readOfflineCopy(7, 'qr', ZImageDataUrl)).not.toBeNull();
    act(() => expireSession());
    expect(readOfflineCopy(7, 'qr', ZImageDataUrl)).toBeNull();
  });
});

describe('offline state', () => {
  it('follows the browser’s online and offline events', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const { result } = renderHook(() => useOffline());
    expect(result.current).toBe(false);
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(result.current).toBe(true);
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(result.current).toBe(false);
  });

  it('a query got no answer when it was paused or the request failed on the way, not when refused', () => {
    expect(gotNoAnswer({ isPaused: true, error: null })).toBe(true);
    expect(gotNoAnswer({ isPaused: false, error: new NetworkError('Network request failed.', false) })).toBe(
      true,
    );
    expect(gotNoAnswer({ isPaused: false, error: new ApiError(404, 'Not found.', 'not_found', null) })).toBe(
      false,
    );
    expect(gotNoAnswer({ isPaused: false, error: null })).toBe(false);
  });
});

/**
 * The pages, opened with no network as the participant last signed in on this device: a fresh module
 * graph so the session starts from 'restoring' as it does on a page load.
 */
describe('participant pages opened offline', () => {
  const confirmed: TParticipantSelf = {
    ...participantUser,
    confirmed_attendance: true,
    qr_code_url: '/api/qr/7.png?exp=1&sig=x',
  };
  const keptAt = new Date('2026-03-01T09:30:00Z');

  async function openOffline(path: string) {
    vi.resetModules();
    const session = await import('../src/lib/auth-session');
    const offlineCopy = await import('../src/lib/offline-copy');
    const { ParticipantLayout } = await import('../src/app/layouts/participant-layout');
    const { ParticipantEventPage } = await import('../src/features/events/routes/participant-event');
    const { QrCodePage } = await import('../src/features/attendance/routes/qr-code-page');
    // Every API call fails as it does without a network.
    server.use(mock.all('/api/*', () => HttpResponse.error()));
    localStorage.setItem('attend.lastUser', JSON.stringify(confirmed));
    vi.useFakeTimers({ now: keptAt, toFake: ['Date'] });
    offlineCopy.keepOfflineCopy(7, 'event', eventDetail({ id: 3, name: 'Kept Workshop', location: 'Huye' }));
    offlineCopy.keepOfflineCopy(7, 'qr', QR);
    vi.useRealTimers();
    await session.restoreSession();
    expect(session.getSession()).toMatchObject({ status: 'authenticated', offline: true });
    const rendered = renderRoutes(
      [
        {
          // As src/main.tsx mounts it above the router.
          Component: function Root() {
            offlineCopy.useRefetchWhenSessionResumes(useQueryClient());
            return createElement(ParticipantLayout);
          },
          children: [
            { path: '/event/:eventId', Component: ParticipantEventPage },
            { path: '/qr-code', Component: QrCodePage },
          ],
        },
      ],
      path,
    );
    return rendered;
  }

  it('/event/{id} shows the kept event and QR code and says it is offline, from when', async () => {
    await openOffline('/event/3');
    const notice = await screen.findByTestId('offline-notice');
    expect(notice.textContent).toMatch(
      /^You are offline\. This is the copy kept on this device from Mar 01, 2026, \d{1,2}:30 [AP]M\.$/,
    );
    expect(screen.getByTestId('event-name').textContent).toBe('Kept Workshop');
    expect(screen.getByTestId('event-location').textContent).toBe('Huye');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome, Ada Lovelace!');
    expect(screen.getByTestId('participant-qr').getAttribute('src')).toBe(QR);
    expect(within(screen.getByRole('banner')).getByTestId('offline-badge').textContent).toBe('Offline');
  });

  it('/qr-code shows the kept event details and QR code without an error', async () => {
    await openOffline('/qr-code');
    expect((await screen.findByTestId('qr-event-name')).textContent).toBe('Kept Workshop');
    expect(screen.getByTestId('qr-event-location').textContent).toBe('Huye');
    expect(screen.getByTestId('offline-notice').textContent).toContain('You are offline.');
    expect(screen.getByTestId('participant-qr').getAttribute('src')).toBe(QR);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('turns live by itself once the network is back: the session resumes and the page asks again', async () => {
    await openOffline('/event/3');
    await screen.findByTestId('offline-notice');
    const asked: string[] = [];
    server.use(
      mock.post('/api/auth/token/refresh/', () =>
        HttpResponse.json({
          access: accessToken({ is_staff: false, is_participant: true, participant_id: 7 }),
          refresh: 'cookie-only',
        }),
      ),
      mock.get('/api/events/3/', ({ request }) => {
        asked.push(request.headers.get('Authorization') ?? '');
        return HttpResponse.json(eventDetail({ id: 3, name: 'Live Workshop', location: 'Huye' }));
      }),
    );
    // The page's own request failed (the network was gone); only the session's resumption asks again.
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByTestId('offline-notice')).toBeNull());
    expect(screen.getByTestId('event-name').textContent).toBe('Live Workshop');
    expect(screen.queryByTestId('offline-badge')).toBeNull();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/^Bearer /);
  });

  it('another event id is not shown from the copy', async () => {
    await openOffline('/event/4');
    expect((await screen.findByTestId('offline-notice')).textContent).toBe(
      'You are offline. Open this page once while online to keep a copy on this device.',
    );
    expect(screen.queryByTestId('event-name')).toBeNull();
  });
});
