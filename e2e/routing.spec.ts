import { expect, test } from './fixtures';

test.describe('routing and guards', () => {
  test('an unknown path shows Page Not Found and Go to Home works', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { name: 'Events made easy. Attendees made happy.' }),
    ).toBeVisible();
  });

  test('/error shows Something Went Wrong with Refresh Page and Go to Home', async ({ page }) => {
    await page.goto('/error');
    await expect(page.getByRole('heading', { name: 'Something Went Wrong' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
    await page.getByRole('button', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  for (const path of ['/dashboard/participant', '/event/1', '/event/1/tag', '/sessions', '/qr-code']) {
    test(`participant route ${path} sends a visitor to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('tab', { name: 'Participant' })).toBeVisible();
    });
  }

  for (const path of ['/dashboard', '/dashboard/events', '/dashboard/events/1/check-in']) {
    test(`staff route ${path} sends a visitor to /dashboard/login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard\/login$/);
      await expect(page.getByRole('heading', { name: 'Staff Portal' })).toBeVisible();
    });
  }
});
