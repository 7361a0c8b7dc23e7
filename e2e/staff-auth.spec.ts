import { expect, fillStaffForm, STAFF, test } from './fixtures';

test.describe('staff sign-in', () => {
  test('Staff Portal sign-in lands on /dashboard, survives a reload, and Logout ends the session', async ({
    page,
  }) => {
    await page.goto('/dashboard/login');
    await expect(page.getByRole('heading', { name: 'Staff Portal' })).toBeVisible();
    await fillStaffForm(page, STAFF.username, STAFF.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const user = page.getByTestId('current-user');
    await expect(user).toHaveText(STAFF.username);
    await expect(page.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Events', exact: true })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(user).toHaveText(STAFF.username);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('heading', { name: 'Events made easy. Attendees made happy.' }),
    ).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard\/login$/);
    // The refresh cookie was revoked: a reload does not bring the session back either.
    await page.reload();
    await expect(page).toHaveURL(/\/dashboard\/login$/);
  });

  test('staff can sign in through the User tab of /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'User' }).click();
    await fillStaffForm(page, STAFF.username, STAFF.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('current-user')).toHaveText(STAFF.username);
  });

  test('a wrong password shows the server message on both sign-in pages', async ({ page }) => {
    await page.goto('/dashboard/login');
    await fillStaffForm(page, STAFF.username, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
    await expect(page).toHaveURL(/\/dashboard\/login$/);

    await page.goto('/login');
    await page.getByRole('tab', { name: 'User' }).click();
    await fillStaffForm(page, STAFF.username, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
    // Typing clears the error.
    await page.getByLabel('Password', { exact: true }).fill('x');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('the staff header changes style after 10 px of scroll', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 260 });
    await page.goto('/dashboard/login');
    await fillStaffForm(page, STAFF.username, STAFF.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 40));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });
});

test('the access token is refreshed 5 minutes before it expires, and the session carries on', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/dashboard/login');
  await fillStaffForm(page, STAFF.username, STAFF.password);
  await expect(page).toHaveURL(/\/dashboard$/);

  const refreshes: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/auth/token/refresh/')) refreshes.push(r.url());
  });
  // Tokens live 15 minutes: nothing happens at 9 minutes, a refresh at 10.
  await page.clock.runFor('09:00');
  expect(refreshes).toHaveLength(0);
  const refreshed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && r.url().endsWith('/api/auth/token/refresh/'),
  );
  await page.clock.runFor('01:01');
  expect((await refreshed).status()).toBe(200);
  expect(refreshes).toHaveLength(1);

  // The rotated refresh cookie still restores the session after a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('current-user')).toHaveText(STAFF.username);
});
