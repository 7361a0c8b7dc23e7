import { expect, fillStaffForm, STAFF, test, toast } from './fixtures';
import { Api, at, expectAccessible, futureDay, localInput, suffix } from './sessions-api';

test.use({ timezoneId: 'UTC' });

test.describe('staff events', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/dashboard/login');
    await fillStaffForm(page, STAFF.username, STAFF.password);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('create an event (with the form rules), open it, copy its code, edit it and delete it', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = `Data Week ${suffix()}`;
    const day = futureDay(10);

    await page.getByRole('link', { name: 'Events', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await expect(page.getByRole('cell', { name: /^Regional Health Workshop/ })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Create Event' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Event' });
    await modal.getByRole('button', { name: 'Create Event' }).click();
    await expect(modal.getByText('Event name is required')).toBeVisible();
    await expect(modal.getByText('Start date is required')).toBeVisible();
    await expect(modal.getByText('End date is required')).toBeVisible();
    await expect(modal.getByText('Location is required')).toBeVisible();

    await modal.getByLabel('Event Name').fill(name);
    await modal.getByLabel('Start Date').fill(localInput(at(day, 17)));
    await modal.getByLabel('End Date').fill(localInput(at(day, 9)));
    await modal.getByLabel('Location').fill('Musanze');
    await modal.getByRole('button', { name: 'Create Event' }).click();
    await expect(modal.getByText('Start date cannot be after end date')).toBeVisible();

    await modal.getByLabel('End Date').fill(localInput(at(day, 9 + 24 * 2)));
    await modal.getByRole('button', { name: 'Create Event' }).click();
    await expect(toast(page).filter({ hasText: 'Event created successfully' })).toBeVisible();
    await expect(modal).toBeHidden();
    // Created: the organiser lands in the new event, where its set-up starts.
    await expect(page).toHaveURL(/\/dashboard\/events\/\d+$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Events' }).click();

    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Musanze');
    await expect(row).toContainText('Upcoming');
    // 'MMM dd, yyyy, h:mm a' in the viewer's time zone (UTC here).
    const shown = new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }).format(day);
    await expect(row).toContainText(
      `${shown} ${String(day.getUTCDate()).padStart(2, '0')}, ${day.getUTCFullYear()}, 5:00 PM`,
    );

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(/\/dashboard\/events\/\d+$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText('No description provided.')).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(
      page.getByText('Participants need this event code together with their own unique codes to log in.'),
    ).toBeVisible();
    for (const label of ['Participants', 'Sessions', 'Check-Ins', 'Confirmed']) {
      await expect(page.getByRole('listitem').filter({ hasText: label })).toContainText('0');
    }
    // The spec's buttons on the page itself (the event navigation above it has a Sessions link too).
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Sessions', exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Check-In', exact: true })).toBeVisible();
    for (const action of ['Manage Participants', 'Manage Sessions', 'Event Check-In', 'Design Event Tags']) {
      await expect(page.getByRole('link', { name: new RegExp(action) })).toBeVisible();
    }
    // The quick actions are bordered in the event's colours (primary #1EB53A by default).
    await expect(page.getByTestId('quick-action-participants')).toHaveCSS(
      'border-top-color',
      'rgb(30, 181, 58)',
    );

    const code = (await page.getByTestId('event-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z0-9]{6,}$/);
    await page.getByRole('button', { name: 'Copy event code' }).click();
    await expect(toast(page).filter({ hasText: 'Copied to clipboard' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    await page.getByRole('button', { name: 'Edit Event' }).click();
    await page.getByLabel('Description').fill('Three days of data work.');
    await page.getByLabel('Event Name').fill(`${name} (edited)`);
    await page.getByLabel('Event is active').uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page).filter({ hasText: 'Event updated successfully' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `${name} (edited)`, level: 1 })).toBeVisible();
    await expect(page.getByText('Three days of data work.')).toBeVisible();
    await expect(page.getByText('Inactive', { exact: true })).toBeVisible();

    // Edit mode's Cancel leaves the event as it was.
    await page.getByRole('button', { name: 'Edit Event' }).click();
    await page.getByLabel('Event Name').fill('Never saved');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: `${name} (edited)`, level: 1 })).toBeVisible();

    await page.getByRole('link', { name: 'Back to Events' }).click();
    const edited = page.getByRole('row', { name: new RegExp(`${name} \\(edited\\)`) });
    await edited.getByRole('button', { name: /^Delete/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete event' });
    await expect(confirm).toContainText('Are you sure you want to delete this event?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page).filter({ hasText: 'Event deleted successfully' })).toBeVisible();
    await expect(edited).toHaveCount(0);
  });

  test('the stats grid counts participants, sessions and confirmations', async ({ page, request }) => {
    const api = await Api.staff(request);
    const day = futureDay(12);
    const event = await api.createEvent({
      name: `Stats ${suffix()}`,
      start_date: at(day, 8),
      end_date: at(day, 18),
    });
    const p = await api.createParticipant(event.id, 'Claude Mugisha');
    await api.createParticipant(event.id, 'Diane Ingabire');
    await api.confirm(event.id, p.id);
    await api.createSession(event.id, { name: 'Opening', start_time: at(day, 9), end_time: at(day, 10) });

    await page.goto(`/dashboard/events/${event.id}`);
    await expect(page.getByTestId('stat-participants')).toHaveText('2');
    await expect(page.getByTestId('stat-sessions')).toHaveText('1');
    await expect(page.getByTestId('stat-confirmed')).toHaveText('1');
    await expect(page.getByTestId('stat-checkIns')).toHaveText('0');
    await page.getByRole('link', { name: /Manage Sessions/ }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}/sessions$`));
    await expect(page.getByRole('cell', { name: /Opening/ })).toBeVisible();
  });

  test('a failed load of the events offers Try Again', async ({ page }) => {
    let fail = true;
    await page.route(/\/api\/events\/\?/, (route) =>
      fail
        ? route.fulfill({ status: 503, json: { detail: 'Service unavailable', code: 'unavailable' } })
        : route.fallback(),
    );
    await page.goto('/dashboard/events');
    await expect(toast(page).filter({ hasText: 'Failed to load events' })).toBeVisible();
    await expect(
      page.locator('.mantine-Alert-root').filter({ hasText: 'Failed to load events' }),
    ).toBeVisible();
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('cell', { name: /^Regional Health Workshop/ })).toBeVisible();
  });

  test('a missing event shows Event not found with a way back', async ({ page }) => {
    await page.goto('/dashboard/events/999999');
    await expect(page.getByRole('heading', { name: 'Event not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Events' }).click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);
  });
});
