import { expect, fillStaffForm, STAFF, test } from './fixtures';

type Stats = { events_created: number; participants_managed: number; check_in_success_rate: number | null };

test.describe('landing page', () => {
  test('renders the tagline, the strip, the feature cards and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Attend/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Events made easy. Attendees made happy.' }),
    ).toBeVisible();
    const banner = page.getByRole('banner');
    await expect(banner.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
    for (const step of ['Register', 'Check', 'Go!']) {
      await expect(page.getByText(step, { exact: true })).toBeVisible();
    }
    for (const card of ['Create Events', 'Manage Attendees', 'Streamline Check-ins']) {
      await expect(page.getByRole('heading', { level: 3, name: card })).toBeVisible();
    }
    await expect(page.getByText(/mobile support/i)).toBeVisible();
    await expect(page.getByText(/offline capability/i)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Started', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Get Started Now', exact: true })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(footer).toContainText('Attend');
  });

  test('Platform Impact counters count up to the live figures once the section is in view', async ({
    page,
  }) => {
    // The figures the page itself received: other journeys create events meanwhile.
    const statsResponse = page.waitForResponse((r) => r.url().includes('/api/public/stats/') && r.ok());
    await page.goto('/');
    const stats = (await (await statsResponse).json()) as Stats;
    expect(stats.events_created).toBeGreaterThan(0);
    const events = page.getByTestId('stat-events');
    // Below the fold the animation has not started.
    await page.waitForTimeout(500);
    await expect(events).toHaveText('0+');

    await page.getByRole('heading', { name: 'Platform Impact' }).scrollIntoViewIfNeeded();
    await page.getByTestId('stat-rate').scrollIntoViewIfNeeded();
    const fmt = new Intl.NumberFormat('en-US');
    await expect(events).toHaveText(`${fmt.format(stats.events_created)}+`);
    await expect(page.getByTestId('stat-attendees')).toHaveText(`${fmt.format(stats.participants_managed)}+`);
    // A dash until someone has been checked in (other journeys may have checked people in).
    await expect(page.getByTestId('stat-rate')).toHaveText(
      stats.check_in_success_rate === null ? '—' : `${stats.check_in_success_rate}%`,
    );
    await expect(page.getByText('Events Created')).toBeVisible();
    await expect(page.getByText('Attendees Managed')).toBeVisible();
    await expect(page.getByText('Check-in Success Rate')).toBeVisible();
  });

  test('the highlight moves from one of the three steps to the next every 3 seconds', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const steps = page.getByTestId('step');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toHaveAttribute('data-active', 'true');
    await expect(page.locator('[data-testid="step"][data-active="true"]')).toHaveCount(1);
    await page.clock.runFor(3000);
    await expect(steps.nth(1)).toHaveAttribute('data-active', 'true');
    await expect(steps.nth(0)).toHaveAttribute('data-active', 'false');
    await page.clock.runFor(3000);
    await expect(steps.nth(2)).toHaveAttribute('data-active', 'true');
    await page.clock.runFor(3000);
    await expect(steps.nth(0)).toHaveAttribute('data-active', 'true');
  });

  test('the scroll hint scrolls down one screen', async ({ page }) => {
    await page.goto('/');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('button', { name: 'Scroll to explore' }).click();
    const height = await page.evaluate(() => window.innerHeight);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(height - 2);
  });

  test('Login and Get Started lead a visitor to /login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('tab', { name: 'Participant' })).toBeVisible();
  });

  test('Get Started Now leads a signed-in staff user to /dashboard', async ({ page }) => {
    await page.goto('/dashboard/login');
    await fillStaffForm(page, STAFF.username, STAFF.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started Now', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
