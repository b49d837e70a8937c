import { HTML_LANG, LANGUAGES } from '../../contract/languages.ts';
import { expect, login, message, test, uniqueEmail, uniqueLoginId, uniquePassword } from '../support/e2e.ts';

for (const lang of LANGUAGES) {
  test(`a visitor registers, activates from the mailbox, logs out and in, changes the password and logs out (${lang})`, async ({ page, mailbox, axe }) => {
    const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
    const loginId = uniqueLoginId('reg');
    const email = uniqueEmail('reg');
    const firstPassword = uniquePassword();
    const secondPassword = uniquePassword();
    const signOut = page.getByRole('button', { name: t('app.signOut') });

    // Register.
    const registeredAt = new Date();
    await page.goto(`/${lang}/users/register`);
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
    await expect(page.getByRole('heading', { level: 1, name: t('registration.title') })).toBeVisible();
    await page.locator('input[name="loginId"]').fill(loginId);
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="displayName"]').fill('Chan Tai Man');
    await page.locator('input[name="acceptTerms"]').check();
    // Development has no reCAPTCHA site key: the local stand-in is a checkbox.
    await page.locator('input[name="recaptcha"]').check();
    await axe();
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText(email).first()).toBeVisible();

    // Activate from the development mailbox.
    const mail = await mailbox.latest(email, { since: registeredAt });
    await page.goto(mail.link(/user-activate/));
    await expect(page.getByRole('heading', { level: 1, name: t('activation.setPassword.title') })).toBeVisible();
    await page.locator('input[name="newPassword"]').fill(firstPassword);
    await page.locator('input[name="confirmNewPassword"]').fill(firstPassword);
    await axe();
    await page.getByRole('button', { name: t('activation.setPassword.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('activation.subscribe.title') })).toBeVisible();
    await page.locator('input[name="services"][value="edPost"]').check();
    await page.getByRole('button', { name: t('activation.subscribe.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('activation.done.title') })).toBeVisible();

    // Activation logs the new user in.
    await expect(signOut).toBeVisible();
    await signOut.click();
    await expect(signOut).toBeHidden();
    await page.goto(`/${lang}/profile`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/login(?:\\?|$)`));

    // Log in with the login ID and the password chosen at activation.
    await login(page, loginId, { password: firstPassword, lang });
    await expect(signOut).toBeVisible();

    // Change the password.
    await page.goto(`/${lang}/profile/password`);
    await expect(page.getByRole('heading', { level: 1, name: t('changePassword.title') })).toBeVisible();
    await page.locator('input[name="currentPassword"]').fill(firstPassword);
    await page.locator('input[name="newPassword"]').fill(secondPassword);
    await page.locator('input[name="confirmNewPassword"]').fill(secondPassword);
    await axe();
    await page.getByRole('button', { name: t('changePassword.submit') }).click();
    await expect(page.getByRole('heading', { level: 1, name: t('changePassword.done.title') })).toBeVisible();
    await expect(signOut).toBeVisible();

    // Log out; the old password no longer works, the new one does, with the login email too.
    await signOut.click();
    await expect(signOut).toBeHidden();
    await page.goto(`/${lang}/login`);
    await page.locator('input[name="loginId"]').fill(loginId);
    await page.locator('input[name="password"]').fill(firstPassword);
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByText(t('error.loginFailed')).first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login(?:\\?|$)`));
    await login(page, email, { password: secondPassword, lang });
    await expect(signOut).toBeVisible();
    await signOut.click();
    await expect(signOut).toBeHidden();
  });
}
