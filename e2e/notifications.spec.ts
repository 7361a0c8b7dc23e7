import { expect, test } from './fixtures';
import { acceptAllMail, makeRetriesDue, receivedCount, receivedMail, signInLink } from './fixtures/mail-sink';
import {
  createEvent,
  createParticipants,
  expectToast,
  staffSignIn,
  uniqueSuffix,
} from './fixtures/participants';

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

    // The SMTP server received the message; the participant signs in with the link it carries.
    const text = await receivedMail(first?.email ?? 'missing');
    expect(text).toContain(first?.unique_code ?? 'missing');
    expect(text).toContain(event.event_code);
    const link = signInLink(text);

    // The participant, on their own device, opens the link.
    const phone = await browser.newContext();
    const participantPage = await phone.newPage();
    await participantPage.goto(link);
    await expect(participantPage).toHaveURL(new RegExp(`/event/${event.id}$`), { timeout: 15_000 });
    await phone.close();
  });

  test('a deferred and a refused e-mail: Retry Now sends the one whose retry is due, Force Retry the refused one, whose link signs in', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    testInfo.setTimeout(120_000);
    const event = await createEvent(request, `Retry Clinic ${uniqueSuffix()}`);
    const tag = uniqueSuffix();
    const deferred = `defer.${tag}@example.org`;
    const refused = `bounce.${tag}@example.org`;
    const people = await createParticipants(request, event.id, [
      { full_name: 'Delphine Mutesi', email: deferred },
      { full_name: 'Bruno Niyonzima', email: refused },
    ]);
    await staffSignIn(page);
    await page.goto(`/dashboard/events/${event.id}/participants`);
    await page.getByRole('button', { name: 'Select Not Notified' }).click();
    await page.getByRole('button', { name: 'Send Selected (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Notifications' });
    await dialog.getByRole('radio', { name: 'Email only' }).check();
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(dialog.getByTestId('send-notifications-result')).toContainText(
      'Notifications sent. Success: 2, Errors: 0',
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    // The refused address fails for good; the deferred one waits for its retry.
    const row = (name: string) => page.getByTestId('participant-row').filter({ hasText: name });
    await expect(row('Bruno Niyonzima').getByTestId('notification-status')).toHaveText('Failed', {
      timeout: 15_000,
    });

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Failed Email Summary' })).toBeVisible();
    await expect(page.getByText(deferred)).toBeVisible();

    // The mail server is back; the deferred message's retry falls due, and Retry Now sends it.
    await acceptAllMail();
    await makeRetriesDue();
    await page.reload();
    await page.getByRole('button', { name: 'Retry Now' }).click();
    await expectToast(
      page,
      /^Successfully processed (1 email|\d+ emails)\. \d+ successful, \d+ still failed\.$/,
    );
    expect(await receivedMail(deferred)).toContain(people[0]?.unique_code ?? 'missing');
    expect(await receivedCount(refused)).toBe(0);

    // Retry Now leaves the refused one alone; Force Retry All Failed sends it too.
    await page.getByRole('button', { name: 'Force Retry All Failed' }).click();
    await expectToast(
      page,
      /^Successfully processed (1 email|\d+ emails)\. \d+ successful, \d+ still failed\.$/,
    );
    const text = await receivedMail(refused);
    expect(text).toContain(people[1]?.unique_code ?? 'missing');
    expect(await receivedCount(deferred)).toBe(1);

    const phone = await browser.newContext();
    const participantPage = await phone.newPage();
    await participantPage.goto(signInLink(text));
    await expect(participantPage).toHaveURL(new RegExp(`/event/${event.id}$`), { timeout: 15_000 });
    await expect(
      participantPage.getByRole('heading', { level: 1, name: 'Welcome, Bruno Niyonzima!' }),
    ).toBeVisible();
    await phone.close();
  });
});
