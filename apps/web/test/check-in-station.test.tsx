import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TCheckIn, TCheckInCreate, TCheckInPage } from '@attend/shared';
import { CheckInPage } from '../src/features/check-in/routes/check-in-page';
import { expireSession, startSession } from '../src/lib/auth-session';
import { checkIn, checkInEvent, checkInStats } from './check-in-fixtures';
import { server } from './msw';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

const EVENT = checkInEvent.id;
const POST = `/api/events/${EVENT}/check-in/`;

function page(results: TCheckIn[]): TCheckInPage {
  return { count: results.length, next: null, previous: null, results };
}

/** The live stream as the test drives it: `send` pushes one check_in event down the open connection. */
function liveStream() {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let connections = 0;
  server.use(
    mock.get(`/api/events/${EVENT}/check-ins/live/`, () => {
      connections += 1;
      const stream = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
          c.enqueue(encoder.encode(': connected\n\n'));
        },
      });
      return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return {
    connections: () => connections,
    send(action: 'created' | 'deleted', record: TCheckIn) {
      const text = `event: check_in\ndata: ${JSON.stringify({ action, check_in: record })}\n\n`;
      // Split mid-line, as a proxy may deliver it.
      controller?.enqueue(encoder.encode(text.slice(0, 25)));
      controller?.enqueue(encoder.encode(text.slice(25)));
    },
    close() {
      try {
        controller?.close();
      } catch {
        // already closed
      }
    },
  };
}

/** The station's reads; POST answers come from `answer`, and the bodies sent are recorded. */
function station(answer: (body: TCheckInCreate, n: number) => Response) {
  const bodies: TCheckInCreate[] = [];
  server.use(
    mock.get('/api/check-in/events/', () => HttpResponse.json([checkInEvent])),
    mock.get(`/api/events/${EVENT}/check-ins/stats/`, () => HttpResponse.json(checkInStats())),
    // A scanner may not list sessions: the selector then uses the sessions the stats name.
    mock.get(`/api/events/${EVENT}/sessions/`, () =>
      HttpResponse.json({ detail: 'Forbidden', code: 'forbidden' }, { status: 403 }),
    ),
    mock.get(`/api/events/${EVENT}/attendance/`, () =>
      HttpResponse.json(page([checkIn({ id: 1, participant_name: 'Earlier Person' })])),
    ),
    mock.get(`/api/events/${EVENT}/sessions/:sessionId/attendance/`, () => HttpResponse.json(page([]))),
    // No offline list here (the offline side is covered in offline-station.test.ts): scans go online.
    mock.get(`/api/events/${EVENT}/check-in/offline-pack/`, () =>
      HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 }),
    ),
    mock.post(POST, async ({ request }) => {
      const body = (await request.json()) as TCheckInCreate;
      bodies.push(body);
      return answer(body, bodies.length);
    }),
  );
  return bodies;
}

function renderStation(path = `/dashboard/events/${EVENT}/check-in`) {
  const user = userEvent.setup();
  const view = renderRoutes([{ path: '/dashboard/events/:eventId/check-in', Component: CheckInPage }], path);
  return {
    ...view,
    user,
    field: () => screen.getByRole('textbox', { name: 'Unique Code' }),
    result: () => screen.findByTestId('scan-result'),
  };
}

const created = (record: TCheckIn) => HttpResponse.json(record, { status: 201 });

