import {
  expect,
  fillParticipantForm,
  fillStaffForm,
  postSignIn,
  STAFF,
  STAFF_ALONE,
  test,
  toast,
} from './fixtures';
import { createEvent, createParticipants, uniqueSuffix } from './fixtures/participants';

// Each journey ends every sign-in of someone: its own participant and its own staff account, so the
// journeys running beside it keep theirs.

test('staff sign a participant out everywhere from the participant page, after a confirmation', async ({
  page,
  browser,
  request,
}) => {
  const event = await createEvent(request, `Sign-out Workshop ${uniqueSuffix()}`);
  const [person] = await createParticipants(request, event.id, [
    { full_name: 'Claudine Mukeshimana', email: `claudine.${uniqueSuffix()}@example.org` },
  ]);
  if (!person) throw new Error('no participant');
  // The participant is signed in on their phone.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await phonePage.goto('/login');
  await fillParticipantForm(phonePage, event.event_code, person.unique_code);
  await expect(phonePage).toHaveURL(new RegExp(`/event/${event.id}$`));

  await page.goto('/dashboard/login');
  await fillStaffForm(page, STAFF.username, STAFF.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/dashboard/events/${event.id}/participants/${person.id}`);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere' });
  await expect(dialog).toContainText(`This ends every sign-in of ${person.full_name}`);
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(toast(page)).toContainText('Signed out everywhere. Sign-ins ended: 1.');
  await expect(dialog).toBeHidden();

  // The phone's sign-in has ended: a reload goes back to the sign-in page.
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/login$/);
  await phone.close();
});

test('staff reset a leaked login code: the old code and its sign-ins end, the new code signs in', async ({
  page,
  browser,
  request,
}) => {
  const event = await createEvent(request, `Reset Code Workshop ${uniqueSuffix()}`);
  const [person] = await createParticipants(request, event.id, [
    { full_name: 'Didier Nshimiyimana', email: `didier.${uniqueSuffix()}@example.org` },
  ]);
  if (!person) throw new Error('no participant');
  // Whoever holds the leaked code is signed in with it.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await fillParticipantForm(otherPage, event.event_code, person.unique_code);
  await expect(otherPage).toHaveURL(new RegExp(`/event/${event.id}$`));

  await page.goto('/dashboard/login');
  await fillStaffForm(page, STAFF.username, STAFF.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/dashboard/events/${event.id}/participants/${person.id}`);
  await page.getByRole('button', { name: 'Reset login code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset login code' });
  await expect(dialog).toContainText(person.full_name);
  await dialog.getByRole('button', { name: 'Reset login code' }).click();
  await expect(toast(page)).toContainText('Login code reset. The new code is ');
  const newCode = /The new code is (\w+)\./.exec((await toast(page).textContent()) ?? '')?.[1] ?? '';
  expect(newCode).toMatch(/^[A-Z0-9]{8}$/);
  expect(newCode).not.toBe(person.unique_code);

  // The sign-in made with the old code has ended, and the old code no longer signs in.
  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await other.close();
  const old = await postSignIn(request, '/api/auth/login/', {
    event_code: event.event_code,
    unique_code: person.unique_code,
  });
  expect(old.status()).toBe(401);
  // The participant signs in with the new one.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await phonePage.goto('/login');
  await fillParticipantForm(phonePage, event.event_code, newCode);
  await expect(phonePage).toHaveURL(new RegExp(`/event/${event.id}$`));
  await phone.close();
});

test('staff sign themselves out everywhere from the menu under their name', async ({ page, browser }) => {
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  for (const p of [page, laptopPage]) {
    await p.goto('/dashboard/login');
    await fillStaffForm(p, STAFF_ALONE.username, STAFF_ALONE.password);
    await expect(p).toHaveURL(/\/dashboard$/);
  }
  await page.getByTestId('current-user').click();
  await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere' });
  await expect(dialog).toContainText('this one included');
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The other browser is signed out too.
  await laptopPage.reload();
  await expect(laptopPage).toHaveURL(/\/dashboard\/login$/);
  await laptop.close();
});
