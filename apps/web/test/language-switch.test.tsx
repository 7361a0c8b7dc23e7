import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZParticipantSelf, type TParticipantSelf } from '@attend/shared';
import { AppProvider } from '../src/app/provider';
import { LoginPage } from '../src/features/auth/routes/login';
import { useLanguageSync } from '../src/features/auth/hooks/use-language-sync';
import { api } from '../src/lib/api-client';
import { expireSession, startSession } from '../src/lib/auth-session';
import { formatDisplayDateTime } from '../src/lib/date-time';
import { currentLanguage, i18n, LANGUAGE_STORAGE_KEY, startLanguage } from '../src/lib/i18n';
import { fr } from '../src/lib/i18n.fr';
import { sw } from '../src/lib/i18n.sw';
import { formatNumber } from '../src/lib/locale';
import { participantUser } from './fixtures';
import { server } from './msw';
import './render';
import { accessToken } from './tokens';

/** A number and a date as the screens show them, in the language on screen. */
function Formats() {
  return (
    <p data-testid="formats">
      {formatNumber(1234567.5)} | {formatDisplayDateTime('2025-01-05T09:05:00Z', 'UTC')}
    </p>
  );
}

/** The sign-in page (its card carries the language picker) and a line of formats. */
function Screen() {
  useLanguageSync();
  return (
    <>
      <Formats />
      <LoginPage />
    </>
  );
}

function renderApp() {
  const router = createMemoryRouter([{ path: '/login', Component: Screen }], { initialEntries: ['/login'] });
  return render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

async function pick(name: string) {
  const user = userEvent.setup();
  await user.selectOptions(
    screen.getByRole('combobox', { name: /^(Language|Langue|Lugha)$/ }),
    screen.getByRole('option', { name }),
  );
}

/** What a page load does before the first render, from a fresh English state. */
async function reload() {
  await act(async () => {
    await i18n.changeLanguage('en');
    await startLanguage();
  });
}

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  expireSession();
  await reload();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the language switcher', () => {
  it('changes the screen’s words and its date and number formats, and remembers the choice', async () => {
    const view = renderApp();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(screen.getByTestId('formats').textContent).toBe('1,234,567.5 | Jan 05, 2025, 9:05 AM');
    expect(document.documentElement.lang).toBe('en');

    await pick('Français');
    expect(await screen.findByRole('heading', { level: 1, name: fr['login.title'] })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1, name: 'Sign in' })).toBeNull();
    // French groups thousands with a narrow no-break space and writes the day first.
    expect(screen.getByTestId('formats').textContent).toBe('1\u202f234\u202f567,5 | 05 janv. 2025, 9:05');
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');

    await pick('Kiswahili');
    expect(await screen.findByRole('heading', { level: 1, name: sw['login.title'] })).toBeTruthy();
    expect(screen.getByTestId('formats').textContent).toBe('1,234,567.5 | 05 Jan 2025, 9:05');

    // A reload opens in the remembered language.
    view.unmount();
    await reload();
    expect(currentLanguage()).toBe('sw');
    renderApp();
    expect(screen.getByRole('heading', { level: 1, name: sw['login.title'] })).toBeTruthy();
  });

  it('opens a first visit in the browser’s language when it is French or Swahili, else English', async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get');
    languages.mockReturnValue(['fr-CA', 'en']);
    await reload();
    expect(currentLanguage()).toBe('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    languages.mockReturnValue(['de-DE', 'sw']);
    await reload();
    expect(currentLanguage()).toBe('en');
  });

  it('tells the API which language to answer in', async () => {
    const seen: (string | null)[] = [];
    server.use(
      mock.get('/api/probe/', ({ request }) => {
        seen.push(request.headers.get('accept-language'));
        return HttpResponse.json({});
      }),
    );
    await api('/api/probe/', { auth: false });
    renderApp();
    await pick('Français');
    await screen.findByRole('heading', { level: 1, name: fr['login.title'] });
    await api('/api/probe/', { auth: false });
    expect(seen).toEqual(['en', 'fr']);
  });
});

describe('a participant’s stored language', () => {
  function answerLanguage() {
    const bodies: unknown[] = [];
    server.use(
      mock.patch('/api/accounts/me/language/', async ({ request }) => {
        const body = (await request.json()) as { language: TParticipantSelf['language'] };
        bodies.push(body);
        return HttpResponse.json(ZParticipantSelf.parse({ ...participantUser, language: body.language }));
      }),
    );
    return bodies;
  }

  it('is adopted when the participant signs in without having picked one here', async () => {
    const bodies = answerLanguage();
    renderApp();
    act(() => startSession(accessToken({ is_staff: false }), { ...participantUser, language: 'sw' }));
    expect(await screen.findByRole('heading', { level: 1, name: sw['login.title'] })).toBeTruthy();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sw');
    expect(bodies).toEqual([]);
  });

  it('is replaced by a pick made before signing in, and by every pick while signed in', async () => {
    const bodies = answerLanguage();
    renderApp();
    await pick('Français');
    await screen.findByRole('heading', { level: 1, name: fr['login.title'] });
    act(() => startSession(accessToken({ is_staff: false }), { ...participantUser, language: 'en' }));
    await waitFor(() => expect(bodies).toEqual([{ language: 'fr' }]));
    expect(currentLanguage()).toBe('fr');
    await pick('Kiswahili');
    await waitFor(() => expect(bodies).toEqual([{ language: 'fr' }, { language: 'sw' }]));
  });
});
