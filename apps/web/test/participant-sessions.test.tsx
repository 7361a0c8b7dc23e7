import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TSession } from '@attend/shared';
import { ParticipantSessionsPage } from '../src/features/sessions/routes/participant-sessions';
import { expireSession, startSession } from '../src/lib/auth-session';
import { participantUser } from './fixtures';
import { server } from './msw';
import { renderRoutes } from './render';
import { accessToken } from './tokens';

const EVENT_ID = participantUser.event.id;

/** A session as GET /api/events/{id}/sessions/ lists it to a participant. */
function session(
  overrides: Partial<TSession> & Pick<TSession, 'id' | 'name' | 'start_time' | 'end_time'>,
): TSession {
  const registered = overrides.registered_count ?? 0;
  const max = overrides.max_participants ?? 0;
  return {
    event: EVENT_ID,
    waitlist_count: 0,
    description: '',
    location: 'Hall A',
    max_participants: max,
    is_active: true,
    speakers: '',
    what_to_bring: '',
    session_type: '',
    image: null,
    registered_count: registered,
    current_participants_count: registered,
    available_slots: max > 0 ? Math.max(0, max - registered) : null,
    is_full: max > 0 && registered >= max,
    status: 'Upcoming',
    has_sub_sessions: false,
    sub_sessions_count: 0,
    is_sub_session: false,
    parent_session: null,
    parent_session_name: null,
    // Not the viewer's zone: the clash reason must name the event's times, as the server does.
    time_zone: 'Africa/Nairobi',
    is_registered: false,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

// Two days, between 09:00 and 15:00 UTC: the same days for any viewer zone within ±9 h.
const plenary = session({
  id: 1,
  name: 'Morning Plenary',
  start_time: '2026-03-02T09:00:00Z',
  end_time: '2026-03-02T10:00:00Z',
  is_registered: true,
  registered_count: 1,
});
const clinic = session({
  id: 2,
  name: 'Clinic Visit',
  start_time: '2026-03-02T09:30:00Z',
  end_time: '2026-03-02T10:30:00Z',
});
const seminar = session({
  id: 3,
  name: 'Small Seminar',
  start_time: '2026-03-02T11:00:00Z',
  end_time: '2026-03-02T12:00:00Z',
  max_participants: 1,
  registered_count: 1,
});
const walk = session({
  id: 4,
  name: 'Afternoon Walk',
  start_time: '2026-03-02T14:00:00Z',
  end_time: '2026-03-02T15:00:00Z',
});
const dayTwo = session({
  id: 5,
  name: 'Day Two Opening',
  start_time: '2026-03-03T11:00:00Z',
  end_time: '2026-03-03T12:00:00Z',
});
const ALL = [plenary, clinic, seminar, walk, dayTwo];

/** Answers the sessions list; records every registration the page sends. */
function sessionsApi(list: TSession[] = ALL) {
  const registrations: string[] = [];
  server.use(
    mock.get(`/api/events/${EVENT_ID}/sessions/`, () => HttpResponse.json(list)),
    mock.post('/api/sessions/:sessionId/register/:participantId/', ({ params }) => {
      registrations.push(`${String(params.sessionId)}/${String(params.participantId)}`);
      return HttpResponse.json({
        is_registered: true,
        registered_count: 1,
        is_full: false,
        message: 'Successfully registered for session',
      });
    }),
  );
  return registrations;
}

function renderPage() {
  const user = userEvent.setup();
  renderRoutes([{ path: '/sessions', Component: ParticipantSessionsPage }], '/sessions');
  return user;
}

/** Renders the page and opens every time slot (collapsed ones hide their buttons from the a11y tree). */
async function renderExpanded() {
  const user = renderPage();
  await user.click(await screen.findByRole('button', { name: 'Expand all' }));
  return user;
}

const cardOf = (s: TSession) => screen.getByTestId(`session-card-${s.id}`);
const registerButton = (s: TSession) =>
  within(cardOf(s)).getByRole('button', { name: `Register for ${s.name}` });

/** The accessible description: the texts of the elements `aria-describedby` names, in order. */
function description(el: HTMLElement): string[] {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? `<missing #${id}>`);
}

/** False when the element or one of its ancestors is hidden (a collapsed accordion panel). */
function shown(el: HTMLElement): boolean {
  for (let node: HTMLElement | null = el; node; node = node.parentElement) {
    if (getComputedStyle(node).display === 'none') return false;
  }
  return true;
}

describe('participant sessions page', () => {
  beforeEach(() =>
    startSession(accessToken({ is_staff: false, is_participant: true }), {
      ...participantUser,
      confirmed_attendance: true,
    }),
  );
  afterEach(() => expireSession());

  it('offers the waiting list of a full session instead of Register, says why, and then shows the place', async () => {
    const registrations = sessionsApi();
    const joins: string[] = [];
    let list = ALL;
    server.use(
      mock.get(`/api/events/${EVENT_ID}/sessions/`, () => HttpResponse.json(list)),
      mock.post('/api/sessions/:sessionId/waitlist/:participantId/', ({ params }) => {
        joins.push(`${String(params.sessionId)}/${String(params.participantId)}`);
        list = ALL.map((x) =>
          x.id === seminar.id ? { ...x, is_waitlisted: true, waitlist_position: 3, waitlist_count: 3 } : x,
        );
        return HttpResponse.json(
          { is_waitlisted: true, waitlist_position: 3, waitlist_count: 3, message: 'ok' },
          { status: 201 },
        );
      }),
    );
    const user = await renderExpanded();

    expect(
      screen.getByText(
        'Register for the sessions you will attend. Times are shown in the event’s time zone: Africa/Nairobi (EAT).',
      ),
    ).toBeTruthy();
    expect(
      within(cardOf(seminar)).queryByRole('button', { name: `Register for ${seminar.name}` }),
    ).toBeNull();
    const reason = within(cardOf(seminar)).getByTestId('full-hint');
    expect(reason.textContent).toBe('This session is full. No places are left.');
    const join = within(cardOf(seminar)).getByRole('button', {
      name: 'Join the waiting list of Small Seminar',
    });
    expect(join.textContent).toBe('Join waiting list');
    expect(description(join)).toEqual(['This session is full. No places are left.']);

    await user.click(join);
    await waitFor(() => expect(joins).toEqual([`${seminar.id}/${participantUser.id}`]));
    expect(registrations).toEqual([]);
    expect((await within(cardOf(seminar)).findByTestId('waitlist-place')).textContent).toBe('3rd in line');
    expect(
      within(cardOf(seminar)).getByRole('button', { name: 'Leave the waiting list of Small Seminar' }),
    ).toBeTruthy();
    // An open session in the same list is not blocked and registers.
    const open = registerButton(walk);
    expect(open.getAttribute('aria-disabled')).toBeNull();
    expect(open.getAttribute('aria-describedby')).toBeNull();
    await user.click(open);
    await waitFor(() => expect(registrations).toEqual([`${walk.id}/${participantUser.id}`]));
  });

  it('disables Register for a clashing session with the spec sentence in the event time zone', async () => {
    const registrations = sessionsApi();
    const user = await renderExpanded();

    const expected =
      'Cannot register for "Clinic Visit" as it conflicts with "Morning Plenary" (Mar 02, 2026, 12:00 PM - Mar 02, 2026, 1:00 PM EAT) which you are already registered for.';
    const button = registerButton(clinic);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(within(cardOf(clinic)).getByTestId('clash-hint').textContent).toBe(expected);
    expect(description(button)).toEqual([expected]);
    await user.click(button);
    expect(registrations).toEqual([]);

    // The registered session itself offers Unregister, never a blocked Register.
    expect(within(cardOf(plenary)).queryByTestId('clash-hint')).toBeNull();
    expect(
      within(cardOf(plenary)).getByRole('button', { name: 'Unregister from Morning Plenary' }),
    ).toBeTruthy();
  });

  it('names a same-group clash with the group suffix', async () => {
    const parent = session({
      id: 10,
      name: 'Breakouts',
      start_time: '2026-03-02T14:00:00Z',
      end_time: '2026-03-02T15:00:00Z',
      has_sub_sessions: true,
      sub_sessions_count: 2,
    });
    const sub = (id: number, n: number, registered: boolean) =>
      session({
        id,
        name: `Breakouts - Group ${n}`,
        start_time: parent.start_time,
        end_time: parent.end_time,
        is_sub_session: true,
        parent_session: parent.id,
        parent_session_name: parent.name,
        is_registered: registered,
        registered_count: registered ? 1 : 0,
      });
    sessionsApi([parent, sub(11, 1, true), sub(12, 2, false)]);
    renderPage();
    const other = await screen.findByTestId('session-card-12');
    expect(within(other).getByTestId('clash-hint').textContent).toBe(
      'Cannot register for "Breakouts - Group 2" as it conflicts with "Breakouts - Group 1 (same session group)" (Mar 02, 2026, 5:00 PM - Mar 02, 2026, 6:00 PM EAT) which you are already registered for.',
    );
    expect(
      within(other)
        .getByRole('button', { name: 'Register for Breakouts - Group 2' })
        .getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('points a Register disabled by pending attendance at the page hint', async () => {
    startSession(accessToken({ is_staff: false, is_participant: true }), participantUser);
    sessionsApi();
    await renderExpanded();
    expect(description(registerButton(walk))).toEqual(['Please confirm your event attendance first']);
    expect(registerButton(walk).getAttribute('aria-disabled')).toBe('true');
  });

  it('Expand all opens every day and time slot, so every session shows; Collapse all closes them', async () => {
    sessionsApi();
    const user = renderPage();
    await screen.findByTestId(`session-card-${plenary.id}`);

    // At first: the first day and its first time slot only (document 1 §2).
    expect(shown(cardOf(plenary))).toBe(true);
    expect(shown(cardOf(clinic))).toBe(false);
    expect(shown(cardOf(seminar))).toBe(false);

    // The day and time-slot toggles (the Add to calendar button opens a panel of its own).
    const toggles = (expanded: boolean) =>
      screen.queryAllByRole('button', { expanded }).filter((b) => b.textContent !== 'Add to calendar');
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    for (const s of ALL) expect(shown(cardOf(s)), s.name).toBe(true);
    const controls = toggles(true);
    // Two days and five time slots, all open.
    expect(controls).toHaveLength(7);
    expect(toggles(false)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    // (A closing panel hides only when its transition ends, which the simulated DOM never fires.)
    expect(toggles(true)).toHaveLength(0);
    expect(toggles(false)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Expand all' })).toBeTruthy();
  });

  it('shows the Registered and Full badges whole: no ellipsis, no shrinking', async () => {
    sessionsApi();
    renderPage();
    await screen.findByTestId(`session-card-${seminar.id}`);
    for (const [id, text] of [
      ['badge-registered', 'Registered'],
      ['badge-full', 'Full'],
    ] as const) {
      const badge = screen.getAllByTestId(id)[0];
      if (!badge) throw new Error(`${id} missing`);
      expect(badge.textContent).toBe(text);
      expect(badge.style.flexShrink).toBe('0');
      expect(badge.style.overflow).toBe('visible');
      const label = badge.querySelector<HTMLElement>('.mantine-Badge-label');
      if (!label) throw new Error('badge label missing');
      expect(label.style.textOverflow).toBe('clip');
      expect(label.style.overflow).toBe('visible');
    }
  });
});
