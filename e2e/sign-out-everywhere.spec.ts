import {
  apiParticipantLogin,
  expect,
  fillParticipantForm,
  fillStaffForm,
  EVENT_CODE,
  JEAN,
  STAFF,
  test,
  toast,
} from './fixtures';

test('staff sign a participant out everywhere from the participant page, after a confirmation', async ({
  page,
  browser,
  request,
}) => {
  const jean = await apiParticipantLogin(request, JEAN.code);
  // Jean is signed in on their phone.
  const phone = await browser.newContext();
  const phonePage = await phone.newPage();
  await phonePage.goto('/login');
  await fillParticipantForm(phonePage, EVENT_CODE, JEAN.code);
  await expect(phonePage).toHaveURL(/\/event\/\d+$|\/dashboard\/participant$/);

  await page.goto('/dashboard/login');
  await fillStaffForm(page, STAFF.username, STAFF.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/dashboard/events/${jean.event.id}/participants/${jean.id}`);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign out everywhere' });
  await expect(dialog).toContainText(`This ends every sign-in of ${JEAN.fullName}`);
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(toast(page)).toContainText('Signed out everywhere. Sign-ins ended:');
  await expect(dialog).toBeHidden();

  // The phone's sign-in has ended: a reload goes back to the sign-in page.
  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/login$/);
  await phone.close();
});

test('staff sign themselves out everywhere from the menu under their name', async ({ page, browser }) => {
  const laptop = await browser.newContext();
  const laptopPage = await laptop.newPage();
  for (const p of [page, laptopPage]) {
    await p.goto('/dashboard/login');
    await fillStaffForm(p, STAFF.username, STAFF.password);
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
