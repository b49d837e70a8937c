import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, expectNoAxeViolations, message, pathAndQuery, test, uniqueEmail } from '../support/e2e.ts';

/**
 * The school administrator's email two-factor (issue 9) against the real server. The seeded
 * `demo_schooladmin1` has no two-factor email in a fresh run's database, so the first login sets
 * one up; the emailed link is followed in a second browser context (another device) while the
 * first tab waits and then signs in by itself.
 */

const lang = 'en';
const ADMIN = 'demo_schooladmin1';
const ADMIN_LOGIN_EMAIL = 'schooladmin1@demo.test';

// Both journeys sign in the same administrator (a new password step ends the other's pending
// sign-in): they run one after the other, the second with the address the first set up.
test.describe.configure({ mode: 'serial' });
let mfaEmail = '';

/** Presses 'Completed verification' `times` times before the link was followed: each answer is "not yet", never a hold. */
async function pressTooEarly(page: Page, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const answered = page.waitForResponse((response) => response.url().endsWith('/auth/mfa/complete'));
    await page.getByRole('button', { name: message(lang, 'mfaLogin.complete') }).click();
    expect((await answered).status()).toBe(409);
    await expect(page.getByText(message(lang, 'error.mfaNotCompleted')).first()).toBeVisible();
    await expect(page.getByRole('button', { name: message(lang, 'mfaLogin.complete') })).toBeEnabled();
  }
  await expect(page.getByText(message(lang, 'mfaLogin.heldTitle'))).toHaveCount(0);
}

async function passwordStep(page: Page, redirect: string): Promise<void> {
  await page.goto(`/${lang}/login?redirect=${encodeURIComponent(redirect)}`);
  await page.locator('input[name="loginId"]').fill(ADMIN);
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/en\/mfa-login\?redirect=/);
}

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
  // The administrator's own login email: a reset and the second step would reach one inbox.
  await field.fill(ADMIN_LOGIN_EMAIL);
  await page.getByRole('button', { name: message(lang, 'mfaLogin.send') }).click();
  await expect(page.getByText(message(lang, 'error.mfaEmailIsLoginEmail')).first()).toBeVisible();

  // A mistyped address first: the waiting screen shows it in full and offers another.
  const typo = uniqueEmail('mfatypo');
  const typoSince = new Date();
  await field.fill(typo);
  await page.getByRole('button', { name: message(lang, 'mfaLogin.send') }).click();
  await expect(page.getByRole('button', { name: message(lang, 'mfaLogin.complete') })).toBeVisible();
  await expect(page.getByText(typo).first()).toBeVisible();
  const typoLink = (await mailbox.latest(typo, { since: typoSince })).link(/\/login-emails\/mfa-verify\?code=/);
  await page.getByRole('button', { name: message(lang, 'mfaLogin.changeEmail') }).click();
  await expect(page.getByText(message(lang, 'mfaLogin.changeLead', { count: 6 }))).toBeVisible();
  // Back to waiting keeps the link sent; then another address after all.
  await page.getByRole('button', { name: message(lang, 'mfaLogin.keepEmail') }).click();
  await expect(page.getByText(typo).first()).toBeVisible();
  await page.getByRole('button', { name: message(lang, 'mfaLogin.changeEmail') }).click();

  const email = uniqueEmail('mfa');
  mfaEmail = email;
  const since = new Date();
  await page.getByLabel(message(lang, 'mfaLogin.email')).fill(email);
  await page.getByRole('button', { name: message(lang, 'mfaLogin.send') }).click();
  await expect(page.getByRole('button', { name: message(lang, 'mfaLogin.complete') })).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText(/\(Hong Kong time\)/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Pressed (impatiently, seven times) before the link was followed: "not done yet", never a hold.
  await pressTooEarly(page, 7);

  // The link, opened on another device (a second browser context with no cookies of this one).
  // The email is in the account's language (the demo administrator's is Traditional Chinese), and so is its link.
  const mail = await mailbox.latest(email, { since });
  expect(mail.text).toContain('（香港時間）');
  const linkLang = 'zh_hant';
  const link = mail.link(/\/login-emails\/mfa-verify\?code=/);
  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    // The mistyped address's link stopped working when the corrected one was sent.
    await phone.goto(typoLink);
    await expect(phone.getByRole('heading', { name: message(linkLang, 'emailVerification.invalidTitle') })).toBeVisible();
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

test('early presses and an abandoned password step: "not yet" each time, then the sign-in history shows the unfinished step', async ({ page, browser, mailbox }) => {
  expect(mfaEmail, 'the first journey sets up the two-factor address').not.toBe('');
  // A password step left unfinished (the browser goes back to the login page and starts again).
  await passwordStep(page, `/${lang}/profile/security`);
  await expect(page.getByRole('button', { name: message(lang, 'mfaLogin.changeEmail') })).toHaveCount(0);
  await pressTooEarly(page, 7);

  const since = new Date();
  await passwordStep(page, `/${lang}/profile/security`);
  await pressTooEarly(page, 2);
  const link = (await mailbox.latest(mfaEmail, { since })).link(/\/login-emails\/mfa-verify\?code=/);
  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    await phone.goto(link);
    // The account's language has followed the English pages it signed in on since (docs/decisions/emails.md).
    await expect(phone.getByText(message(lang, 'emailVerification.verified.mfa', { email: mfaEmail }))).toBeVisible();
  } finally {
    await other.close();
  }
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile/security$`), { timeout: 20_000 });

  // The history: the unfinished password step is there, the early presses are not wrong codes.
  const history = page.getByRole('table');
  await expect(history.getByText(message(lang, 'security.outcome.secondStepNotCompleted')).first()).toBeVisible();
  await expect(history.getByText(message(lang, 'security.outcome.wrongCode'))).toHaveCount(0);
  await expectNoAxeViolations(page);
});
