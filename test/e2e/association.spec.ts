import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, login, message, test } from '../support/e2e.ts';

/*
 * Account association against the real server, as the seeded demo full member (demo_fullmember1,
 * with demo_oldstudent2 associated) and the old student account demo_oldstudent1. Serial: the
 * journeys associate and remove the same accounts.
 */
test.describe.configure({ mode: 'serial' });

const MEMBER = 'demo_fullmember1';
const OLD = 'demo_oldstudent1';
const ASSOCIATED = 'demo_oldstudent2';

const escaped = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

function texts(lang: string) {
  return (id: string, values?: Record<string, string | number>) => message(lang, id, values);
}

async function openPage(page: Page, lang: string): Promise<void> {
  const t = texts(lang);
  await login(page, MEMBER, { lang });
  await page.goto(`/${lang}/profile`);
  await page.getByRole('navigation', { name: t('profile.menu.label') }).getByRole('link', { name: t('profile.menu.association') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile/association$`));
  await expect(page.getByRole('heading', { level: 1, name: t('association.title') })).toBeVisible();
  await expect(page.getByRole('cell', { name: ASSOCIATED, exact: true })).toBeVisible();
}

/** Types the login ID and password and asks: the server checks them before any confirmation. */
async function check(page: Page, lang: string, cityId: string, password: string): Promise<void> {
  const t = texts(lang);
  await page.getByLabel(t('association.field.cityId'), { exact: true }).fill(cityId);
  await page.getByLabel(t('association.field.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('association.submit'), exact: true }).click();
}

/** A check the server refuses: no confirmation is asked, and the password is forgotten. */
async function refusedCheck(page: Page, lang: string, cityId: string, password: string): Promise<void> {
  await check(page, lang, cityId, password);
  await expect(page.getByLabel(texts(lang)('association.field.password'), { exact: true })).toHaveValue('');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

async function associate(page: Page, lang: string, cityId: string, password: string): Promise<void> {
  const t = texts(lang);
  await check(page, lang, cityId, password);
  const dialog = page.getByRole('dialog', { name: t('association.confirm.associate.title', { loginId: cityId }) });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t('association.confirm.associate.button') }).click();
  await expect(dialog).toBeHidden();
}

test('a full member associates an old student account, sees it listed, and removes it', async ({ page, axe }) => {
  const lang = 'en';
  const t = texts(lang);
  await openPage(page, lang);
  await expect(page.getByText(/Hong Kong time/).first()).toBeVisible();
  await axe();

  await check(page, lang, OLD, DEMO_PASSWORD);
  const confirm = page.getByRole('dialog', { name: t('association.confirm.associate.title', { loginId: OLD }) });
  await expect(confirm).toBeVisible();
  // The account as the server checked it, its category in the page's words; the password is already forgotten.
  await expect(confirm).toContainText(t('association.confirm.associate.body', { loginId: OLD, category: t('category.STUDENT') }));
  await expect(page.getByLabel(t('association.field.password'), { exact: true })).toHaveValue('');
  await axe();
  await confirm.getByRole('button', { name: t('association.confirm.associate.button') }).click();

  await expect(page.getByRole('status').filter({ hasText: t('association.associated', { loginId: OLD }) })).toBeVisible();
  await expect(page.getByRole('cell', { name: OLD, exact: true })).toBeVisible();
  await expect(page.getByLabel(t('association.field.cityId'), { exact: true })).toHaveValue('');
  await expect(page.getByLabel(t('association.field.password'), { exact: true })).toHaveValue('');
  await axe();

  // The server keeps it: listed again after a reload.
  await page.reload();
  await expect(page.getByRole('cell', { name: OLD, exact: true })).toBeVisible();

  await page.getByRole('button', { name: t('association.remove', { loginId: OLD }) }).click();
  const remove = page.getByRole('dialog', { name: t('association.confirm.remove.title', { loginId: OLD }) });
  await expect(remove).toBeVisible();
  await axe();
  await remove.getByRole('button', { name: t('association.confirm.remove.button') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('association.removed', { loginId: OLD }) })).toBeVisible();
  // The Remove button went with its row: focus is on what happened, not lost on the page.
  await expect(page.locator(':focus')).toContainText(t('association.removed', { loginId: OLD }));
  await expect(page.getByRole('cell', { name: OLD, exact: true })).toBeHidden();
  await expect(page.getByRole('cell', { name: ASSOCIATED, exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('cell', { name: ASSOCIATED, exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: OLD, exact: true })).toBeHidden();
});

test('every problem at once, a wrong password and an account that is not a student account each show their message', async ({ page, axe }) => {
  const lang = 'zh_hant';
  const t = texts(lang);
  await openPage(page, lang);
  const cityId = page.getByLabel(t('association.field.cityId'), { exact: true });
  const password = page.getByLabel(t('association.field.password'), { exact: true });
  const summary = page.getByRole('alert').filter({ has: page.getByRole('heading') });

  // Nothing typed: both fields in the summary and at each field, no dialog.
  await page.getByRole('button', { name: t('association.submit'), exact: true }).click();
  await expect(summary.getByRole('link')).toHaveCount(2);
  await expect(cityId).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await axe();

  await refusedCheck(page, lang, OLD, 'Wrong-Password-1');
  await expect(cityId).toHaveAccessibleDescription(escaped(t('error.wrongPasswordOrUserNotFound')));
  await expect(summary).toContainText(t('error.wrongPasswordOrUserNotFound'));
  await expect(password).toHaveValue('');
  await axe();

  // Not a student account: refused before any confirmation (the dialog once called it one).
  await refusedCheck(page, lang, 'demo_public2', DEMO_PASSWORD);
  await expect(cityId).toHaveAccessibleDescription(escaped(t('error.notStudent')));
  await expect(summary).toContainText(t('error.notStudent'));

  await refusedCheck(page, lang, ASSOCIATED, DEMO_PASSWORD);
  await expect(cityId).toHaveAccessibleDescription(escaped(t('error.duplicated_relationship_nature')));

  await refusedCheck(page, lang, MEMBER, DEMO_PASSWORD);
  await expect(cityId).toHaveAccessibleDescription(escaped(t('error.invalid_relationship_nature')));
  await expect(page.getByRole('cell', { name: OLD, exact: true })).toBeHidden();

  // Guessing here is slowed as on the login page: five wrong passwords are free, then each waits
  // twice as long as the one before (1 s, 2 s, 4 s …). A journey's round trip takes about a second,
  // so an attempt lands inside a wait by the time the waits outgrow it: within a few more.
  const nobody = `demo_nobody${Date.now().toString(36)}`;
  const throttled = escaped(t('association.throttled').split('{retry}')[0] ?? '');
  let held = false;
  for (let i = 0; i < 12 && !held; i++) {
    // The answer has come when the password is forgotten.
    await refusedCheck(page, lang, nobody, `Wrong-Password-${i}`);
    await expect(cityId).toHaveAttribute('aria-invalid', 'true');
    const description = (await cityId.getAttribute('aria-describedby')) ?? '';
    const text = await page.locator(`[id="${description.split(' ')[0]}"]`).innerText();
    held = throttled.test(text);
    if (i < 5) expect(held, `attempt ${i + 1} is free`).toBe(false);
  }
  expect(held, 'a wrong password is held back within 12 attempts').toBe(true);
  // A wait under a minute reads "in N seconds", a longer one the Hong Kong time (hkRetry).
  await expect(cityId).toHaveAccessibleDescription(/香港時間|秒後/);
});

test('removing an association removed meanwhile in another tab says it cannot be unassociated', async ({ page, context }) => {
  const lang = 'en';
  const t = texts(lang);
  await openPage(page, lang);
  await associate(page, lang, OLD, DEMO_PASSWORD);
  await expect(page.getByRole('cell', { name: OLD, exact: true })).toBeVisible();
  const other = await context.newPage();
  await other.goto(`/${lang}/profile/association`);
  await expect(other.getByRole('cell', { name: OLD, exact: true })).toBeVisible();

  for (const tab of [page, other]) {
    await tab.getByRole('button', { name: t('association.remove', { loginId: OLD }) }).click();
    await tab.getByRole('dialog').getByRole('button', { name: t('association.confirm.remove.button') }).click();
  }
  await expect(page.getByRole('status').filter({ hasText: t('association.removed', { loginId: OLD }) })).toBeVisible();
  await expect(other.getByRole('alert').filter({ hasText: t('error.inactiveAssociateAccount') })).toBeVisible();
  await expect(other.getByRole('cell', { name: OLD, exact: true })).toBeHidden();
  await expect(other.getByRole('cell', { name: ASSOCIATED, exact: true })).toBeVisible();
});

test('accounts that are not full members have no menu entry, and the page tells them why', async ({ page }) => {
  const lang = 'en';
  const t = texts(lang);
  await login(page, 'demo_public1', { lang });
  await page.goto(`/${lang}/profile`);
  const menu = page.getByRole('navigation', { name: t('profile.menu.label') });
  await expect(menu.getByRole('link', { name: t('profile.menu.changePassword') })).toBeVisible();
  await expect(menu.getByText(t('profile.menu.association'))).toHaveCount(0);
  await page.goto(`/${lang}/profile/association`);
  await expect(page.getByRole('heading', { name: t('association.forbidden.title') })).toBeVisible();
  await expect(page.getByText(t('error.non_full_member'))).toBeVisible();
  await expect(page.getByLabel(t('association.field.cityId'), { exact: true })).toHaveCount(0);
});
