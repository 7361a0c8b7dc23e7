import { expect, test, toast } from './fixtures';
import {
  createEvent,
  createParticipants,
  expectToast,
  staffSignIn,
  uniqueSuffix,
} from './fixtures/participants';

test.describe('one-click login link (staff)', () => {
  test('staff copy the login link, show it as a QR, revoke it; the link then no longer signs in', async ({
    page,
    context,
    browser,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const event = await createEvent(request, `Desk Sign-in ${uniqueSuffix()}`);
    const [person] = await createParticipants(request, event.id, [
      { full_name: 'Claudine Uwimana', email: `claudine.${uniqueSuffix()}@example.org` },
    ]);
    if (!person) throw new Error('participant expected');

    await staffSignIn(page);
    await page.goto(`/dashboard/events/${event.id}/participants/${person.id}`);
    const panel = page.getByRole('region', { name: 'One-click login link' });
    await expect(panel.getByRole('button')).toHaveText([
      'Copy login link',
      'Show login QR',
      'Revoke login links',
    ]);

    // Copy: the link lands on the clipboard.
    await panel.getByRole('button', { name: 'Copy login link' }).click();
    await expectToast(page, 'Login link copied to clipboard');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const parsed = new URL(link);
    expect(parsed.pathname).toBe('/auto-login');
    expect(parsed.searchParams.get('event_id')).toBe(String(event.id));
    expect(parsed.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // Show login QR: the same link, as a QR big enough to scan off the screen, and as text.
    await panel.getByRole('button', { name: 'Show login QR' }).click();
    const dialog = page.getByRole('dialog', { name: `Login QR for ${person.full_name}` });
    const qr = dialog.getByRole('img', { name: `Login QR code for ${person.full_name}` });
    await expect(qr).toBeVisible();
    expect(
      await qr.evaluate((img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0),
    ).toBe(true);
    const box = await qr.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(250);
    await expect(dialog.getByTestId('login-link-url')).toHaveText(link);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();

    // The participant, on their own phone, opens the link and is signed in.
    const phone = await browser.newContext();
    const participantPage = await phone.newPage();
    await participantPage.goto(link);
    await expect(participantPage).toHaveURL(new RegExp(`/event/${event.id}$`), { timeout: 15_000 });
    await expect(toast(participantPage)).toContainText('Successfully logged in!');
    await expect(
      participantPage.getByRole('heading', { level: 1, name: `Welcome, ${person.full_name}!` }),
    ).toBeVisible();

    // Revoke: one click, one link (Copy and Show QR handed out the same one).
    await panel.getByRole('button', { name: 'Revoke login links' }).click();
    await expectToast(page, 'Login links revoked: 1. They no longer sign in.');

    // The sign-in opened with the link ended with it: a reload finds no session.
    await participantPage.reload();
    await expect(participantPage).toHaveURL(/\/login$/, { timeout: 15_000 });

    // The link itself no longer signs in, in the browser or through the API.
    await participantPage.goto(link);
    await expect(participantPage).toHaveURL(/\/login$/, { timeout: 15_000 });
    await expect(toast(participantPage)).toContainText('Login failed. Please try again.');
    const token = parsed.searchParams.get('token') ?? '';
    const refused = await request.post('/api/auth/one-click-login/', { data: { token } });
    expect(refused.status()).toBe(401);
    await phone.close();

    // A second revoke finds nothing left to revoke, and says so.
    await panel.getByRole('button', { name: 'Revoke login links' }).click();
    await expectToast(page, 'There were no active login links to revoke.');
  });
});
