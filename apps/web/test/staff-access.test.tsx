import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TStaffAccount, TStaffCredentials } from '@attend/shared';
import { AcceptInvitePage } from '../src/features/staff-access/routes/accept-invite-page';
import { StaffAccessPage } from '../src/features/staff-access/routes/staff-access-page';
import { expireSession, getSession, startSession } from '../src/lib/auth-session';
import { server } from './msw';
import { checkInEvent } from './check-in-fixtures';
import { renderRoutes } from './render';
import { accessToken, staffUser } from './tokens';

vi.mock('../src/lib/notify', () => ({ notify: vi.fn() }));

const EXPIRES = '2099-03-04T17:00:00.000Z';
const INVITE_URL = 'http://attend.test/dashboard/invite#token=q8Xr1bT2uVwYz3A4bC5dEf';

function account(overrides: Partial<TStaffAccount> = {}): TStaffAccount {
  return {
    id: 7,
    username: 'door1',
    full_name: 'Door One',
    role: 'scanner',
    event_ids: [checkInEvent.id],
    is_active: true,
    email: '',
    has_password: false,
    invite_expires_at: EXPIRES,
    last_login_at: null,
    ...overrides,
  };
}

describe('Staff Access: adding an account', () => {
  beforeEach(() => startSession(accessToken(), staffUser));
  afterEach(() => expireSession());

  it('sends the form, shows the invitation link once, and the list shows the account as invited', async () => {
    const accounts: TStaffAccount[] = [
      account({
        id: 1,
        username: 'admin',
        full_name: 'Admin',
        role: 'admin',
        event_ids: [],
        has_password: true,
        invite_expires_at: null,
      }),
    ];
    const sent: unknown[] = [];
    server.use(
      mock.get('/api/check-in/events/', () => HttpResponse.json([checkInEvent])),
      mock.get('/api/accounts/staff/', () => HttpResponse.json(accounts)),
      mock.post('/api/accounts/staff/', async ({ request }) => {
        sent.push(await request.json());
        const made = account();
        accounts.push(made);
        const body: TStaffCredentials = {
          account: made,
          invite_url: INVITE_URL,
          invite_expires_at: EXPIRES,
          invite_emailed: false,
          password: null,
        };
        return HttpResponse.json(body, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderRoutes([{ path: '/dashboard/staff', Component: StaffAccessPage }], '/dashboard/staff');
    await user.click(await screen.findByRole('button', { name: 'Add Staff Account' }));
    const form = await screen.findByRole('dialog', { name: 'Add a staff account' });
    // A scanner needs an event: said before anything is sent.
    await user.type(within(form).getByLabelText(/^Username/), 'door1');
    await user.click(within(form).getByRole('button', { name: 'Add Account' }));
    expect(await within(form).findByText('A scanner needs at least one event.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    await user.click(
      within(form).getByRole('textbox', { name: 'Events this scanner may check people in at' }),
    );
    await user.click(await screen.findByRole('option', { name: checkInEvent.name, hidden: true }));
    await user.type(within(form).getByLabelText('Full name'), 'Door One');
    await user.click(within(form).getByRole('button', { name: 'Add Account' }));

    const shown = await screen.findByRole('dialog', { name: 'Account door1 is ready' });
    expect(sent).toEqual([
      {
        username: 'door1',
        full_name: 'Door One',
        email: '',
        role: 'scanner',
        event_ids: [checkInEvent.id],
        delivery: 'invite',
      },
    ]);
    expect((within(shown).getByRole('textbox', { name: 'Invitation link' }) as HTMLInputElement).value).toBe(
      INVITE_URL,
    );
    expect(within(shown).getByText(/It is shown only now/)).toBeTruthy();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const row = (await screen.findAllByTestId('staff-row')).find((r) => r.textContent?.includes('door1'));
    expect(row?.textContent).toContain('Invited, until');
    expect(document.body.textContent).not.toContain('q8Xr1bT2uVwYz3A4bC5dEf');
  }, 60_000);
});

describe('the invitation page', () => {
  afterEach(() => expireSession());

  function renderInvite(path: string) {
    return renderRoutes(
      [
        { path: '/dashboard/invite', Component: AcceptInvitePage },
        { path: '/dashboard/check-in', element: <h1>Station</h1> },
        { path: '/dashboard/login', element: <h1>Staff Portal</h1> },
      ],
      path,
    );
  }

  it('reads the token from the fragment, takes it out of the address, and signs the scanner in at the station', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock.post('/api/auth/invite/check/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          username: 'volunteer1',
          full_name: 'Door One',
          role: 'scanner',
          expires_at: EXPIRES,
        });
      }),
      mock.post('/api/auth/invite/accept/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          access: accessToken({ role: 'scanner', username: 'volunteer1' }),
          refresh: 'r',
          user: {
            ...staffUser,
            id: 7,
            username: 'volunteer1',
            full_name: 'Door One',
            role: 'scanner',
            event_ids: [1],
          },
        });
      }),
    );
    const user = userEvent.setup();
    const { router } = renderInvite('/dashboard/invite#token=q8Xr1bT2uVwYz3A4bC5dEf');
    expect((await screen.findByTestId('invite-for')).textContent).toMatch(
      /^Invitation for volunteer1, valid until /,
    );
    expect(router.state.location.hash).toBe('');
    expect((screen.getByRole('textbox', { name: 'Username' }) as HTMLInputElement).value).toBe('volunteer1');

    await user.type(screen.getByLabelText(/^New password/), 'VOLUNTEER1');
    await user.type(screen.getByLabelText(/^Repeat the password/), 'VOLUNTEER1');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(await screen.findByText('Password must not be the same as the username.')).toBeTruthy();

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'a door password');
    await user.clear(screen.getByLabelText(/^Repeat the password/));
    await user.type(screen.getByLabelText(/^Repeat the password/), 'a door password!');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(await screen.findByText('The two passwords are not the same.')).toBeTruthy();
    expect(bodies).toHaveLength(1);

    await user.clear(screen.getByLabelText(/^Repeat the password/));
    await user.type(screen.getByLabelText(/^Repeat the password/), 'a door password');
    await user.click(screen.getByRole('button', { name: 'Set Password and Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Station' })).toBeTruthy();
    expect(bodies).toEqual([
      { token: 'q8Xr1bT2uVwYz3A4bC5dEf' },
      { token: 'q8Xr1bT2uVwYz3A4bC5dEf', password: 'a door password' },
    ]);
    expect(getSession().user).toMatchObject({ username: 'volunteer1', role: 'scanner' });
  }, 60_000);

  it('says why a used invitation cannot be used, and where to sign in', async () => {
    server.use(
      mock.post('/api/auth/invite/check/', () =>
        HttpResponse.json(
          {
            detail: 'This invitation has already been used. Sign in with the password you chose.',
            code: 'invite_used',
          },
          { status: 410 },
        ),
      ),
    );
    renderInvite('/dashboard/invite#token=q8Xr1bT2uVwYz3A4bC5dEf');
    expect((await screen.findByTestId('invite-refused')).textContent).toMatch(
      'This invitation has already been used. Sign in with the password you chose.',
    );
    expect(screen.getByRole('link', { name: 'Go to the Staff Portal sign-in' }).getAttribute('href')).toBe(
      '/dashboard/login',
    );
    expect(screen.queryByLabelText(/^New password/)).toBeNull();
  });

  it('opened without a token, says to open the whole link', async () => {
    renderInvite('/dashboard/invite');
    expect((await screen.findByRole('alert')).textContent).toMatch(/Open the whole link you received/);
  });
});
