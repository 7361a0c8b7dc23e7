import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { useParams } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { LoginPage } from '../src/features/auth/routes/login';
import { expireSession, getSession } from '../src/lib/auth-session';
import { participantUser } from './fixtures';
import { server } from './msw';
import { renderRoutes } from './render';
import { accessToken } from './tokens';

const PARTICIPANT_LOGIN = '/api/auth/login/';

/** Where a successful participant sign-in lands. */
function EventPage() {
  const { eventId } = useParams();
  return <h1>Event page {eventId}</h1>;
}

function renderLogin(path = '/login') {
  const user = userEvent.setup();
  const view = renderRoutes(
    [
      { path: '/login', Component: LoginPage },
      { path: '/event/:eventId', Component: EventPage },
    ],
    path,
  );
  return {
    ...view,
    user,
    eventCode: () => screen.getByRole('textbox', { name: 'Participant Code' }),
    uniqueCode: () => screen.getByRole('textbox', { name: 'Unique Code' }),
    submit: () => user.click(screen.getByRole('button', { name: 'Login' })),
  };
}

/** Answers POST /api/auth/login/ with `answer` and records the bodies it was sent. */
function answerLogin(answer: () => Response) {
  const bodies: unknown[] = [];
  server.use(
    mock.post(PARTICIPANT_LOGIN, async ({ request }) => {
      bodies.push(await request.json());
      return answer();
    }),
  );
  return bodies;
}

describe('participant login page (/login)', () => {
  beforeEach(() => expireSession());

  it('shows the sign-in card with the Participant tab selected', () => {
    const { eventCode, uniqueCode } = renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Participant' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'User' }).getAttribute('aria-selected')).toBe('false');
    expect(eventCode()).toHaveProperty('value', '');
    expect(uniqueCode()).toHaveProperty('value', '');
    // A neutral example, not the code of a test event.
    expect(eventCode().getAttribute('placeholder')).toBe('e.g. KGM24A');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says under each code field which code of the login e-mail it wants, with an example', () => {
    const { eventCode, uniqueCode } = renderLogin();
    const describedBy = (input: HTMLElement) =>
      (input.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    expect(describedBy(eventCode())).toContain(
      'The “Event code” in your login e-mail or SMS (6 characters), e.g. KGM24A',
    );
    expect(describedBy(uniqueCode())).toContain(
      'The “Unique code” in the same e-mail or SMS (8 characters), e.g. ABCD2345',
    );
  });

  it('prefills the participant code from ?event_code=', () => {
    const { eventCode, uniqueCode } = renderLogin('/login?event_code=E2ETST');
    expect(eventCode()).toHaveProperty('value', 'E2ETST');
    expect(uniqueCode()).toHaveProperty('value', '');
  });

  it('submitting empty asks for both codes and sends nothing', async () => {
    const bodies = answerLogin(() => HttpResponse.json({}, { status: 500 }));
    const { submit } = renderLogin();
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please enter both participant code and unique code');
    expect(bodies).toEqual([]);
  });

  it('treats codes of spaces only as empty, and one missing code as missing', async () => {
    const bodies = answerLogin(() => HttpResponse.json({}, { status: 500 }));
    const { user, eventCode, uniqueCode, submit } = renderLogin();
    await user.type(eventCode(), '   ');
    await user.type(uniqueCode(), '  ');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please enter both participant code and unique code');

    await user.clear(eventCode());
    await user.type(eventCode(), 'E2ETST');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please enter both participant code and unique code');
    expect(bodies).toEqual([]);
  });

  it("shows the server's message for refused codes, and clears it on the next edit", async () => {
    const bodies = answerLogin(() =>
      HttpResponse.json(
        { detail: 'Invalid event code or unique code', code: 'invalid_credentials' },
        { status: 401 },
      ),
    );
    const { user, eventCode, uniqueCode, submit } = renderLogin();
    await user.type(eventCode(), ' e2e-tst ');
    await user.type(uniqueCode(), 'abcd 2345');
    await submit();

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid event code or unique code');
    // Codes are sent trimmed and normalised (capitals, no spaces or dashes).
    expect(bodies).toEqual([{ event_code: 'E2ETST', unique_code: 'ABCD2345' }]);
    expect(getSession().status).toBe('anonymous');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveProperty('disabled', false);

    await user.type(uniqueCode(), '6');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    [
      'a 401 without detail',
      () => new HttpResponse(null, { status: 401 }),
      'Invalid event code or unique code',
    ],
    [
      'a 404 (even with a detail)',
      () => HttpResponse.json({ detail: 'Not found.', code: 'not_found' }, { status: 404 }),
      'Login endpoint not found. Please contact support.',
    ],
    ['a 500 without detail', () => new HttpResponse(null, { status: 500 }), 'Login failed'],
    [
      'a 429 with detail',
      () =>
        HttpResponse.json(
          { detail: 'Too many attempts. Please wait 30 seconds and try again.', code: 'rate_limited' },
          { status: 429 },
        ),
      'Too many attempts. Please wait 30 seconds and try again.',
    ],
    ['a 200 that is not a participant sign-in', () => HttpResponse.json({ access: 'x' }), 'Login failed'],
    ['no answer', () => HttpResponse.error(), 'An error occurred during login. Please try again.'],
  ])('shows the page message for %s', async (_label, answer, message) => {
    answerLogin(answer);
    const { user, eventCode, uniqueCode, submit } = renderLogin();
    await user.type(eventCode(), 'E2ETST');
    await user.type(uniqueCode(), 'ABCD2345');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(getSession().status).toBe('anonymous');
  });

  it('signs the participant in and opens their event', async () => {
    const token = accessToken({ is_staff: false, is_participant: true, participant_id: 7, event_id: 3 });
    const bodies = answerLogin(() =>
      HttpResponse.json({ access: token, refresh: 'cookie-only', participant: participantUser }),
    );
    const { user, eventCode, uniqueCode, submit, router } = renderLogin('/login?event_code=E2ETST');
    await user.type(uniqueCode(), 'ABCD2345');
    expect(eventCode()).toHaveProperty('value', 'E2ETST');
    await submit();

    expect(await screen.findByRole('heading', { name: 'Event page 3' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/event/3');
    expect(bodies).toEqual([{ event_code: 'E2ETST', unique_code: 'ABCD2345' }]);
    expect(getSession()).toEqual({
      status: 'authenticated',
      user: participantUser,
      signingOut: false,
      offline: false,
    });
  });

  it("the User tab signs staff in with username and password, showing the server's refusal", async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('/api/auth/token/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          { detail: 'Invalid username or password.', code: 'invalid_credentials' },
          { status: 401 },
        );
      }),
    );
    const { user } = renderLogin();
    await user.click(screen.getByRole('link', { name: 'Staff member? Sign in with username and password' }));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'User' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(screen.queryByRole('textbox', { name: 'Participant Code' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Username' }), ' admin ');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Invalid username or password.');
    expect(bodies).toEqual([{ username: 'admin', password: 'wrong' }]);
  });
});
