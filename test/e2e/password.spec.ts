import type { APIRequestContext, Page } from '@playwright/test';
import type { Language } from '../../contract/languages.ts';
import { expect, expectLanding, login, message, test, uniqueEmail, uniqueLoginId, uniquePassword, type Mailbox } from '../support/e2e.ts';

interface Account {
  loginId: string;
  email: string;
  password: string;
}

/**
 * An active account of its own for each journey (the demo accounts are shared by parallel
 * journeys, so their passwords must not change): registered and activated through the API.
 */
async function activeAccount(request: APIRequestContext, mailbox: Mailbox, lang: Language): Promise<Account> {
  const account = { loginId: uniqueLoginId('pw'), email: uniqueEmail('pw'), password: uniquePassword() };
  const since = new Date();
  const registered = await request.post('/api/users/register', {
    // Development has no reCAPTCHA secret: the server accepts any token from the stand-in.
    data: { loginId: account.loginId, email: account.email, displayName: 'Wong Ka Yan', acceptTerms: true, recaptcha: 'e2e-stand-in', lang },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const code = new URL((await mailbox.latest(account.email, { since })).link(/\/user-activate\?code=/), 'http://x').searchParams.get('code');
  const activated = await request.post('/api/user-activate', {
    data: { encryptCode: code, newPassword: account.password, confirmNewPassword: account.password },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  return account;
}

/** Sets a new password on the reset page the emailed link opens, and checks the confirmation. */
async function resetWithLink(page: Page, lang: Language, link: string, account: Account, newPassword: string, axe: () => Promise<void>) {
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: t('resetPassword.title') })).toBeFocused();
  await expect(page.getByText(t('resetPassword.lead', { loginId: account.loginId }))).toBeVisible();
  await axe();
  await page.locator('input[name="newPassword"]').fill(newPassword);
  await page.locator('input[name="confirmNewPassword"]').fill(newPassword);
  await page.locator('input[name="confirmNewPassword"]').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: t('resetPassword.done.title') })).toBeFocused();
  await axe();
}

// Each journey runs once, in its own language: together they cover the three (the account journey
// runs in all three end to end). A journey per language doubled the suite's time for no new finding.
{
  const lang = 'zh_hant' as const;
  test(`a forgotten password is reset by a link sent to the login email, then the new password logs in and the link is used up (${lang})`, async ({
    page,
    request,
    mailbox,
    axe,
  }) => {
    const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
    const account = await activeAccount(request, mailbox, lang);
    const newPassword = uniquePassword();

    await page.goto(`/${lang}/forget-password`);
    await expect(page.getByRole('heading', { level: 1, name: t('forgotPassword.title') })).toBeFocused();
    await expect(page.getByRole('radio', { name: t('forgotPassword.method.email') })).toBeChecked();
    await axe();
    // An address nobody logs in with is refused at the field.
    await page.getByLabel(t('fieldName.email'), { exact: true }).fill(`nobody.${account.email}`);
    await page.getByRole('button', { name: t('forgotPassword.submit') }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByRole('link', { name: t('error.emailNotFound') })).toBeVisible();

    const since = new Date();
    await page.getByLabel(t('fieldName.email'), { exact: true }).fill(account.email);
    await page.getByRole('button', { name: t('forgotPassword.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('forgotPassword.sent.title') })).toBeFocused();
    const masked = `${account.email[0]}•••${account.email.slice(account.email.indexOf('@') - 1)}`;
    await expect(page.getByText(t('forgotPassword.sent.body', { maskedEmail: masked }))).toBeVisible();
    await axe();

    const link = (await mailbox.latest(account.email, { since })).link(/\/reset-password\?token=/);
    expect(link.startsWith(`/${lang}/reset-password?`)).toBe(true);
    await resetWithLink(page, lang, link, account, newPassword, axe);
    await page.getByRole('link', { name: t('resetPassword.done.logIn') }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));

    await login(page, account.email, { password: newPassword, lang });
    await expect(page.getByRole('button', { name: t('app.signOut') })).toBeVisible();

    await expectLanding(page, link, t('invalidLink.reset.used.title'), `/${lang}/reset-password-invalid/used`);
  });
}

{
  const lang = 'en' as const;
  test(`a forgotten password is reset by naming the login ID, and the old password stops working (${lang})`, async ({ page, request, mailbox, axe }) => {
    const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
    const account = await activeAccount(request, mailbox, lang);
    const newPassword = uniquePassword();
    const since = new Date();

    // Keyboard only: the radios move with the arrow keys, Enter sends the form.
    await page.goto(`/${lang}/forget-password`);
    await expect(page.getByRole('heading', { level: 1, name: t('forgotPassword.title') })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: t('forgotPassword.method.loginId') })).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(page.getByLabel(t('fieldName.loginId'), { exact: true })).toBeFocused();
    await page.keyboard.type(account.loginId);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: t('forgotPassword.sent.title') })).toBeFocused();

    const link = (await mailbox.latest(account.email, { since })).link(/\/reset-password\?token=/);
    await resetWithLink(page, lang, link, account, newPassword, axe);

    await page.goto(`/${lang}/login`);
    await page.locator('input[name="loginId"]').fill(account.loginId);
    await page.locator('input[name="password"]').fill(account.password);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText(t('error.loginFailed')).first()).toBeVisible();
    await login(page, account.loginId, { password: newPassword, lang });
    await expect(page.getByRole('button', { name: t('app.signOut') })).toBeVisible();
  });
}

