import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, message, test } from '../support/e2e.ts';

/**
 * Passkeys (issue 23) against the real server, with Chromium's virtual authenticator (DevTools
 * WebAuthn domain): a parent adds a passkey on the login information page after the step-up
 * dialog, signs out (cookies cleared: the credential lives with this page's authenticator), signs
 * in with "Sign in with a passkey" without typing a password, lands on the profile, and removes
 * the passkey. In between, with the new session (no proof yet), the step-up dialog before a data
 * download takes the passkey instead of the password ("Use a passkey"), and a third sign-in takes
 * it from the login field's suggestions (autofill). The journey runs at `localhost` (the server's loopback PUBLIC_URL under a name):
 * browsers refuse WebAuthn on an IP address (docs/decisions/passkeys.md).
 */

const lang = 'en';
const PARENT = 'demo_public1';
const LOGIN_INFO = `/${lang}/profile/login-info`;

/** The journey's origin: the configured base URL with `localhost` for the loopback address. */
function localOrigin(baseURL: string | undefined): string {
  const url = new URL(baseURL ?? 'http://127.0.0.1:3100');
  url.hostname = 'localhost';
  return url.origin;
}

/** The localStorage key that makes the page's browser one without conditional mediation (see the init script below). */
const NO_AUTOFILL = 'e2e.noAutofill';

async function addVirtualAuthenticator(page: Page): Promise<void> {
  // While NO_AUTOFILL is set, the page loads as in a browser without passkeys in autofill.
  await page.addInitScript((key) => {
    if (localStorage.getItem(key) === '1' && typeof PublicKeyCredential !== 'undefined') Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: undefined, configurable: true });
  }, NO_AUTOFILL);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

test('a parent adds a passkey, signs in with it without a password (button, then autofill), confirms a data download with it, then removes it', async ({ page, baseURL }) => {
  const origin = localOrigin(baseURL);
  await addVirtualAuthenticator(page);
  await page.goto(`${origin}/${lang}/login?redirect=${encodeURIComponent(LOGIN_INFO)}`);
  await page.locator('input[name="loginId"]').fill(PARENT);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${LOGIN_INFO}$`));
  const section = page.getByRole('region', { name: message(lang, 'passkeys.heading') });
  await expect(section.getByText(message(lang, 'passkeys.none'))).toBeVisible();

  // Signing in is no proof: the password in the step-up dialog, then the browser makes the passkey.
  await section.getByRole('button', { name: message(lang, 'passkeys.add') }).click();
  const dialog = page.getByRole('dialog', { name: message(lang, 'stepUp.title') });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(message(lang, 'fieldName.currentPassword')).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: message(lang, 'stepUp.submit'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await section.getByLabel(message(lang, 'passkeys.nameLabel')).fill('Test laptop');
  await section.getByRole('button', { name: message(lang, 'passkeys.save'), exact: true }).click();
  await expect(section.getByRole('status')).toHaveText(message(lang, 'passkeys.addedNotice'));
  await expect(section.getByText('Test laptop')).toBeVisible();
  await expect(section.getByText(message(lang, 'passkeys.neverUsed'))).toBeVisible();
  await expectNoAxeViolations(page);

  // Signed out by clearing cookies; the passkey stays with this page's authenticator. This browser
  // is made one without conditional mediation for now (the login field's suggestions stay off), so
  // the button alone signs in: the virtual authenticator would answer a conditional request too.
  await page.evaluate((key) => localStorage.setItem(key, '1'), NO_AUTOFILL);
  await page.context().clearCookies();
  await page.goto(`${origin}/${lang}/login`);
  await expect(page.locator('input[name="password"]')).toHaveValue('');
  await page.getByRole('button', { name: message(lang, 'login.passkey.button') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile$`));

  // A sensitive action in this new session: the step-up dialog offers the passkey beside the password.
  await page.goto(`${origin}/${lang}/profile/my-data`);
  await page.getByRole('button', { name: message(lang, 'myData.download') }).click();
  const stepUp = page.getByRole('dialog', { name: message(lang, 'stepUp.title') });
  await expect(stepUp.getByLabel(message(lang, 'fieldName.currentPassword'))).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), stepUp.getByRole('button', { name: message(lang, 'stepUp.usePasskey') }).click()]);
  await expect(stepUp).toHaveCount(0);
  expect(download.suggestedFilename()).toMatch(/^my-data-demo_public1-\d{8}\.zip$/);

  // Signed out again: this time the passkey comes from the login field's suggestions (conditional
  // mediation; the virtual authenticator answers when the field is selected), through the same
  // sign-in end as the button, so `?redirect=` is kept.
  await page.evaluate((key) => localStorage.removeItem(key), NO_AUTOFILL);
  await page.context().clearCookies();
  await page.goto(`${origin}/${lang}/login?redirect=${encodeURIComponent(LOGIN_INFO)}`);
  // Chromium's virtual authenticator answers the request at once or once the field is selected;
  // nothing else on the page is touched, no password typed, no button pressed.
  const onLoginInfo = () => new URL(page.url()).pathname === LOGIN_INFO;
  await expect(async () => {
    if (!onLoginInfo()) await page.locator('input[name="loginId"]').click({ timeout: 2_000 });
    expect(onLoginInfo()).toBe(true);
  }).toPass({ timeout: 30_000 });

  await page.goto(`${origin}${LOGIN_INFO}`);
  await expect(section.getByText('Test laptop')).toBeVisible();
  await expect(section.getByText(message(lang, 'passkeys.neverUsed'))).toHaveCount(0);
  await section.getByRole('button', { name: message(lang, 'passkeys.removeLabel', { name: 'Test laptop' }) }).click();
  await page.getByRole('dialog', { name: message(lang, 'passkeys.removeTitle') }).getByRole('button', { name: message(lang, 'passkeys.removeConfirm'), exact: true }).click();
  await expect(section.getByRole('status')).toHaveText(message(lang, 'passkeys.removedNotice'));
  await expect(section.getByText(message(lang, 'passkeys.none'))).toBeVisible();
});
