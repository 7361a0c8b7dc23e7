import { spawn, type ChildProcess } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { apiStaffToken, expect, fillStaffForm, STAFF, test, toast } from './fixtures';
import { Api, at, futureDay, localInput, suffix } from './sessions-api';

// The journeys type times into datetime-local inputs as UTC wall-clock times.
test.use({ timezoneId: 'UTC', viewport: { width: 1366, height: 900 } });

const HOUR = 3_600_000;

async function signInAsStaff(page: Page) {
  await page.goto('/dashboard/login');
  await fillStaffForm(page, STAFF.username, STAFF.password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('the staff screens, as an organiser uses them all day', () => {
  test('the events list opens an event by its name or its row, and Create Event lands in the new event', async ({
    page,
    request,
  }) => {
    const api = await Api.staff(request);
    const day = futureDay(15);
    const event = await api.createEvent({
      name: `Row Click ${suffix()}`,
      start_date: at(day, 8),
      end_date: at(day, 17),
    });
    await signInAsStaff(page);
    await page.goto('/dashboard/events');

    // The name is a link to the event.
    const link = page.getByRole('link', { name: event.name, exact: true });
    await expect(link).toHaveAttribute('href', `/dashboard/events/${event.id}`);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}$`));
    await expect(page.getByRole('heading', { name: event.name, level: 1 })).toBeVisible();

    // A click elsewhere on the row (its location) opens it too.
    await page.getByRole('link', { name: 'Back to Events' }).click();
    await page.getByTestId(`event-row-${event.id}`).getByText('Kigali Conference Centre').click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}$`));

    // Delete in the row still only asks; it does not open the event.
    await page.getByRole('link', { name: 'Back to Events' }).click();
    await page.getByRole('button', { name: `Delete ${event.name}` }).click();
    await expect(page.getByRole('dialog', { name: 'Delete event' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Delete event' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);

    // Create Event: the organiser lands in the new event.
    const name = `Landing Here ${suffix()}`;
    await page.getByRole('button', { name: 'Create Event' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Event' });
    await modal.getByLabel('Event Name').fill(name);
    await modal.getByLabel('Start Date').fill(localInput(at(day, 8)));
    await modal.getByLabel('End Date').fill(localInput(at(day, 17)));
    await modal.getByLabel('Location').fill('Huye');
    await modal.getByRole('button', { name: 'Create Event' }).click();
    await expect(toast(page).filter({ hasText: 'Event created successfully' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/events\/\d+$/);
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  });

  test('the dashboard says "running now" and is quiet about failed e-mails when none failed', async ({
    page,
    request,
  }) => {
    const api = await Api.staff(request);
    const now = Date.now();
    // Active (the check-in switch) and upcoming by its dates: the two must not read as a contradiction.
    const event = await api.createEvent({
      name: `Later ${suffix()}`,
      start_date: new Date(now + 48 * HOUR).toISOString(),
      end_date: new Date(now + 56 * HOUR).toISOString(),
    });
    await signInAsStaff(page);
    const detail = page.getByTestId('dashboard-stat-events-detail');
    await expect(detail).toHaveText(/^\d+ running now · [1-9]\d* upcoming$/);
    await expect(detail).not.toContainText('active');

    // Quiet when zero, red only when something failed (other journeys may make e-mails fail).
    const token = await apiStaffToken(request);
    const res = await request.get('/api/accounts/admin/failed-emails/stats/', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const stats = (await res.json()) as { total_failed: number; sms: { total_failed: number } };
    const failed = stats.total_failed + stats.sms.total_failed > 0;
    const value = page.getByTestId('dashboard-stat-failed-emails-value');
    const force = page.getByRole('button', { name: 'Force Retry All Failed' });
    await expect(value).toBeVisible();
    const red = 'rgb(201, 42, 42)';
    if (failed) {
      await expect(value).toHaveCSS('color', red);
      await expect(force).toHaveAttribute('data-urgent', 'true');
    } else {
      await expect(value).toHaveText('0');
      await expect(value).not.toHaveCSS('color', red);
      await expect(force).toHaveAttribute('data-urgent', 'false');
      await expect(force).not.toHaveCSS('background-color', red);
      await expect(page.getByText('Nothing has failed: there is nothing to send again.')).toBeVisible();
    }

    // The event's own badge says what Active means.
    await page.goto(`/dashboard/events/${event.id}`);
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await expect(page.getByTestId('event-active-hint')).toHaveText('Check-in open');
    await page.goto('/dashboard/events');
    await expect(page.getByTestId(`event-row-${event.id}`)).toContainText('Upcoming');
  });

  test('the dashboard stays still while its figures and activity arrive', async ({ page }) => {
    await signInAsStaff(page);
    // Each answer held back a little, so that it arrives after the page has drawn its placeholders.
    await page.route(
      /\/api\/(dashboard\/activity|check-ins\/stats|events\/\d+\/participants\/stats)\//,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      },
    );
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          value: number;
          hadRecentInput: boolean;
        }>) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.reload();
    await expect(page.getByTestId('dashboard-stat-check-ins-detail')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent Events' })).toBeVisible();
    await page.waitForTimeout(300);
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  });

  test("a session outside the event's dates is refused, the form naming the dates before sending", async ({
    page,
    request,
  }) => {
    const api = await Api.staff(request);
    const first = futureDay(30);
    const last = futureDay(32);
    const event = await api.createEvent({
      name: `Three Days ${suffix()}`,
      start_date: at(first, 8),
      end_date: at(last, 17),
    });
    const fmt = (iso: string) =>
      new Intl.DateTimeFormat('en-US', {
        month: 'short',
        day: '2-digit',
        year: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'UTC',
      }).format(new Date(iso));
    const dates = `${fmt(at(first, 8))} - ${fmt(at(last, 17))}`;
    // The server names the zone; the form leaves it out when it is the viewer's own (UTC here).
    const message = `Session times must be within the event (${dates} UTC).`;
    const inForm = `Session times must be within the event (${dates}).`;

    // The server refuses it whatever the client.
    const token = await apiStaffToken(request);
    const late = futureDay(45);
    const refused = await request.post(`/api/events/${event.id}/sessions/`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { name: 'Too late', location: 'Hall', start_time: at(late, 9), end_time: at(late, 10) },
    });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { detail: string }).detail).toBe(message);

    await signInAsStaff(page);
    await page.goto(`/dashboard/events/${event.id}/sessions`);
    await page.getByRole('button', { name: '+ Create Session' }).click();
    const modal = page.getByRole('dialog', { name: 'Create Session' });
    await expect(modal.getByTestId('session-event-dates')).toContainText(fmt(at(first, 8)));
    await expect(modal.getByTestId('session-event-dates')).toContainText(fmt(at(last, 17)));
    await modal.getByLabel('Session Name').fill('Closing Dinner');
    await modal.getByLabel('Location').fill('Terrace');
    await modal.getByLabel('Start Time').fill(localInput(at(late, 19)));
    await modal.getByLabel('End Time').fill(localInput(at(late, 21)));
    await modal.getByRole('button', { name: 'Create Session' }).click();
    await expect(modal.getByText(inForm)).toBeVisible();
    await expect(modal).toBeVisible();

    await modal.getByLabel('Start Time').fill(localInput(at(last, 12)));
    await modal.getByLabel('End Time').fill(localInput(at(last, 14)));
    await modal.getByRole('button', { name: 'Create Session' }).click();
    await expect(toast(page).filter({ hasText: 'Session created successfully' })).toBeVisible();
    await expect(page.getByText('Closing Dinner', { exact: true })).toBeVisible();

    // Editing it out of the event is refused in the form too.
    await page.getByText('Closing Dinner', { exact: true }).click();
    await page.getByLabel('Start Time').fill(localInput(at(late, 19)));
    await page.getByLabel('End Time').fill(localInput(at(late, 21)));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(inForm)).toBeVisible();
  });

  test('toasts sit below the header, never over the language selector, the user name or Logout', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsStaff(page);
    await page.goto('/dashboard/events');
    await page
      .getByRole('link', { name: /^Regional Health Workshop/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Copy event code' }).click();
    // The newest toast (one at a time; the one it replaces may still be fading out).
    const shown = toast(page).filter({ hasText: 'Copied to clipboard' }).last();
    await expect(shown).toBeVisible();
    const header = page.locator('header').first();
    const toastBox = await box(shown);
    const headerBox = await box(header);
    expect(toastBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
    for (const needed of [
      header.getByTestId('language-switcher'),
      header.getByRole('button', { name: 'Logout' }),
      header.getByTestId('current-user'),
    ]) {
      expect(overlaps(toastBox, await box(needed.first()))).toBe(false);
    }
    // Still the spec's top right.
    const viewport = page.viewportSize();
    expect(toastBox.x + toastBox.width).toBeGreaterThan((viewport?.width ?? 0) - 40);
    expect(toastBox.y).toBeLessThan(150);

    // Scrolled, the sticky header stays and the toast still sits below it.
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.getByRole('button', { name: 'Copy event code' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Copy event code' }).click();
    // The toast it replaces may be fading out as it is measured: measure the newest until it holds.
    await expect(async () => {
      const scrolledHeader = await box(header);
      expect((await box(shown)).y).toBeGreaterThanOrEqual(scrolledHeader.y + scrolledHeader.height);
    }).toPass();
  });
});

/**
 * A second server of its own, started as an operator would with LANDING_STATS (and its figures):
 * the real app on a fresh database, on a port beside the journeys' own.
 */
async function startServer(offset: number, env: Record<string, string>) {
  const port = Number(process.env.E2E_PORT ?? 3100) + offset;
  // One process (node with the tsx loader), so SIGTERM reaches the server itself.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server.ts'], {
    env: { ...process.env, ...env, E2E_PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

test.describe('the landing page as the operator chose (LANDING_STATS)', () => {
  test.describe.configure({ timeout: 240_000 });

  test('hidden: no Platform Impact section and no figure in the answer', async ({ page }) => {
    const server = await startServer(2, { LANDING_STATS: 'hidden' });
    try {
      const stats = page.waitForResponse((r) => r.url().includes('/api/public/stats/'));
      await page.goto(`${server.url}/`);
      expect(await (await stats).json()).toEqual({ mode: 'hidden' });
      await expect(
        page.getByRole('heading', { name: 'Events made easy. Attendees made happy.' }),
      ).toBeVisible();
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await expect(page.getByRole('heading', { name: 'Platform Impact' })).toHaveCount(0);
      await expect(page.getByTestId('stat-events')).toHaveCount(0);
      // The rest of the page is as before.
      await expect(page.getByRole('button', { name: 'Get Started Now', exact: true })).toBeVisible();
    } finally {
      await server.stop();
    }
  });

  test('fixed: the operator figures count up in place of live ones', async ({ page }) => {
    const server = await startServer(4, { LANDING_STATS: 'fixed', LANDING_STATS_FIGURES: '1000,500000,98' });
    try {
      await page.goto(`${server.url}/`);
      await page.getByRole('heading', { name: 'Platform Impact' }).scrollIntoViewIfNeeded();
      await page.getByTestId('stat-rate').scrollIntoViewIfNeeded();
      await expect(page.getByTestId('stat-events')).toHaveText('1,000+');
      await expect(page.getByTestId('stat-attendees')).toHaveText('500,000+');
      await expect(page.getByTestId('stat-rate')).toHaveText('98%');
    } finally {
      await server.stop();
    }
  });
});
