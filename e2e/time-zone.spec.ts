import type { Browser, Page } from '@playwright/test';
import { STAFF, expect, fillParticipantForm, fillStaffForm, test } from './fixtures';
import { Api, at, futureDay, suffix, type CreatedEvent, type CreatedParticipant } from './sessions-api';

/**
 * An event happens in one place: its times read the same wherever the browser is. The event is in
 * Nairobi (EAT, UTC+3); one browser is in Kigali (CAT, UTC+2), where the clock shows an hour less,
 * so the zone is named; one is in Nairobi itself, where it is not.
 */

const NAIROBI = 'Africa/Nairobi';

function dateOf(day: Date): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

async function participantSees(
  browser: Browser,
  timezoneId: string,
  event: CreatedEvent,
  who: CreatedParticipant,
) {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await page.goto('/login');
  await fillParticipantForm(page, event.event_code, who.unique_code);
  await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
  await page.goto('/sessions');
  return { page, close: () => context.close() };
}

async function staffSessions(page: Page, event: CreatedEvent) {
  await page.goto('/dashboard/login');
  await fillStaffForm(page, STAFF.username, STAFF.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/dashboard/events/${event.id}/sessions`);
}

test.describe('the event time zone', () => {
  test.use({ timezoneId: 'Africa/Kigali' });

  test('a browser in Kigali and one in Nairobi see the Nairobi event at the same times', async ({
    page,
    request,
    browser,
  }) => {
    const api = await Api.staff(request);
    const day = futureDay(12);
    const event = await api.createEvent({
      name: `Nairobi Forum ${suffix()}`,
      start_date: at(day, 5),
      end_date: at(day, 15),
      time_zone: NAIROBI,
    });
    // 07:00-08:00 UTC: 10:00-11:00 AM in Nairobi, 9:00-10:00 AM in Kigali.
    const session = await api.createSession(event.id, {
      name: 'Opening Plenary',
      start_time: at(day, 7),
      end_time: at(day, 8),
      max_participants: 10,
    });
    const amina = await api.createParticipant(event.id, 'Amina Odhiambo');
    await api.confirm(event.id, amina.id);
    const same = `${dateOf(day)}, 10:00 – 11:00 AM`;

    // Staff in Kigali: the Time column shows the date once, the Nairobi times, and names the zone.
    await staffSessions(page, event);
    const row = page.getByTestId(`session-row-${session.id}`);
    await expect(row).toContainText(`${same} EAT`);
    await expect(row).not.toContainText('9:00');

    // The edit form's inputs hold Nairobi wall-clock time and say so.
    await page.goto(`/dashboard/events/${event.id}`);
    await page.getByRole('button', { name: 'Edit Event' }).click();
    await expect(page.getByRole('textbox', { name: 'Time zone' })).toHaveValue(NAIROBI);
    // The event starts at 05:00 UTC: 08:00 in Nairobi (07:00 on this Kigali browser's clock).
    await expect(page.locator('input[type="datetime-local"]').first()).toHaveValue(
      `${day.toISOString().slice(0, 10)}T08:00`,
    );

    // The participant in Kigali sees the same, named; the participant in Nairobi sees it plain.
    const kigali = await participantSees(browser, 'Africa/Kigali', event, amina);
    await expect(kigali.page.getByTestId(`session-card-${session.id}`)).toContainText(`${same} EAT`);
    await kigali.close();

    const nairobi = await participantSees(browser, NAIROBI, event, amina);
    const card = nairobi.page.getByTestId(`session-card-${session.id}`);
    await expect(card).toContainText(same);
    await expect(card).not.toContainText('EAT');
    await nairobi.close();
  });
});
