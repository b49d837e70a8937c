import { expect, expectNoAxeViolations, login, message, registerPerson, test, uniqueLoginId } from '../support/e2e.ts';
import { clickGoogle, signInInPopup } from './google-popup.ts';

/** Sign in with Google against the local identity provider in a real popup (./google-popup.ts). */
const lang = 'en';
const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);

test('links Google from the login information page, signs in with it elsewhere, and unlinks it', async ({ browser, page, mailbox, axe }) => {
  const person = await registerPerson(browser, mailbox, lang, 'sso');
  await person.context.close();
  const identity = uniqueLoginId('g');

  await login(page, person.loginId, { password: person.password });
  await page.goto(`/${lang}/profile/login-info`);
  await expect(page.getByRole('heading', { level: 1, name: t('thirdParty.infoTitle') })).toBeVisible();
  await expect(page.getByText(t('thirdParty.notLinked'))).toBeVisible();
  await axe();

  await signInInPopup(await clickGoogle(page, t('thirdParty.link')), identity);
  const linked = t('thirdParty.linkedAs', { email: `${identity}@gmail.test`, date: '' }).split(',')[0]!;
  await expect(page.getByText(linked)).toBeVisible();
  await axe();
  // The profile's emails and sign-ins section lists the link.
  await page.goto(`/${lang}/profile/emails`);
  await expect(page.getByText(`${identity}@gmail.test`)).toBeVisible();

  // Sign out; another browser signs in with the identity alone.
  await page.getByRole('button', { name: t('app.signOut') }).click();
  await expect(page).toHaveURL(/\/login/);
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(`/${lang}/login`);
  await expect(elsewhere.getByRole('button', { name: t('thirdParty.signIn') })).toBeVisible();
  await expectNoAxeViolations(elsewhere);
  await signInInPopup(await clickGoogle(elsewhere, t('thirdParty.signIn')), identity);
  await expect(elsewhere).toHaveURL(new RegExp(`/${lang}/profile$`));
  await expect(elsewhere.getByText(person.loginId, { exact: true })).toBeVisible();

  // Unlink, after the confirmation.
  await elsewhere.goto(`/${lang}/profile/login-info`);
  await elsewhere.getByRole('button', { name: t('thirdParty.unlink', { provider: 'Google' }) }).click();
  const dialog = elsewhere.getByRole('dialog', { name: t('thirdParty.unlinkTitle') });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(elsewhere);
  await dialog.getByRole('button', { name: t('thirdParty.unlinkConfirm') }).click();
  await expect(elsewhere.getByRole('status').filter({ hasText: t('thirdParty.unlinked') })).toBeVisible();
  await expect(elsewhere.getByText(t('thirdParty.notLinked'))).toBeVisible();
  await expectNoAxeViolations(elsewhere);
  await other.close();
});

test('attaches an unknown Google identity to an existing account through /third-party-link', async ({ browser, page, mailbox, axe }) => {
  const person = await registerPerson(browser, mailbox, lang, 'ssoattach');
  await person.context.close();
  const identity = uniqueLoginId('g');

  await page.goto(`/${lang}/login`);
  await signInInPopup(await clickGoogle(page, t('thirdParty.signIn')), identity);
  await expect(page).toHaveURL(new RegExp(`/${lang}/third-party-link$`));
  await expect(page.getByRole('heading', { level: 1, name: t('thirdParty.linkTitle') })).toBeVisible();
  await axe();

  // A wrong password is refused as at the login page; the identity keeps waiting.
  await page.locator('input[name="loginId"]').fill(person.loginId);
  await page.locator('input[name="password"]').fill(`${person.password}-wrong`);
  await page.getByRole('button', { name: t('thirdParty.linkSubmit') }).click();
  await expect(page.getByText(t('error.loginFailed')).first()).toBeVisible();
  await axe();

  await page.locator('input[name="password"]').fill(person.password);
  await page.getByRole('button', { name: t('thirdParty.linkSubmit') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile$`));
  await page.goto(`/${lang}/profile/emails`);
  await expect(page.getByText(`${identity}@gmail.test`)).toBeVisible();
});

test('refuses to link an identity that already opens another account (identifierUsed)', async ({ browser, page, mailbox }) => {
  // Two people register and sign in: on two busy cores this takes longer than one journey's limit.
  test.setTimeout(180_000);
  const first = await registerPerson(browser, mailbox, lang, 'ssofirst');
  const second = await registerPerson(browser, mailbox, lang, 'ssosecond');
  const identity = uniqueLoginId('g');

  await login(first.page, first.loginId, { password: first.password });
  await first.page.goto(`/${lang}/profile/login-info`);
  await signInInPopup(await clickGoogle(first.page, t('thirdParty.link')), identity);
  await expect(first.page.getByText(`${identity}@gmail.test`, { exact: false })).toBeVisible();
  await first.context.close();
  await second.context.close();

  await login(page, second.loginId, { password: second.password });
  await page.goto(`/${lang}/profile/login-info`);
  await signInInPopup(await clickGoogle(page, t('thirdParty.link')), identity);
  await expect(page.getByText(t('error.identifierUsed'))).toBeVisible();
  await expect(page.getByText(t('thirdParty.notLinked'))).toBeVisible();
  await expectNoAxeViolations(page);
});

test('works as a full-page redirect where the popup is blocked', async ({ page, axe }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const identity = uniqueLoginId('g');
  await page.goto(`/${lang}/login`);
  await page.getByRole('button', { name: t('thirdParty.signIn') }).click();
  await expect(page.getByText(t('thirdParty.blocked'))).toBeVisible();
  await axe();
  await page.getByRole('button', { name: t('thirdParty.continueHere') }).click();
  await page.locator('input[name="login"]').fill(identity);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/third-party-link$`));
  await expect(page.getByRole('heading', { level: 1, name: t('thirdParty.linkTitle') })).toBeVisible();
});
