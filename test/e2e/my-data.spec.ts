import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { DEMO_PASSWORD, expect, login, message, test } from '../support/e2e.ts';

/**
 * My data (issue 23) against the real server: a student (no login email, Traditional Chinese)
 * proves who they are again in the step-up dialog, downloads everything held about the account, opens the readable page from the zip and reads it;
 * a second download the same day is refused with the time it may be asked for again.
 */
const lang = 'zh_hant';
const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);

test('a student downloads their data and reads it', async ({ page, axe }) => {
  await login(page, 'demo_student1', { lang });
  await page.goto(`/${lang}/profile`);
  await page.getByRole('navigation').getByRole('link', { name: t('profile.menu.myData') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile/my-data$`));
  await expect(page.getByRole('heading', { level: 1, name: t('myData.title') })).toBeVisible();
  await axe();

  // The server asks for a fresh proof: the step-up dialog opens over the page; the password sends the download again.
  await page.getByRole('button', { name: t('myData.download') }).click();
  const dialog = page.getByRole('dialog', { name: t('stepUp.title') });
  await expect(dialog).toBeVisible();
  await axe();
  await dialog.locator('input[name="currentPassword"]').fill(DEMO_PASSWORD);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: t('stepUp.submit') }).click()]);
  await expect(dialog).toBeHidden();
  expect(download.suggestedFilename()).toMatch(/^my-data-demo_student1-\d{8}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  expect(Object.keys(files).sort()).toEqual(['my-data.html', 'my-data.json']);
  const data = JSON.parse(strFromU8(files['my-data.json'] ?? new Uint8Array()));
  expect(data.account).toMatchObject({ login_id: 'demo_student1', category: 'STUDENT', school_code: 'DEMO01' });
  await expect(page.getByRole('heading', { name: t('myData.downloadedTitle') })).toBeVisible();
  await axe();

  // A second download the same day (the proof still counts) is refused, with the Hong Kong time it may be asked for again.
  await page.reload();
  await page.getByRole('button', { name: t('myData.download') }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('myData.limitedTitle') })).toContainText('香港時間');

  // The readable page, opened as the student would open it from the zip.
  await page.setContent(strFromU8(files['my-data.html'] ?? new Uint8Array()));
  await expect(page.getByRole('heading', { level: 1, name: '你在教育平台的資料' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '個人資料' })).toBeVisible();
  await expect(page.getByText('陳', { exact: true }).first()).toBeVisible();
  await axe();
});
