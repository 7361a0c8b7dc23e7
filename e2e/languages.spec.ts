import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { Api, at, futureDay, suffix } from './sessions-api';

/** Picks `language` in the switcher, whose label is in the language shown now. */
async function pick(page: Page, label: string, language: string) {
  await page.getByRole('combobox', { name: label }).first().selectOption({ label: language });
}

test.describe('three languages', () => {
  test('a participant switches to French before signing in and to Swahili after, and it is kept', async ({
    page,
    request,
  }) => {
    const api = await Api.staff(request);
    const day = futureDay(20);
    const event = await api.createEvent({
      name: `Forum ${suffix()}`,
      start_date: at(day, 8),
      end_date: at(day, 17),
    });
    const zawadi = await api.createParticipant(event.id, 'Zawadi Achieng');

    // Landing page: English first, then French.
    await page.goto('/');
    await expect(
      page.getByRole('heading', { name: 'Events made easy. Attendees made happy.' }),
    ).toBeVisible();
    await pick(page, 'Language', 'Français');
    await expect(
      page.getByRole('heading', { name: 'Des événements simplifiés. Des participants satisfaits.' }),
    ).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    // Sign-in page, opened afresh: the choice is remembered.
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
    await page.getByLabel('Code participant', { exact: true }).fill(event.event_code);
    await page.getByLabel('Code unique', { exact: true }).fill(zawadi.unique_code);
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();

    // The participant's event page, in French; then Swahili.
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
    await expect(page.getByText('Bienvenue, Zawadi Achieng !')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirmez votre présence maintenant' })).toBeVisible();
    await pick(page, 'Langue', 'Kiswahili');
    await expect(page.getByText('Karibu, Zawadi Achieng!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Thibitisha Kuhudhuria Kwako Sasa' })).toBeVisible();

    // Kept across a reload, and on the server as the participant's language.
    await page.reload();
    await expect(page.getByText('Karibu, Zawadi Achieng!')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect
      .poll(async () => {
        const res = await api.get<{ language: string }>(`/api/events/${event.id}/participants/${zawadi.id}/`);
        return res.language;
      })
      .toBe('sw');

    // Back to English: the spec's wording exactly.
    await pick(page, 'Lugha', 'English');
    await expect(page.getByText('Welcome, Zawadi Achieng!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Confirm Your Attendance Now' })).toBeVisible();
  });
});
