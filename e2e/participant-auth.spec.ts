import {
  AMINA,
  apiParticipantLogin,
  apiStaffToken,
  EVENT_CODE,
  EVENT_NAME,
  expect,
  fillParticipantForm,
  JEAN,
  test,
  toast,
} from './fixtures';

test.describe('participant sign-in', () => {
  test('codes sign the participant in and land on their own event page', async ({ page, request }) => {
    const { event } = await apiParticipantLogin(request, AMINA.code);
    await page.goto('/login');
    await expect(page.getByRole('tab', { name: 'Participant' })).toHaveAttribute('aria-selected', 'true');
    await fillParticipantForm(page, EVENT_CODE, AMINA.code);
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
    await expect(page.getByRole('heading', { name: `Welcome, ${AMINA.fullName}!` })).toBeVisible();
    await expect(page.getByText(EVENT_NAME)).toBeVisible();
    await expect(page.getByTestId('current-user')).toHaveText(AMINA.fullName);

    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));
    await expect(page.getByRole('heading', { name: `Welcome, ${AMINA.fullName}!` })).toBeVisible();

    // Get Started on the landing page leads a participant back to their event.
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${event.id}$`));

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto(`/event/${event.id}`);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('on a small screen the participant menu opens from the burger and logs out', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/login');
    await fillParticipantForm(page, EVENT_CODE, AMINA.code);
    await expect(page.getByRole('heading', { name: `Welcome, ${AMINA.fullName}!` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByText(AMINA.fullName)).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Home' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("each code field says which code it wants, and codes typed into each other's field still sign in", async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Participant Code', { exact: true })).toHaveAccessibleDescription(
      'The “Event code” in your login e-mail or SMS (6 characters), e.g. KGM24A',
    );
    await expect(page.getByLabel('Unique Code', { exact: true })).toHaveAccessibleDescription(
      'The “Unique code” in the same e-mail or SMS (8 characters), e.g. ABCD2345',
    );
    await fillParticipantForm(page, JEAN.code, EVENT_CODE);
    await expect(page.getByRole('heading', { name: `Welcome, ${JEAN.fullName}!` })).toBeVisible();
  });

  test('event_code in the query prefills the Participant Code', async ({ page }) => {
    await page.goto(`/login?event_code=${EVENT_CODE}`);
    await expect(page.getByLabel('Participant Code', { exact: true })).toHaveValue(EVENT_CODE);
    await expect(page.getByLabel('Unique Code', { exact: true })).toHaveValue('');
  });

  test('login errors: empty codes, wrong codes; typing and switching modes clear them', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Please enter both participant code and unique code');
    await page.getByLabel('Participant Code', { exact: true }).fill(EVENT_CODE);
    await expect(alert).toHaveCount(0);

    await fillParticipantForm(page, EVENT_CODE, 'WRNG2345');
    await expect(alert).toHaveText('Invalid event code or unique code');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole('tab', { name: 'User' }).click();
    await expect(alert).toHaveCount(0);
    await expect(page.getByLabel('Username', { exact: true })).toBeVisible();
    // The link under the form switches back.
    await page.getByRole('link', { name: /Participant\?/ }).click();
    await expect(page.getByLabel('Participant Code', { exact: true })).toBeVisible();
  });

  test('a one-click link signs the participant in', async ({ page, request }) => {
    const participant = await apiParticipantLogin(request, JEAN.code);
    const token = await apiStaffToken(request);
    const res = await request.post(
      `/api/events/${participant.event.id}/participants/${participant.id}/login-link/`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    expect(res.status()).toBe(201);
    const { url } = (await res.json()) as { url: string };
    const link = new URL(url);
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveURL(new RegExp(`/event/${participant.event.id}$`));
    await expect(toast(page)).toContainText('Successfully logged in!');
    await expect(page.getByRole('heading', { name: `Welcome, ${JEAN.fullName}!` })).toBeVisible();
  });

  test('/auto-login without a token says the link is invalid and goes to /login', async ({ page }) => {
    await page.goto('/auto-login');
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText('Invalid login link. Please try again.');
  });

  test('/auto-login with a bad token fails and goes to /login', async ({ page }) => {
    await page.goto('/auto-login?token=not-a-real-token&event_id=1');
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText('Login failed. Please try again.');
    // Only one toast at a time, and it can be dismissed.
    await expect(toast(page)).toHaveCount(1);
    await toast(page).getByRole('button', { name: 'Close' }).click();
    await expect(toast(page)).toHaveCount(0);
  });
});
