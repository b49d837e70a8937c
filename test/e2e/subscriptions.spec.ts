import type { Language } from '../../contract/languages.ts';
import { HTML_LANG } from '../../contract/languages.ts';
import { expect, expectNoAxeViolations, message, test, uniqueEmail } from '../support/e2e.ts';

/** The public newsletter page and its confirmation link, signed out, against the real server. */

test('a visitor subscribes without an account and confirms by the emailed link; a second follow reads as already verified (zh_hans)', async ({ page, mailbox }) => {
  const lang: Language = 'zh_hans';
  const email = uniqueEmail('newsletter');
  await page.goto(`/${lang}/email-subscriptions`);
  await expect(page.getByRole('heading', { level: 1, name: message(lang, 'emailSubscriptions.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
  await expectNoAxeViolations(page);

  // Nothing filled in: each problem in the summary and at its field.
  await page.getByRole('button', { name: message(lang, 'emailSubscriptions.submit') }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveCount(4);

  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="confirmEmail"]').fill(`x${email}`);
  await page.getByLabel(message(lang, 'emailSubscriptions.service.teacherInfo')).check();
  await page.getByLabel(message(lang, 'emailSubscriptions.service.edPost')).check();
  await page.locator('input[name="recaptcha"]').check();
  await page.getByRole('button', { name: message(lang, 'emailSubscriptions.submit') }).click();
  await expect(summary).toContainText(message(lang, 'field.confirmEmail.sameAs'));

  await page.locator('input[name="confirmEmail"]').fill(email);
  const since = new Date();
  await page.getByRole('button', { name: message(lang, 'emailSubscriptions.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: message(lang, 'emailSubscriptions.sentTitle') })).toBeVisible();
  // The link's life as the email says it, from an ICU plural (24 is "other" in all three languages; issue 13).
  const sentBody = message(lang, 'emailSubscriptions.sentBody', { email }).replace(/\{hours, plural,.*?other \{([^}]*)\}\}/u, (_whole, other: string) => other.replace('#', '24'));
  expect(sentBody).toContain('24');
  await expect(page.getByText(sentBody)).toBeVisible();
  await expectNoAxeViolations(page);

  const link = (await mailbox.latest(email, { since })).link(/\/subscriptions\/verify\?token=/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: message(lang, 'emailVerification.title.subscription') })).toBeVisible();
  const verified = page.getByRole('status').filter({ hasText: email });
  await expect(verified).toContainText(message(lang, 'emailVerification.service.teacherInfo'));
  await expect(verified).toContainText(message(lang, 'emailVerification.service.edPost'));
  await expectNoAxeViolations(page);

  await page.goto(link);
  await expect(page.getByText(message(lang, 'emailVerification.alreadyVerified'))).toBeVisible();
  await expect(page.getByRole('link', { name: message(lang, 'emailVerification.next.newsletters') })).toBeVisible();
});

test('a tampered subscription link shows the invalid page with a way to subscribe again (en)', async ({ page }) => {
  const lang: Language = 'en';
  await page.goto(`/${lang}/subscriptions/verify?token=${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { name: message(lang, 'emailVerification.invalidTitle') })).toBeVisible();
  await page.getByRole('link', { name: message(lang, 'emailVerification.next.subscribeAgain') }).click();
  await expect(page.getByRole('heading', { level: 1, name: message(lang, 'emailSubscriptions.title') })).toBeVisible();
});
