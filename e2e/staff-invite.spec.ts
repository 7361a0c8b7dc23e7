import { apiStaffToken, expect, fillStaffForm, test } from './fixtures';
import { receivedMail } from './fixtures/mail-sink';
import { createEvent, expectToast, staffSignIn, uniqueSuffix } from './fixtures/participants';

test.describe('adding a volunteer from Staff Access', () => {
  test('an admin adds a scanner with an invitation; the volunteer chooses a password and lands on the check-in station', async ({
    page,
    browser,
    request,
  }, testInfo) => {
    testInfo.setTimeout(120_000);
    const event = await createEvent(request, `Door Workshop ${uniqueSuffix()}`);
    const username = `door-${uniqueSuffix()}`.toLowerCase();
    const email = `${username}@example.org`;

    await staffSignIn(page);
    await page.goto('/dashboard/staff');
    await page.getByRole('button', { name: 'Add Staff Account' }).click();
    const form = page.getByRole('dialog', { name: 'Add a staff account' });
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Full name').fill('Door Volunteer');
    await form.getByLabel('E-mail').fill(email);
    await expect(form.getByRole('radio', { name: 'Scanner' })).toBeChecked();
    await form.getByRole('textbox', { name: 'Events this scanner may check people in at' }).click();
    await page.getByRole('option', { name: event.name }).click();
    await page.keyboard.press('Escape');
    await expect(form.getByRole('radio', { name: /^Invitation link: .* for 7 days\)$/ })).toBeChecked();
    await form.getByRole('button', { name: 'Add Account' }).click();

    // The link is shown once, with its expiry, in a dialog with a copy button.
    const shown = page.getByRole('dialog', { name: `Account ${username} is ready` });
    await expect(shown).toContainText('It works once, until');
    await expect(shown).toContainText(`It was also sent by e-mail to ${email}.`);
    await expect(shown.getByRole('button', { name: 'Copy: Invitation link' })).toBeVisible();
    const link = await shown.getByTestId('invite-url').inputValue();
    expect(link).toMatch(/\/dashboard\/invite#token=[\w-]{22}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(shown).toBeHidden();

    // The list shows the account waiting for its invitation, never the link.
    const row = page.getByTestId('staff-row').filter({ hasText: username });
    await expect(row).toContainText('Scanner');
    await expect(row).toContainText(event.name);
    await expect(row).toContainText('Invited, until');
    await expect(page.getByTestId('staff-table')).not.toContainText('token');

    // The e-mail carries a link of its own and says until when it works.
    const mail = await receivedMail(email);
    expect(mail).toContain('Choose my password');
    expect(mail).toMatch(/The link works once, until .* \(UTC\)/);
    expect(mail).toMatch(/\/dashboard\/invite#token=[\w-]+/);

    // The volunteer, on their own phone, opens the link shown to the admin.
    const phone = await browser.newContext();
    const volunteer = await phone.newPage();
    const url = new URL(link);
    await volunteer.goto(url.pathname + url.hash);
    await expect(volunteer.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    await expect(volunteer.getByTestId('invite-for')).toContainText(
      `Invitation for ${username}, valid until`,
    );
    // The token leaves the address bar once read.
    await expect(volunteer).toHaveURL(/\/dashboard\/invite$/);
    await volunteer.getByLabel('New password').fill('door-password-1');
    await volunteer.getByLabel('Repeat the password').fill('door-password-1');
    await volunteer.getByRole('button', { name: 'Set Password and Sign In' }).click();

    // Signed in as the scanner: the station of its one event.
    await expect(volunteer).toHaveURL(/\/dashboard\/check-in$/);
    await expect(volunteer.getByRole('heading', { name: `${event.name} - Check-In` })).toBeVisible();
    await expect(volunteer.getByTestId('current-user')).toHaveText(username);
    await phone.close();

    // The password is chosen: the list no longer shows the account as invited.
    await page.reload();
    await expect(row).toContainText('Enabled');
  });

  test('disabling a volunteer ends their sign-in; removing them takes them off the list', async ({
    page,
    browser,
    request,
  }) => {
    const event = await createEvent(request, `Disable Workshop ${uniqueSuffix()}`);
    const username = `gate-${uniqueSuffix()}`.toLowerCase();
    const res = await request.post('/api/accounts/staff/', {
      headers: { authorization: `Bearer ${await apiStaffToken(request)}` },
      data: {
        username,
        full_name: 'Gate Volunteer',
        role: 'scanner',
        event_ids: [event.id],
        delivery: 'password',
      },
    });
    expect(res.status()).toBe(201);
    const { password } = (await res.json()) as { password: string };

    const phone = await browser.newContext();
    const door = await phone.newPage();
    await door.goto('/dashboard/login');
    await fillStaffForm(door, username, password);
    await expect(door.getByRole('heading', { name: `${event.name} - Check-In` })).toBeVisible();

    await staffSignIn(page);
    await page.goto('/dashboard/staff');
    const row = page.getByTestId('staff-row').filter({ hasText: username });
    await expect(row).toContainText('Enabled');
    await row.getByRole('button', { name: 'More actions for Gate Volunteer' }).click();
    await page.getByRole('menuitem', { name: 'Disable' }).click();
    await page
      .getByRole('dialog', { name: 'Disable Gate Volunteer?' })
      .getByRole('button', { name: 'Disable' })
      .click();
    await expectToast(page, 'Gate Volunteer disabled');
    await expect(row).toContainText('Disabled');

    // The station's sign-in has ended: a reload goes back to the sign-in, which refuses the account.
    await door.reload();
    await expect(door).toHaveURL(/\/dashboard\/login$/);
    await fillStaffForm(door, username, password);
    await expect(door.getByRole('alert')).toHaveText('Invalid username or password.');
    await phone.close();

    await row.getByRole('button', { name: 'More actions for Gate Volunteer' }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await page
      .getByRole('dialog', { name: 'Remove Gate Volunteer?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expectToast(page, 'Gate Volunteer removed');
    await expect(row).toHaveCount(0);
  });

  test('a generated password is shown once and signs the scanner in at the station', async ({
    page,
    browser,
    request,
  }) => {
    const event = await createEvent(request, `Password Workshop ${uniqueSuffix()}`);
    const username = `gate-${uniqueSuffix()}`.toLowerCase();
    await staffSignIn(page);
    await page.goto('/dashboard/staff');
    await page.getByRole('button', { name: 'Add Staff Account' }).click();
    const form = page.getByRole('dialog', { name: 'Add a staff account' });
    await form.getByLabel('Username').fill(username);
    await form.getByRole('textbox', { name: 'Events this scanner may check people in at' }).click();
    await page.getByRole('option', { name: event.name }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('radio', { name: /^Generated password/ }).check();
    await form.getByRole('button', { name: 'Add Account' }).click();
    const shown = page.getByRole('dialog', { name: `Account ${username} is ready` });
    const password = await shown.getByTestId('generated-password').inputValue();
    expect(password).toMatch(/^[a-z2-9]{4}(-[a-z2-9]{4}){3}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByTestId('staff-row').filter({ hasText: username })).toContainText('Enabled');
    await expect(page.getByTestId('staff-table')).not.toContainText(password);

    const phone = await browser.newContext();
    const door = await phone.newPage();
    await door.goto('/dashboard/login');
    await fillStaffForm(door, username, password);
    await expect(door.getByRole('heading', { name: `${event.name} - Check-In` })).toBeVisible();
    await phone.close();
  });
});
