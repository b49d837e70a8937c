import { expect, expectNoAxeViolations, login, message, registerPerson, test } from '../support/e2e.ts';

/**
 * Closing an account (issue 23) against the real server: a public member of its own closes the
 * account from the profile menu, confirms, proves it is them with the password in the step-up
 * dialog, lands signed out on the confirmation with the erasure date (Hong Kong time), signs in
 * again and cancels the closure from the notice on the profile page.
 */
const lang = 'en';
const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);

test('a public member closes the account, signs in again and cancels the closure', async ({ browser, mailbox }) => {
  const person = await registerPerson(browser, mailbox, lang, 'closeui');
  const { page } = person;
  await page.goto(`/${lang}/profile`);
  await page.getByRole('navigation').getByRole('link', { name: t('profile.menu.closeAccount') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile/account-closure$`));
  await expect(page.getByRole('heading', { name: t('accountClosure.goes.heading') })).toBeVisible();

  await page.getByRole('button', { name: t('accountClosure.start') }).click();
  await page.getByRole('dialog', { name: t('accountClosure.confirm.title') }).getByRole('button', { name: t('accountClosure.confirm') }).click();
  const stepUp = page.getByRole('dialog', { name: t('stepUp.title') });
  await stepUp.getByLabel(t('fieldName.currentPassword')).fill(person.password);
  await stepUp.getByRole('button', { name: t('stepUp.submit') }).click();

  await expect(page).toHaveURL(new RegExp(`/${lang}/account-closed\\?eraseAt=`));
  await expect(page.getByRole('heading', { name: t('accountClosure.closedTitle') }).first()).toBeVisible();
  await expect(page.getByText('(Hong Kong time)')).toBeVisible();
  await expectNoAxeViolations(page);

  await login(page, person.loginId, { password: person.password, lang });
  await page.goto(`/${lang}/profile`);
  await expect(page.getByRole('heading', { name: t('accountClosure.pendingTitle') })).toBeVisible();
  await page.getByRole('button', { name: t('accountClosure.cancel') }).click();
  await expect(page.getByRole('heading', { name: t('accountClosure.cancelledTitle') })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: t('profile.menu.basic') }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: t('accountClosure.pendingTitle') })).toHaveCount(0);
  await person.context.close();
});
