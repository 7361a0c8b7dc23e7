import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CreateEventModal } from '../src/features/events/components/create-event-modal';
import { expireSession, startSession } from '../src/lib/auth-session';
import { notify } from '../src/lib/notify';
import { server } from './msw';
import { eventDetail } from './notifications-fixtures';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

vi.mock('../src/lib/notify', () => ({ notify: vi.fn() }));

const originalTz = process.env.TZ;

/** Fills a field with one change, as pasting does (typing key by key is slow in a simulated DOM). */
function fill(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

/** The Create Event modal, open, with the POST answered and its body recorded. */
function renderCreate() {
  const bodies: unknown[] = [];
  server.use(
    mock.post('/api/events/', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(eventDetail(), { status: 201 });
    }),
    mock.get('/api/events/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
  );
  const onClose = vi.fn();
  renderRoutes([{ path: '/', element: <CreateEventModal opened onClose={onClose} /> }], '/');
  return { bodies, onClose };
}

// The form renders every IANA zone as an option: slow in a simulated DOM on a busy machine.
describe('the Create Event form', () => {
  beforeEach(() => {
    // The staff member creating the event is in Kigali.
    process.env.TZ = 'Africa/Kigali';
    startSession(accessToken(), staffUser);
    vi.mocked(notify).mockClear();
  });
  afterEach(() => expireSession());
  afterAll(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it("starts in the browser's time zone and saves the times typed as that zone's wall-clock times", async () => {
    const user = userEvent.setup();
    const { bodies, onClose } = renderCreate();
    const zone = await screen.findByRole('textbox', { name: 'Time zone' });
    expect(zone).toHaveProperty('value', 'Africa/Kigali');
    expect(screen.getAllByText('Time in Africa/Kigali (CAT)')).toHaveLength(2);
    // Phone numbers are read as Rwandan ones: the country follows the zone.
    expect(screen.getByRole('textbox', { name: 'Phone numbers’ country' })).toHaveProperty(
      'value',
      'Rwanda (RW)',
    );

    fill(screen.getByRole('textbox', { name: 'Event Name' }), 'Health Summit');
    fill(screen.getByRole('textbox', { name: 'Location' }), 'Kigali Convention Centre');
    fill(screen.getByLabelText('Start Date'), '2026-11-27T09:00');
    fill(screen.getByLabelText('End Date'), '2026-11-27T17:00');
    fill(screen.getByRole('textbox', { name: 'Notes for participants' }), 'Lunch is at noon.');
    fill(screen.getByRole('textbox', { name: 'Group chat link' }), 'https://chat.example.org/s');
    fill(screen.getByRole('textbox', { name: 'Contact line' }), 'Call Amina');
    // The DSA rule words the standard notes as it is typed.
    const notes = screen.getByRole('textbox', { name: 'Notes for participants' });
    expect(notes.getAttribute('placeholder')).toContain('attend 4 sessions per day');
    fill(screen.getByRole('textbox', { name: 'DSA sessions per day' }), '3');
    expect(notes.getAttribute('placeholder')).toContain('attend 3 sessions per day');
    await user.click(screen.getByRole('checkbox', { name: 'Scanners may add walk-ins' }));
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Health Summit',
      description: '',
      // 09:00 in Kigali (UTC+2) is 07:00 UTC.
      start_date: '2026-11-27T07:00:00.000Z',
      end_date: '2026-11-27T15:00:00.000Z',
      location: 'Kigali Convention Centre',
      is_active: true,
      time_zone: 'Africa/Kigali',
      default_country: 'RW',
      event_notes: 'Lunch is at noon.',
      group_chat_url: 'https://chat.example.org/s',
      support_contact: 'Call Amina',
      dsa_sessions_per_day: 3,
      allow_walk_ins_by_scanners: true,
      print_badge_on_check_in: false,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notify).toHaveBeenCalledWith('Event created successfully', 'success');
  });

  it('reads the times in the zone chosen from the list', async () => {
    const user = userEvent.setup();
    const { bodies } = renderCreate();
    const zone = await screen.findByRole('textbox', { name: 'Time zone' });
    await user.click(zone);
    fill(zone, 'Nairobi');
    // The dropdown's opening transition keeps it hidden from the accessibility tree here.
    fireEvent.click(await screen.findByRole('option', { name: 'Africa/Nairobi', hidden: true }));
    expect(zone).toHaveProperty('value', 'Africa/Nairobi');
    expect(screen.getAllByText('Time in Africa/Nairobi (EAT)')).toHaveLength(2);

    fill(screen.getByRole('textbox', { name: 'Event Name' }), 'Nairobi Summit');
    fill(screen.getByRole('textbox', { name: 'Location' }), 'KICC');
    fill(screen.getByLabelText('Start Date'), '2026-11-27T09:00');
    fill(screen.getByLabelText('End Date'), '2026-11-27T17:00');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));

    await waitFor(() => expect(bodies).toHaveLength(1));
    // 09:00 in Nairobi (UTC+3) is 06:00 UTC; blank notes, link and contact keep the defaults.
    expect(bodies[0]).toMatchObject({
      start_date: '2026-11-27T06:00:00.000Z',
      end_date: '2026-11-27T14:00:00.000Z',
      time_zone: 'Africa/Nairobi',
      event_notes: null,
      group_chat_url: '',
      support_contact: '',
    });
  });

  it('refuses a DSA rule that is not a whole number from 0 to 24, sending nothing', async () => {
    const user = userEvent.setup();
    const { bodies } = renderCreate();
    fill(await screen.findByRole('textbox', { name: 'Event Name' }), 'Summit');
    fill(screen.getByRole('textbox', { name: 'Location' }), 'Kigali');
    fill(screen.getByLabelText('Start Date'), '2026-11-27T09:00');
    fill(screen.getByLabelText('End Date'), '2026-11-27T17:00');
    const dsa = screen.getByRole('textbox', { name: 'DSA sessions per day' });
    for (const value of ['', '25']) {
      fill(dsa, value);
      await user.click(screen.getByRole('button', { name: 'Create Event' }));
      expect(await screen.findByText('Enter a whole number of sessions from 0 to 24.')).toBeTruthy();
    }
    fill(dsa, '0');
    await user.click(screen.getByRole('button', { name: 'Create Event' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ dsa_sessions_per_day: 0 });
  });
});