{
  const lang = 'zh_hans' as const;
  test(`a signed-in user changes the password, stays signed in, and logs in with the new one (${lang})`, async ({ page, request, mailbox, axe }) => {
    const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
    const account = await activeAccount(request, mailbox, lang);
    const newPassword = uniquePassword();
    const signOut = page.getByRole('button', { name: t('app.signOut') });
    await login(page, account.loginId, { password: account.password, lang });

    await page.goto(`/${lang}/profile/password`);
    await expect(page.getByRole('heading', { level: 1, name: t('changePassword.title') })).toBeFocused();
    await axe();
    // A wrong current password is refused at its field.
    await page.locator('input[name="currentPassword"]').fill(`${account.password}-not`);
    await page.locator('input[name="newPassword"]').fill(newPassword);
    await page.locator('input[name="confirmNewPassword"]').fill(newPassword);
    await page.getByRole('button', { name: t('changePassword.submit') }).click();
    await expect(page.getByRole('alert')).toBeFocused();
    await expect(page.getByRole('link', { name: t('field.currentPassword.incorrect') })).toBeVisible();
    await axe();

    await page.locator('input[name="currentPassword"]').fill(account.password);
    await page.getByRole('button', { name: t('changePassword.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('changePassword.done.title') })).toBeFocused();
    await axe();
    // Still signed in: the profile opens without a detour through the login page.
    await page.getByRole('link', { name: t('changePassword.done.profile') }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile$`));

    await signOut.click();
    await expect(signOut).toBeHidden();
    await login(page, account.email, { password: newPassword, lang });
    await expect(signOut).toBeVisible();
  });
}

test('a reset link with a mistyped token or none leads to the wrong-address page, one nobody issued to the no-record page (zh_hans)', async ({ page }) => {
  const t = (id: string) => message('zh_hans', id);
  await expectLanding(page, '/zh_hans/reset-password?token=this-token-was-never-issued', t('invalidLink.reset.wrongUrl.title'), '/zh_hans/reset-password-invalid/wrongUrl');
  await expectLanding(page, `/zh_hans/reset-password?token=${'A'.repeat(43)}`, t('invalidLink.reset.notFound.title'), '/zh_hans/reset-password-invalid/notFound');

  await expectLanding(page, '/zh_hans/reset-password', t('invalidLink.reset.wrongUrl.title'), '/zh_hans/reset-password-invalid/wrongUrl');
});

test('the forgot-password page in Simplified Chinese sends an account without an email to its school administrator (zh_hans)', async ({ page, axe }) => {
  const t = (id: string) => message('zh_hans', id);
  await page.goto('/zh_hans/forget-password');
  await page.getByRole('radio', { name: t('forgotPassword.method.loginId') }).check();
  await page.getByLabel(t('fieldName.loginId'), { exact: true }).fill('demo_student1');
  await page.getByRole('button', { name: t('forgotPassword.submit') }).click();
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('alert')).toContainText(t('error.accountHasNoEmail'));
  await axe();
});
