import { expect, fillStaffForm, STAFF, test } from './fixtures';

test.describe("the organiser's guide", () => {
  test('Help in the staff header opens the guide the server serves, with its pictures; the app is one link away', async ({
    page,
  }) => {
    await page.goto('/dashboard/login');
    await fillStaffForm(page, STAFF.username, STAFF.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
    await expect(page).toHaveURL(/\/guide\/$/);
    await expect(page.getByRole('heading', { name: "Organiser's guide", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Organiser's guide · Attend");

    // Every picture arrived as an image (a missing file would be the app's page, drawn as nothing).
    const pictures = page.locator('main img');
    expect(await pictures.count()).toBeGreaterThan(10);
    await page.waitForLoadState('load');
    const broken = await pictures.evaluateAll((images) =>
      (images as HTMLImageElement[])
        .filter((img) => img.complete && img.naturalWidth === 0)
        .map((img) => img.src),
    );
    expect(broken).toEqual([]);

    // A chapter link of the contents moves within the page.
    await page.getByRole('link', { name: 'Running the door' }).click();
    await expect(page).toHaveURL(/\/guide\/#9-running-the-door$/);

    await page.getByRole('banner').getByRole('link', { name: 'Attend' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('current-user')).toHaveText(STAFF.username);
  });
});
