import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Outlet } from 'react-router';
import { RequireAdmin } from '../src/app/guards';
import { filterDsaRows } from '../src/features/check-in/routes/dsa-report-page';
import { expireSession, startSession } from '../src/lib/auth-session';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

function renderAt(path: string) {
  return renderRoutes(
    [
      {
        Component: Outlet,
        children: [
          {
            Component: RequireAdmin,
            children: [
              { path: '/dashboard', Component: () => <h1>Dashboard</h1> },
              { path: '/dashboard/events', Component: () => <h1>Events</h1> },
            ],
          },
          { path: '/dashboard/check-in', Component: () => <h1>Check-In</h1> },
        ],
      },
    ],
    path,
  );
}

describe('scanner role', () => {
  afterEach(() => expireSession());

  it('sends a scanner from /dashboard and admin pages to /dashboard/check-in', async () => {
    startSession(accessToken(), { ...staffUser, role: 'scanner', event_ids: [3] });
    const { router } = renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Check-In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/check-in');
    await act(() => router.navigate('/dashboard/events'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/check-in'));
  });

  it('lets an admin in', async () => {
    startSession(accessToken(), staffUser);
    const { router } = renderAt('/dashboard/events');
    expect(await screen.findByRole('heading', { name: 'Events' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/events');
  });
});

describe('DSA report filters', () => {
  const rows = [
    {
      participant_id: 1,
      full_name: 'Amina Uwase',
      organization: 'MoH',
      registered: 5,
      attended: 4,
      eligible: true,
    },
    {
      participant_id: 2,
      full_name: 'Jean Habimana',
      organization: 'RBC',
      registered: 4,
      attended: 2,
      eligible: false,
    },
    {
      participant_id: 3,
      full_name: 'Aminata Diallo',
      organization: 'UR',
      registered: 3,
      attended: 1,
      eligible: false,
    },
  ];

  it('filters by eligibility and by name, case-insensitively', () => {
    expect(filterDsaRows(rows, 'all', '').map((r) => r.participant_id)).toEqual([1, 2, 3]);
    expect(filterDsaRows(rows, 'eligible', '').map((r) => r.participant_id)).toEqual([1]);
    expect(filterDsaRows(rows, 'not', '').map((r) => r.participant_id)).toEqual([2, 3]);
    expect(filterDsaRows(rows, 'all', ' amina ').map((r) => r.participant_id)).toEqual([1, 3]);
    expect(filterDsaRows(rows, 'not', 'AMINA').map((r) => r.participant_id)).toEqual([3]);
  });
});
