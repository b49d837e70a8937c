import type { Page } from '@playwright/test';

/**
 * Sign in with Google against the local identity provider (server/oidc/local-provider.ts) in a
 * real popup: its sign-in page takes any login name with any password; the identity's email is
 * `<name>@gmail.test`.
 */

/** Presses the portal's Google button called `name`; resolves to the popup it opens. */
export async function clickGoogle(page: Page, name: string): Promise<Page> {
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name }).click();
  return popup;
}

/** Signs in at the provider inside the popup; the popup tells its opener and closes itself. */
export async function signInInPopup(popup: Page, identity: string): Promise<void> {
  await popup.locator('input[name="login"]').fill(identity);
  await popup.locator('input[name="password"]').fill('any password');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign-in' }).click();
  await closed;
}
