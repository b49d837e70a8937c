import { DEMO_PASSWORD, expect, expectNoAxeViolations, message, pathAndQuery, test, uniqueEmail } from '../support/e2e.ts';

/**
 * The school administrator's email two-factor (issue 9) against the real server. The seeded
 * `demo_schooladmin1` has no two-factor email in a fresh run's database, so the first login sets
 * one up; the emailed link is followed in a second browser context (another device) while the
 * first tab waits and then signs in by itself.
 */

const lang = 'en';
const ADMIN = 'demo_schooladmin1';

test('a school administrator sets up two-factor, confirms the link on another device, and the waiting tab signs in by itself', async ({ page, browser, mailbox }) => {
  // The password alone: no session, the second step instead, the destination kept.
  await page.goto(`/${lang}/login?redirect=${encodeURIComponent(`/${lang}/profile/password`)}`);
  await page.locator('input[name="loginId"]').fill(ADMIN);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en\/mfa-login\?redirect=/);
  await expect(page.getByRole('heading', { level: 1, name: message(lang, 'mfaLogin.title') })).toBeVisible();
  expect((await page.request.get('/api/users/me')).status()).toBe(401);
  await expectNoAxeViolations(page);

  // A malformed and an unusable address are refused with their messages.
  const field = page.getByLabel(message(lang, 'mfaLogin.email'));
  await field.fill('not-an-email');
  await page.getByRole('button', { name: message(lang, 'mfaLogin.send') }).click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await field.fill('someone@example.com');
  await page.getByRole('button', { name: message(lang, 'mfaLogin.send') }).click();
  await expect(page.getByText(message(lang, 'error.mfaEmailNotUsable')).first()).toBeVisible();

  const email = uniqueEmail('mfa');
  const since = new Date(Date.now() - 1000);
  await field.fill(email);
  await page.getByRole('button', { name: message(lang, 'mfaLogin.send') }).click();
  await expect(page.getByRole('button', { name: message(lang, 'mfaLogin.complete') })).toBeVisible();
  await expect(page.getByText(/\(Hong Kong time\)/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Pressed before the link was followed: the two-factor step is not done.
  await page.getByRole('button', { name: message(lang, 'mfaLogin.complete') }).click();
  await expect(page.getByText(message(lang, 'error.mfaNotCompleted')).first()).toBeVisible();

  // The link, opened on another device (a second browser context with no cookies of this one).
  // The email is in the account's language (the demo administrator's is Traditional Chinese), and so is its link.
  const mail = await mailbox.latest(email, { since });
  expect(mail.text).toContain('（香港時間）');
  const linkLang = 'zh_hant';
  const link = mail.link(/\/login-emails\/mfa-verify\?code=/);
  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { level: 1, name: message(linkLang, 'emailVerification.title.mfa') })).toBeVisible();
    await expect(phone.getByText(message(linkLang, 'emailVerification.verified.mfa', { email }))).toBeVisible();
    await expectNoAxeViolations(phone);
    // The other device is not signed in by following the link.
    expect((await phone.request.get('/api/users/me')).status()).toBe(401);
    // A second use of the same link says it was used.
    await phone.goto(link);
    await expect(phone.getByRole('heading', { name: message(linkLang, 'emailVerification.alreadyVerifiedTitle') })).toBeVisible();
  } finally {
    await other.close();
  }

  // The first tab noticed by itself and went where the login page was asked to go.
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile/password$`), { timeout: 20_000 });
  expect(pathAndQuery(page)).toBe(`/${lang}/profile/password`);
  const me = await page.request.get('/api/users/me');
  expect(me.status()).toBe(200);
  expect((await me.json()).data).toMatchObject({ loginId: ADMIN, category: 'SCHOOL_ADMINISTRATOR' });
});
