import { expect, test } from './fixtures';
import { createEvent, createParticipants, staffSignIn, uniqueSuffix } from './fixtures/participants';

test.describe('sending login details', () => {
  test('staff send login details to those not notified; the participant signs in with the link it carries', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    testInfo.setTimeout(90_000);
    const event = await createEvent(request, `Notify Workshop ${uniqueSuffix()}`);
    const tag = uniqueSuffix();
    const [first] = await createParticipants(request, event.id, [
      { full_name: 'Claudine Uwera', email: `claudine.${tag}@example.org` },
      { full_name: 'Jean Bosco', email: `bosco.${tag}@example.org` },
    ]);
    await staffSignIn(page);
    await page.goto(`/dashboard/events/${event.id}/participants`);
    await expect(page.getByTestId('participant-row')).toHaveCount(2);

    await page.getByRole('button', { name: 'Select Not Notified' }).click();
    await page.getByRole('button', { name: 'Send Selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Notifications' });
    await expect(dialog.getByTestId('send-notifications-count')).toContainText('2');
    await dialog.getByRole('radio', { name: 'Email only' }).check();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByTestId('send-notifications-result')).toContainText(
      'Notifications sent. Success: 2, Errors: 0',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    // The outbox sends within seconds; the Notification column follows.
    await expect(page.getByTestId('notification-status')).toHaveText(['Sent', 'Sent'], { timeout: 15_000 });

    // No SMTP server here: the dev mailbox shows what the participant received.
    await page.goto('/dashboard/mailbox');
    await page.getByLabel('Recipient').fill(first?.email ?? '');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByTestId('mailbox-row').first().getByRole('button').click();
    const text = await page.getByTestId('mailbox-text').innerText();
    expect(text).toContain(first?.unique_code ?? 'missing');
    const link = /https?:\/\/\S+\/auto-login\?token=[\w-]+&event_id=\d+/.exec(text)?.[0];
    expect(link).toBeDefined();

    // The participant, on their own device, opens the link.
    const phone = await browser.newContext();
    const participantPage = await phone.newPage();
    await participantPage.goto(new URL(link ?? '/').pathname + new URL(link ?? '/').search);
    await expect(participantPage).toHaveURL(new RegExp(`/event/${event.id}$`), { timeout: 15_000 });
    await phone.close();
  });
});
