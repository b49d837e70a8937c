import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, message, signInWithSecondFactor, test } from '../support/e2e.ts';

/**
 * Single sign-on export (issue 12) against the real server: the seeded second administrator of
 * DEMO01 (two-factor email already set, so the two-factor journey keeps demo_schooladmin1 to
 * itself) signs in, opens the page from the profile menu and downloads both files.
 */
const lang = 'en';
const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
const ADMIN = { loginId: 'demo_ssoadmin1', mfaEmail: 'ssoadmin1.mfa@demo.test' };

async function downloadFile(page: Page, provider: string): Promise<{ name: string; text: string }> {
  await page.getByRole('radio', { name: new RegExp(`^${provider}`) }).check();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: t('ssoExport.submit') }).click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test('a school administrator downloads the school accounts for Google Workspace and for Microsoft Entra ID', async ({ page, browser, mailbox, axe }) => {
  await signInWithSecondFactor(page, browser, mailbox, ADMIN, `/${lang}/profile`);

  // The profile menu leads school administrators to the page.
  await page.getByRole('navigation').getByRole('link', { name: t('profile.menu.ssoExport') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/org_account/sso-export$`));
  await expect(page.getByRole('heading', { level: 1, name: t('ssoExport.title') })).toBeVisible();
  await axe();

  // Sent without a choice: the question is named.
  await page.getByRole('button', { name: t('ssoExport.submit') }).click();
  await expect(page.getByRole('alert').first()).toBeFocused();
  await expect(page.getByRole('link', { name: t('field.format.required') })).toBeVisible();
  await axe();

  const google = await downloadFile(page, t('ssoExport.format.google'));
  expect(google.name).toBe('DEMO01-google-workspace.csv');
  const googleLines = google.text.split('\r\n');
  // The file starts with a UTF-8 BOM, so Excel keeps Chinese names (issue 26).
  expect(googleLines[0]).toMatch(/^\uFEFFFirst Name \[Required\],Last Name \[Required\],Email Address \[Required\],Password \[Required\],/);
  // The seeded teacher signs in with the school address the school knows her by.
  expect(google.text).toMatch(/^Ka Yan,Lee,kylee@demo-school\.edu\.hk,[^,]+,,\/DEMO01\/Staff,/m);
  expect(google.text).toContain('demo_student1@demo-school.edu.hk');
  await expect(page.getByRole('heading', { name: t('ssoExport.downloadedTitle') })).toBeVisible();
  await expect(page.getByText('DEMO01-google-workspace.csv', { exact: false })).toBeVisible();
  await axe();

  await page.getByRole('button', { name: t('ssoExport.another') }).click();
  const entra = await downloadFile(page, t('ssoExport.format.entra'));
  expect(entra.name).toBe('DEMO01-microsoft-entra.csv');
  const entraLines = entra.text.split('\r\n');
  expect(entraLines[0]).toBe('\uFEFFversion:v1.0');
  expect(entraLines[1]).toMatch(/^Name \[displayName\] Required,User name \[userPrincipalName\] Required,Initial password \[passwordProfile\] Required,Block sign in \(Yes\/No\) \[accountEnabled\] Required,/);
  expect(entra.text).toMatch(/^Demo Teacher 1,kylee@demo-school\.edu\.hk,[^,]+,No,Ka Yan,Lee,Staff,Staff,HK,/m);
  await expect(page.getByText('DEMO01-microsoft-entra.csv', { exact: false })).toBeVisible();
});

test('the page and the download are refused to accounts without the organisation account permission', async ({ page }) => {
  await page.goto(`/${lang}/login?redirect=${encodeURIComponent(`/${lang}/org_account/sso-export`)}`);
  await page.locator('input[name="loginId"]').fill('demo_teacher1');
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/403$`));
  const answer = await page.request.get('/api/org_account/sso-export?format=google');
  expect(answer.status()).toBe(403);
  expect((await answer.json()).error.code).toBe('forbidden');
});