describe('check-in station', () => {
  let live: ReturnType<typeof liveStream>;
  beforeEach(() => {
    startSession(accessToken(), staffUser);
    live = liveStream();
  });
  afterEach(() => {
    live.close();
    expireSession();
  });

  it('takes a handheld scan right after opening, with no click: code + Enter', async () => {
    const record = checkIn({ id: 50, participant_name: 'Jean Habimana', organization: 'RBC' });
    const bodies = station(() => created(record));
    const { user, field, result } = renderStation();
    await waitFor(() => expect(document.activeElement).toBe(field()));

    await user.keyboard('EFGH6789{Enter}');
    const panel = await result();
    expect(panel.dataset.tone).toBe('ok');
    expect(within(panel).getByText('Jean Habimana')).toBeTruthy();
    expect(within(panel).getByText('RBC')).toBeTruthy();
    expect(within(panel).getByText('Session: Main Event')).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ qr_code_data: 'EFGH6789', session: null, notes: '', force: false });
    expect(bodies[0]?.client_nonce).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // Announced: the live region holds the result's text.
    expect(screen.getByRole('status').textContent).toContain('Checked in. Jean Habimana. RBC');

    // The field is empty and focused again: the next scan needs no click either.
    expect(field()).toHaveProperty('value', '');
    await waitFor(() => expect(document.activeElement).toBe(field()));
    // The new check-in is on top of the table.
    const rows = await screen.findAllByTestId('attendance-row');
    expect(rows[0]?.textContent).toContain('Jean Habimana');
    expect(rows[1]?.textContent).toContain('Earlier Person');
  });

  it('takes the focus back when it falls to the page body, but not from another field', async () => {
    station(() => created(checkIn()));
    const { user, field } = renderStation();
    await waitFor(() => expect(document.activeElement).toBe(field()));

    act(() => field().blur());
    expect(document.activeElement).toBe(document.body);
    await waitFor(() => expect(document.activeElement).toBe(field()));

    const notes = screen.getByRole('textbox', { name: 'Notes' });
    await user.click(notes);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(notes);
  });

  it('refuses a blank code without a request', async () => {
    const bodies = station(() => created(checkIn()));
    const { user } = renderStation();
    await user.keyboard('   {Enter}');
    expect(await screen.findByText('Scan a QR code or enter a unique code.')).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it("'Check in anyway' resends the refused scan with force: true", async () => {
    const forced = checkIn({ id: 60, participant_name: 'Diane Ingabire', forced: true, session: 22 });
    const bodies = station((body) =>
      body.force
        ? created(forced)
        : HttpResponse.json(
            {
              detail: 'Diane Ingabire is not registered for Group A.',
              code: 'not_registered',
              participant: { id: 12, full_name: 'Diane Ingabire', organization: 'UR' },
            },
            { status: 409 },
          ),
    );
    const { user, result } = renderStation(`/dashboard/events/${EVENT}/check-in?session=22`);
    // A sub-session is offered under its parent's name; the parent itself is not (nobody registers there).
    await screen.findByDisplayValue('Opening Plenary — Group A');
    await user.keyboard('JKLM2345{Enter}');
    const amber = await result();
    expect(amber.dataset.tone).toBe('warn');
    expect(amber.dataset.kind).toBe('not_registered');
    expect(within(amber).getByText('Diane Ingabire is not registered for Group A.')).toBeTruthy();

    await user.click(within(amber).getByRole('button', { name: 'Check in anyway' }));
    await waitFor(async () => expect((await result()).dataset.tone).toBe('ok'));
    // The button that had the focus is gone with the amber panel: the code field has it again.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Unique Code' })),
    );
    expect(bodies).toHaveLength(2);
    expect(bodies[0]).toMatchObject({ qr_code_data: 'JKLM2345', session: 22, force: false });
    expect(bodies[1]).toMatchObject({ qr_code_data: 'JKLM2345', session: 22, force: true });
    expect(bodies[1]?.client_nonce).not.toBe(bodies[0]?.client_nonce);
  });

  it('already checked in is amber with when and by whom; a bad code is red', async () => {
    const first = checkIn({ id: 2, participant_name: 'Amina Uwase', checked_in_by: 'door-2' });
    station((_body, n) =>
      n === 1
        ? HttpResponse.json(
            { detail: 'Amina Uwase is already checked in.', code: 'already_checked_in', check_in: first },
            { status: 409 },
          )
        : HttpResponse.json(
            { detail: 'This QR code belongs to another event.', code: 'other_event' },
            { status: 400 },
          ),
    );
    const { user, result } = renderStation();
    await user.keyboard('ABCD2345{Enter}');
    const amber = await result();
    expect(amber.dataset.tone).toBe('warn');
    expect(within(amber).getByText(/by door-2/)).toBeTruthy();
    expect(within(amber).queryByRole('button', { name: 'Check in anyway' })).toBeNull();

    await user.keyboard('somethingelse{Enter}');
    await waitFor(async () => expect((await result()).dataset.tone).toBe('error'));
    expect(within(await result()).getByText('Another event')).toBeTruthy();
  });

  it('a check-in made at another station appears on top, and the counts move', async () => {
    station(() => created(checkIn()));
    renderStation();
    await screen.findByText('Earlier Person');
    await waitFor(() => expect(screen.getByTestId('checkin-count-checkedIn').textContent).toBe('10'));
    await waitFor(() => expect(live.connections()).toBe(1));
    await waitFor(() => expect(screen.getByTestId('live-status').textContent).toBe('Live'));

    act(() => live.send('created', checkIn({ id: 77, participant_name: 'Remote Arrival' })));
    await waitFor(() =>
      expect(screen.getAllByTestId('attendance-row')[0]?.textContent).toContain('Remote Arrival'),
    );
    expect(screen.getByTestId('checkin-count-checkedIn').textContent).toBe('11');

    // A session check-in does not enter the main-event list or count.
    act(() => live.send('created', checkIn({ id: 78, participant_name: 'Session Only', session: 21 })));
    act(() => live.send('deleted', checkIn({ id: 77, participant_name: 'Remote Arrival' })));
    await waitFor(() => expect(screen.queryByText('Remote Arrival')).toBeNull());
    expect(screen.queryByText('Session Only')).toBeNull();
    expect(screen.getByTestId('checkin-count-checkedIn').textContent).toBe('10');
  });
});
