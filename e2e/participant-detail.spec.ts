import { apiStaffToken, expect, test } from './fixtures';
import { expectToast, staffSignIn } from './fixtures/participants';
import { Api, at, expectAccessible, futureDay, registerAs, suffix } from './sessions-api';

/**
 * Issue 35, points 3 and 7: the participant's page shows their sessions, their check-ins (where,
 * when, by whom) and their language, not a raw event id; a single Confirm Attendance asks first; an
 * admin can undo a mistaken confirmation with a reason, refused once the person was checked in.
 */
test.describe('the participant page and undoing a confirmation', () => {
  test('confirm asks first; the page shows sessions, check-ins and language; undo needs a reason and is refused after a check-in', async ({
    page,
    request,
  }) => {
    test.slow();
    const api = await Api.staff(request);
    const day = futureDay(2);
    const event = await api.createEvent({
      name: `Detail Workshop ${suffix()}`,
      start_date: at(day, 7),
      end_date: at(day, 18),
    });
    const session = await api.createSession(event.id, {
      name: 'Malaria Case Management',
      start_time: at(day, 9),
      end_time: at(day, 10, 30),
      location: 'Room 4',
    });
    const claire = await api.createParticipant(event.id, 'Claire Uwimana');
    const eric = await api.createParticipant(event.id, 'Eric Nshimiyimana');

    // Eric reads French, is confirmed, has a session and was checked in at the door.
    const headers = { Authorization: `Bearer ${await apiStaffToken(request)}` };
    expect(
      (
        await request.patch(`/api/events/${event.id}/participants/${eric.id}/`, {
          headers,
          data: { language: 'fr' },
        })
      ).status(),
    ).toBe(200);
    await api.confirm(event.id, eric.id);
    await registerAs(request, event.event_code, eric, session.id);
    const door = await request.post(`/api/events/${event.id}/check-in/`, {
      headers,
      data: { qr_code_data: eric.unique_code, session: null, notes: 'At the desk' },
    });
    expect(door.status()).toBe(201);

    await staffSignIn(page);

    // Point 7: the row's Confirm Attendance asks, naming the person; Cancel changes nothing.
    await page.goto(`/dashboard/events/${event.id}/participants`);
    const row = page.getByTestId('participant-row').filter({ hasText: 'Claire Uwimana' });
    await row.getByRole('button', { name: 'Confirm Attendance' }).click();
    const ask = page.getByRole('dialog', { name: 'Confirm attendance' });
    await expect(ask).toContainText('Confirm the attendance of Claire Uwimana?');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect(ask).toBeHidden();
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: 'Confirm Attendance' }).click();
    await ask.getByRole('button', { name: 'Confirm Attendance' }).click();
    await expectToast(page, 'Attendance confirmed successfully');
    await expect(row).toContainText('Confirmed');
    await registerAs(request, event.event_code, claire, session.id);

    // Point 3: Eric's page.
    await page.goto(`/dashboard/events/${event.id}/participants/${eric.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Eric Nshimiyimana' })).toBeVisible();
    await expect(page.getByText('Event ID')).toHaveCount(0);
    await expect(page.getByTestId('participant-language')).toContainText('Français');
    const sessions = page.getByTestId('participant-sessions');
    await expect(sessions).toContainText('Malaria Case Management');
    await expect(sessions).toContainText('Room 4');
    const checkIns = page.getByTestId('participant-check-ins');
    await expect(checkIns.getByRole('row')).toHaveCount(2);
    await expect(checkIns).toContainText('Main Event (door)');
    await expect(checkIns).toContainText('staff');
    await expect(checkIns).toContainText('At the desk');
    await expectAccessible(page);

    // Undo is refused for Eric, who was checked in: the server says why, nothing changes.
    await page.getByRole('button', { name: 'Undo confirmation' }).click();
    const undo = page.getByRole('dialog', { name: 'Undo confirmation' });
    await undo.getByRole('button', { name: 'Undo confirmation' }).click();
    await expect(undo.getByText('Please give the reason for undoing this confirmation.')).toBeVisible();
    await undo.getByLabel('Reason').fill('Wrong Eric');
    await undo.getByRole('button', { name: 'Undo confirmation' }).click();
    await expectToast(
      page,
      'Eric Nshimiyimana has already been checked in, so their confirmation can no longer be undone. Undo the check-in first if it was a mistake.',
    );
    await undo.getByRole('button', { name: 'Cancel' }).click();
    await expect(undo).toBeHidden();
    await expect(page.getByRole('region', { name: 'Login Information' })).toContainText('Confirmed');

    // Claire's confirmation was a mistake: undone with a reason; her session place goes.
    await page.goto(`/dashboard/events/${event.id}/participants/${claire.id}`);
    await expect(page.getByTestId('participant-sessions')).toContainText('Malaria Case Management');
    await expect(page.getByTestId('participant-check-ins')).toContainText('Not checked in yet');
    await page.getByRole('button', { name: 'Undo confirmation' }).click();
    await undo.getByLabel('Reason').fill('Confirmed the wrong Claire at the desk');
    await undo.getByRole('button', { name: 'Undo confirmation' }).click();
    await expect(undo).toBeHidden();
    await expect(page.getByRole('region', { name: 'Login Information' })).toContainText('Pending');
    await expect(page.getByRole('button', { name: 'Undo confirmation' })).toHaveCount(0);
    await expect(page.getByTestId('participant-sessions')).toContainText('Not registered for any session');

    // Her activity keeps the reason.
    await page.getByRole('link', { name: 'View this participant’s activity log' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/events/${event.id}/activity\\?participant=${claire.id}$`),
    );
    const undone = page.getByTestId('activity-row').filter({ hasText: 'Confirmation undone' });
    await expect(undone).toContainText('Reason: Confirmed the wrong Claire at the desk');
    await expect(undone).toContainText('staff');
  });

  test('in French, the page and the dialog speak French', async ({ page, request }) => {
    const api = await Api.staff(request);
    const day = futureDay(3);
    const event = await api.createEvent({
      name: `Atelier ${suffix()}`,
      start_date: at(day, 7),
      end_date: at(day, 18),
    });
    const p = await api.createParticipant(event.id, 'Aline Mukeshimana');
    await api.confirm(event.id, p.id);
    await staffSignIn(page);
    await page.goto(`/dashboard/events/${event.id}/participants/${p.id}`);
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption({ label: 'Français' });
    await expect(page.getByText('Langue', { exact: true })).toBeVisible();
    await expect(page.getByTestId('participant-check-ins')).toContainText('Pas encore enregistré(e)');
    await page.getByRole('button', { name: 'Annuler la confirmation' }).click();
    await expect(page.getByRole('dialog', { name: 'Annuler la confirmation' })).toContainText(
      'Aline Mukeshimana repasse en attente de confirmation',
    );
  });
});
