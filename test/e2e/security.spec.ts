import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, login, message, registerPerson, test } from '../support/e2e.ts';

/*
 * The account's security page (issue 10): a person signed in on two browsers signs one out from
 * the other, and reads a wrong password then a success in the sign-in history. Each journey has a
 * person of its own (registerPerson), so they run beside the others.
 */
const LANG = 'en';
const t = (id: string, values?: Record<string, string | number>) => message(LANG, id, values);

async function openSecurityPage(page: Page): Promise<void> {
  await page.goto(`/${LANG}/profile/security`);
  await expect(page.getByRole('heading', { level: 1, name: t('security.title') })).toBeVisible();
  await expect(page.getByRole('heading', { name: t('security.sessions.heading') })).toBeVisible();
}

test('signs out another browser from the security page: its next call is answered 401 and it lands on login', async ({ browser, mailbox }) => {
  // Activation signs the person in on the first browser.
  const person = await registerPerson(browser, mailbox, LANG, 'secout');
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await login(otherPage, person.loginId, { password: person.password, lang: LANG });

  const page = person.page;
  await page.goto('/en/profile');
  await page.getByRole('link', { name: t('profile.menu.security') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('security.title') })).toBeVisible();
  const sessions = page.getByRole('list').filter({ has: page.getByText(t('security.current'), { exact: true }) });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText(/\(Hong Kong time\)/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  const otherItem = sessions.getByRole('listitem').filter({ hasNotText: t('security.current') });
  await otherItem.getByRole('button').click();
  const dialog = page.getByRole('dialog', { name: t('security.confirmOne.title') });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: t('security.confirmOne.confirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('security.signedOutOne') })).toBeVisible();
  await expect(page.getByText(t('security.onlyThis'))).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  // The other browser's next call is refused, and the app sends it to the login page.
  const refused = otherPage.waitForResponse((response) => response.url().includes('/api/users/me'));
  await otherPage.goto(`/${LANG}/profile`);
  expect((await refused).status()).toBe(401);
  await expect(otherPage).toHaveURL(/\/en\/login/);
  // Signed out by someone, not by time: the login page says so (issue 26, item 12).
  await expect(otherPage.getByRole('status').filter({ hasText: t('error.sessionSignedOut') })).toBeVisible();
  await expect(otherPage.getByText(t('fatal.sessionExpired.body'))).toHaveCount(0);

  // This browser stays signed in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: t('security.title') })).toBeVisible();
  await other.close();
  await person.context.close();
});

test('a browser signed out from another one, at its next action on the page it shows, is told it was signed out and lands on login saying so', async ({ browser, mailbox }) => {
  const person = await registerPerson(browser, mailbox, LANG, 'secnext');
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const otherPage = await other.newPage();
  await login(otherPage, person.loginId, { password: person.password, lang: LANG });
  await otherPage.goto(`/${LANG}/profile`);
  await expect(otherPage.getByRole('link', { name: t('profile.menu.security') })).toBeVisible();

  await openSecurityPage(person.page);
  await person.page.getByRole('button', { name: t('security.signOutOthers') }).click();
  await person.page.getByRole('dialog', { name: t('security.confirmOthers.title') }).getByRole('button', { name: t('security.confirmOthers.confirm') }).click();
  await expect(person.page.getByRole('status').filter({ hasText: t('security.signedOutOthers') })).toBeVisible();

  // The other browser still shows its page; its next action is refused with `sessionSignedOut`.
  await otherPage.getByRole('link', { name: t('profile.menu.security') }).click();
  const dialog = otherPage.getByRole('alertdialog', { name: t('fatal.signedOut.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(t('error.sessionSignedOut'));
  await expect(otherPage.getByText(t('fatal.sessionExpired.body'))).toHaveCount(0);
  await expectNoAxeViolations(otherPage);
  await dialog.getByRole('button', { name: t('fatal.sessionExpired.action') }).click();
  await expect(otherPage).toHaveURL(/\/en\/login/);
  await expect(otherPage.getByRole('status').filter({ hasText: t('error.sessionSignedOut') })).toBeVisible();

  // Signing in again there works as usual.
  await otherPage.locator('input[name="loginId"]').fill(person.loginId);
  await otherPage.locator('input[name="password"]').fill(person.password);
  await otherPage.locator('form button[type="submit"]').click();
  await expect(otherPage).not.toHaveURL(/\/login(?:[?#]|$)/);
  await other.close();
  await person.context.close();
});

test('signs out all other sessions after confirming; cancelling keeps them', async ({ browser, mailbox }) => {
  const person = await registerPerson(browser, mailbox, LANG, 'secall');
  const others = await Promise.all([browser.newContext({ baseURL: test.info().project.use.baseURL }), browser.newContext({ baseURL: test.info().project.use.baseURL })]);
  for (const context of others) await login(await context.newPage(), person.loginId, { password: person.password, lang: LANG });

  const page = person.page;
  await openSecurityPage(page);
  const sessions = page.getByRole('list').filter({ has: page.getByText(t('security.current'), { exact: true }) });
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('button', { name: t('security.signOutOthers') }).click();
  const dialog = page.getByRole('dialog', { name: t('security.confirmOthers.title') });
  await dialog.getByRole('button', { name: t('confirmDialog.cancel') }).click();
  await expect(dialog).toBeHidden();
  await expect(sessions.getByRole('listitem')).toHaveCount(3);

  await page.getByRole('button', { name: t('security.signOutOthers') }).click();
  await page.getByRole('dialog', { name: t('security.confirmOthers.title') }).getByRole('button', { name: t('security.confirmOthers.confirm') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('security.signedOutOthers') })).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expectNoAxeViolations(page);
  for (const context of others) expect((await context.request.get('/api/users/me')).status()).toBe(401);
  for (const context of others) await context.close();
  await person.context.close();
});

test('the sign-in history shows a wrong password attempt, then the success, in Hong Kong time', async ({ browser, mailbox }) => {
  const person = await registerPerson(browser, mailbox, LANG, 'sechist');
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await page.goto(`/${LANG}/login`);
  await page.locator('input[name="loginId"]').fill(person.loginId);
  await page.locator('input[name="password"]').fill(`${DEMO_PASSWORD}-wrong`);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByText(t('error.loginFailed')).first()).toBeVisible();
  await page.locator('input[name="password"]').fill(person.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login(?:[?#]|$)/);

  await openSecurityPage(page);
  const table = page.getByRole('table', { name: t('security.history.caption') });
  await expect(table.getByRole('columnheader', { name: t('security.history.when') })).toBeVisible();
  const rows = table.getByRole('row');
  // The header row, then newest first: the success, then the wrong password.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(t('security.outcome.success'));
  await expect(rows.nth(1)).toContainText(t('security.method.password'));
  await expect(rows.nth(2)).toContainText(t('security.outcome.wrongPassword'));
  await expect(rows.nth(2)).toContainText(t('security.method.password'));
  await expectNoAxeViolations(page);
  await context.close();
  await person.context.close();
});
