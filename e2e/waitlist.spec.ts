import type { Page } from '@playwright/test';
import { expect, fillParticipantForm, fillStaffForm, STAFF, test, toast } from './fixtures';
import {
  Api,
  at,
  futureDay,
  registerAs,
  suffix,
  type CreatedEvent,
  type CreatedParticipant,
} from './sessions-api';

test.use({ timezoneId: 'UTC' });

async function signIn(page: Page, event: CreatedEvent, participant: CreatedParticipant) {
  await page.goto('/login');
  await fillParticipantForm(page, event.event_code, participant.unique_code);
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
}

test.describe('waiting list', () => {
  test('a participant joins the line of a full session, a seat frees, they are registered; staff see the line', async ({
    page,
    request,
  }) => {
    const api = await Api.staff(request);
    const day = futureDay(40);
    const event = await api.createEvent({
      name: `Line ${suffix()}`,
      start_date: at(day, 7),
      end_date: at(day, 20),
    });
    const [holder, amani, bahati] = [
      await api.createParticipant(event.id, 'Neema Holder'),
      await api.createParticipant(event.id, 'Amani Waiting'),
      await api.createParticipant(event.id, 'Bahati Second'),
    ];
    for (const p of [holder, amani, bahati]) await api.confirm(event.id, p.id);
    const seminar = await api.createSession(event.id, {
      name: 'Tiny Masterclass',
      start_time: at(day, 11),
      end_time: at(day, 12),
      max_participants: 1,
    });
    await registerAs(request, event.event_code, holder, seminar.id);

    // Amani finds the session full and joins its line.
    await signIn(page, event, amani);
    await page.goto('/sessions');
    const card = page.getByTestId(`session-card-${seminar.id}`);
    await card.getByRole('button', { name: 'Join the waiting list of Tiny Masterclass' }).click();
    await expect(toast(page).filter({ hasText: 'You are on the waiting list.' }).last()).toBeVisible();
    await expect(card.getByTestId('waitlist-place')).toHaveText('1st in line');
    await expect(
      card.getByRole('button', { name: 'Leave the waiting list of Tiny Masterclass' }),
    ).toBeVisible();

    // Bahati joins behind her (through the API); staff see the line in order.
    const login = await request.post('/api/auth/login/', {
      data: { event_code: event.event_code, unique_code: bahati.unique_code },
    });
    const { access } = (await login.json()) as { access: string };
    const joined = await request.post(`/api/sessions/${seminar.id}/waitlist/${bahati.id}/`, {
      data: {},
      headers: { Authorization: `Bearer ${access}` },
    });
    expect(joined.status()).toBe(201);
    const line = await api.get<{ participant_id: number; position: number }[]>(
      `/api/events/${event.id}/sessions/${seminar.id}/waitlist/`,
    );
    expect(line.map((w) => [w.participant_id, w.position])).toEqual([
      [amani.id, 1],
      [bahati.id, 2],
    ]);

    // The holder leaves: the seat goes to Amani at once; her page shows her registered.
    const holderLogin = await request.post('/api/auth/login/', {
      data: { event_code: event.event_code, unique_code: holder.unique_code },
    });
    const holderToken = ((await holderLogin.json()) as { access: string }).access;
    const freed = await request.delete(`/api/sessions/${seminar.id}/register/${holder.id}/`, {
      headers: { Authorization: `Bearer ${holderToken}` },
    });
    expect(freed.status()).toBe(200);
    await page.reload();
    await expect(card.getByTestId('badge-registered')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Unregister from Tiny Masterclass' })).toBeVisible();
    await expect(card.getByTestId('waitlist-place')).toHaveCount(0);

    // Staff: the session page lists Bahati, now first, with Remove and Promote (full: no promoting).
    await page.context().clearCookies();
    await page.goto('/dashboard/login');
    await fillStaffForm(page, STAFF.username, STAFF.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    // The sessions list shows the waiting count beside registered/max.
    await page.goto(`/dashboard/events/${event.id}/sessions`);
    const listRow = page
      .getByRole('row')
      .filter({ has: page.getByText('Tiny Masterclass', { exact: true }) });
    await expect(listRow.getByTestId('session-participants')).toHaveText('1/1 · 1 waiting');
    await page.goto(`/dashboard/events/${event.id}/sessions/${seminar.id}`);
    await expect(page.getByRole('heading', { name: 'Waiting List' })).toBeVisible();
    const table = page.getByTestId('session-waitlist');
    await expect(table.getByRole('row')).toHaveCount(2);
    const row = table.getByRole('row').filter({ hasText: 'Bahati Second' });
    await expect(row.getByRole('cell').first()).toHaveText('1');
    await expect(
      row.getByRole('button', { name: 'Register Bahati Second from the waiting list now' }),
    ).toBeDisabled();
    await row.getByRole('button', { name: 'Remove Bahati Second from the waiting list' }).click();
    await expect(
      toast(page).filter({ hasText: 'Bahati Second was removed from the waiting list.' }).last(),
    ).toBeVisible();
    await expect(page.getByTestId('waitlist-empty')).toBeVisible();
  });
});
