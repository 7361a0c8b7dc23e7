import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CalendarProgrammeButton } from '../src/features/sessions/components/calendar-programme-button';
import { ParticipantSessionsPage } from '../src/features/sessions/routes/participant-sessions';
import { expireSession, startSession } from '../src/lib/auth-session';
import { notify } from '../src/lib/notify';
import { participantUser } from './fixtures';
import { server } from './msw';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

vi.mock('../src/lib/notify', () => ({ notify: vi.fn() }));

const EVENT_ID = participantUser.event.id;
const URL_ANSWER = 'webcal://attend.test/api/calendar/3q2-7wEjQ1mX0cJ5bH8kLzR4tVnYpA6s.ics';
const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Attend//Event programme//EN\r\nEND:VCALENDAR\r\n';

/** Every calendar call the page makes, with the Authorization header it carried. */
function calendarApi(opts: { subscription?: 'ok' | 'fail' } = {}) {
  const calls: { path: string; auth: string | null }[] = [];
  const record = (request: Request) =>
    calls.push({ path: new URL(request.url).pathname, auth: request.headers.get('Authorization') });
  server.use(
    mock.get(`/api/events/${EVENT_ID}/sessions/`, () => HttpResponse.json([])),
    mock.get('/api/participants/me/calendar/', ({ request }) => {
      record(request);
      return opts.subscription === 'fail'
        ? HttpResponse.json({ detail: 'Participant not found', code: 'not_found' }, { status: 404 })
        : HttpResponse.json({ url: URL_ANSWER });
    }),
    mock.get('/api/participants/me/calendar.ics', ({ request }) => {
      record(request);
      return new HttpResponse(ICS, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
    }),
    mock.get(`/api/events/${EVENT_ID}/sessions/calendar.ics`, ({ request }) => {
      record(request);
      return new HttpResponse(ICS, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
    }),
  );
  return calls;
}

let saved: Blob[] = [];

beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    saved.push(blob as Blob);
    return 'blob:calendar';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  expireSession();
  vi.restoreAllMocks();
});

describe('Add to calendar (participant sessions page)', () => {
  beforeEach(() =>
    startSession(accessToken({ is_staff: false, is_participant: true }), {
      ...participantUser,
      confirmed_attendance: true,
    }),
  );

  it('asks for the subscription address only when opened, shows it, and downloads the .ics signed in', async () => {
    const calls = calendarApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/sessions', Component: ParticipantSessionsPage }], '/sessions');
    const open = await screen.findByRole('button', { name: 'Add to calendar' });
    expect(calls).toEqual([]);

    await user.click(open);
    await waitFor(() =>
      expect((screen.getByTestId('calendar-url') as HTMLInputElement).value).toBe(URL_ANSWER),
    );
    expect(screen.getByRole('link', { name: 'Open in calendar app' }).getAttribute('href')).toBe(URL_ANSWER);
    expect(
      screen.getByText('Keep it private. Sign out everywhere revokes it; you then get a new address here.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download .ics' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(await saved[0]?.text()).toBe(ICS);
    expect(calls.map((c) => c.path)).toEqual([
      '/api/participants/me/calendar/',
      '/api/participants/me/calendar.ics',
    ]);
    for (const c of calls) expect(c.auth).toMatch(/^Bearer .+/);
  });

  it('still says the file is downloaded when the panel was closed while it downloaded', async () => {
    calendarApi();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      mock.get('/api/participants/me/calendar.ics', async () => {
        await held;
        return new HttpResponse(ICS, { headers: { 'Content-Type': 'text/calendar; charset=utf-8' } });
      }),
    );
    vi.mocked(notify).mockClear();
    const user = userEvent.setup();
    renderRoutes([{ path: '/sessions', Component: ParticipantSessionsPage }], '/sessions');
    const toggle = await screen.findByRole('button', { name: 'Add to calendar' });
    await user.click(toggle);
    await user.click(await screen.findByRole('button', { name: 'Download .ics' }));
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Download .ics' })).toBeNull();
    release();
    await waitFor(() => expect(saved).toHaveLength(1));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Calendar file downloaded', 'success'));
  });

  it("says so when the address cannot be loaded, in the server's words", async () => {
    calendarApi({ subscription: 'fail' });
    const user = userEvent.setup();
    renderRoutes([{ path: '/sessions', Component: ParticipantSessionsPage }], '/sessions');
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    expect((await screen.findByText('Participant not found')).getAttribute('role')).toBe('alert');
  });
});

describe('Download programme (.ics) (staff sessions page)', () => {
  beforeEach(() => startSession(accessToken(), staffUser));

  it('downloads the whole programme with the bearer token', async () => {
    const calls = calendarApi();
    const user = userEvent.setup();
    renderRoutes([{ path: '/x', Component: () => <CalendarProgrammeButton eventId={EVENT_ID} /> }], '/x');
    await user.click(await screen.findByRole('button', { name: 'Download programme (.ics)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(calls).toEqual([
      { path: `/api/events/${EVENT_ID}/sessions/calendar.ics`, auth: expect.stringMatching(/^Bearer /) },
    ]);
  });
});
