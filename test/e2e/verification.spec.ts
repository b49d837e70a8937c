import { isValidPhoneNumber } from 'libphonenumber-js/mobile';
import { HTML_LANG, type Language } from '../../contract/languages.ts';
import { expect, expectNoAxeViolations, message, registerPerson, test, uniqueEmail, type Mailbox, type RegisteredPerson } from '../support/e2e.ts';

/**
 * Mobile verification and the email verification links, against the real server. Each journey
 * registers its own person through the API (activation signs them in), so parallel journeys never
 * share a number, an address or a hold.
 */

type Person = RegisteredPerson;

const newPerson = registerPerson;

/** A Hong Kong mobile number (9xxxxxxx) nobody else in this run uses. */
function uniqueHongKongMobile(): string {
  for (;;) {
    // ~13% of 9xxxxxxx are not allocated to mobiles: the page would rightly refuse them.
    const candidate = `9${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
    if (isValidPhoneNumber(candidate, 'HK')) return candidate;
  }
}

/** The six digits of the newest SMS to a number. */
async function smsCode(mailbox: Mailbox, to: string, since: Date): Promise<string> {
  const sms = await mailbox.latest(to, { since });
  const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
  expect(code, `a six-digit code in "${sms.text}"`).toBeDefined();
  return code as string;
}

/** Asks for an email change through the API (the profile pages embed the panel) and returns the emailed link. */
async function requestChange(person: Person, mailbox: Mailbox, kind: 'login' | 'contact', email: string, lang: Language): Promise<string> {
  const since = new Date();
  const response = await person.context.request.post('/api/profile/email-change', { data: { kind, email, lang } });
  expect(response.status(), await response.text()).toBe(200);
  const path = kind === 'login' ? /\/login-emails\/verify\?token=/ : /\/contact-emails\/verify\?token=/;
  return (await mailbox.latest(email, { since })).link(path);
}

test.describe('mobile verification', () => {
  test('a person verifies a Hong Kong mobile number with the SMS code, after one wrong code (en)', async ({ browser, mailbox }) => {
    const lang: Language = 'en';
    const person = await newPerson(browser, mailbox, lang, 'mobile');
    const { page } = person;
    await page.goto(`/${lang}/profile/mobile-verification`);
    await expect(page.getByRole('heading', { level: 1, name: message(lang, 'mobileVerification.title') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);

    // Hong Kong first, then Macau; every calling code is offered once. The list fills in once the
    // phone-number library has loaded, so wait for it before reading the options.
    await expect(page.locator('select[name="countryCode"]')).toHaveValue('852');
    await expect.poll(() => page.locator('select[name="countryCode"] option').count()).toBeGreaterThan(200);
    const codes = await page.locator('select[name="countryCode"] option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(codes.slice(0, 4)).toEqual(['852', '853', '86', '886']);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(200);
    await expect(page.locator('select[name="countryCode"]')).toHaveValue('852');
    await expectNoAxeViolations(page);

    // A Hong Kong fixed line is refused on the page, before any SMS.
    await page.locator('input[name="mobile"]').fill('21234567');
    await page.getByRole('button', { name: message(lang, 'mobileVerification.send') }).click();
    await expect(page.getByRole('alert')).toContainText(message(lang, 'error.mobileNotMobile'));

    const mobile = uniqueHongKongMobile();
    const since = new Date();
    await page.locator('input[name="mobile"]').fill(mobile);
    await page.getByRole('button', { name: message(lang, 'mobileVerification.send') }).click();
    await expect(page.getByLabel(message(lang, 'mobileVerification.code'))).toBeVisible();
    const code = await smsCode(mailbox, `+852${mobile}`, since);
    await expectNoAxeViolations(page);

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel(message(lang, 'mobileVerification.code')).fill(wrong);
    await page.getByRole('button', { name: message(lang, 'mobileVerification.verify'), exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(message(lang, 'error.codeWrong'));

    await page.getByLabel(message(lang, 'mobileVerification.code')).fill(code);
    await page.getByRole('button', { name: message(lang, 'mobileVerification.verify'), exact: true }).click();
    await expect(page.getByRole('heading', { name: message(lang, 'mobileVerification.verifiedTitle') })).toBeVisible();
    await expectNoAxeViolations(page);

    // The page shows the verified number when opened again.
    await page.goto(`/${lang}/profile/mobile-verification`);
    await expect(page.getByText(message(lang, 'mobileVerification.currentVerified', { number: '' }).trim())).toBeVisible();
    await person.context.close();
  });
});

test.describe('email change links', () => {
  test('a login email change is confirmed by its link, and the new address logs in (zh_hans)', async ({ browser, mailbox }) => {
    const lang: Language = 'zh_hans';
    const person = await newPerson(browser, mailbox, lang, 'loginchange');
    const newEmail = uniqueEmail('newlogin');
    const link = await requestChange(person, mailbox, 'login', newEmail, lang);

    // Followed in a browser that is not signed in: the link alone is enough.
    const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'zh-CN' });
    const page = await visitor.newPage();
    await page.goto(link.replace(/^\/[a-z_]+\//, `/${lang}/`));
    await expect(page.getByRole('heading', { level: 1, name: message(lang, 'emailVerification.title.login') })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: newEmail })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: message(lang, 'emailVerification.next.logIn') }).click();
    await page.locator('input[name="loginId"]').fill(newEmail);
    await page.locator('input[name="password"]').fill(person.password);
    await page.locator('form button[type="submit"]').click();
    await expect(page).not.toHaveURL(/\/login(?:[?#]|$)/);

    // The same link again: already verified, not an error.
    await page.goto(link);
    await expect(page.getByText(message(lang, 'emailVerification.alreadyVerified'))).toBeVisible();
    await visitor.close();
    await person.context.close();
  });

  test('a login email change asked for on the profile, confirmed by the link in another tab, then "I followed the link" (zh_hant)', async ({ browser, mailbox }) => {
    const lang: Language = 'zh_hant';
    const person = await newPerson(browser, mailbox, lang, 'panel');
    const { page } = person;
    const newEmail = uniqueEmail('panellogin');
    await page.goto(`/${lang}/profile/emails`);
    // The innermost section with the panel's heading (the profile page may wrap it in one of its own).
    const panel = page.locator('section').filter({ has: page.getByRole('heading', { name: message(lang, 'emailChange.heading.login') }) }).last();
    await expect(panel).toBeVisible();
    await expect(panel.getByText(message(lang, 'emailChange.current.login', { email: person.email }))).toBeVisible();

    const since = new Date();
    await panel.getByLabel(message(lang, 'emailChange.label.login')).fill(newEmail);
    await panel.getByRole('button', { name: message(lang, 'emailChange.submit') }).click();
    await expect(panel.getByRole('heading', { name: message(lang, 'emailChange.awaitingTitle') })).toBeVisible();
    await expectNoAxeViolations(page);

    await panel.getByRole('button', { name: message(lang, 'emailChange.refresh') }).click();
    await expect(panel.getByText(message(lang, 'emailChange.stillWaiting'))).toBeVisible();

    const link = (await mailbox.latest(newEmail, { since })).link(/\/login-emails\/verify\?token=/);
    const tab = await person.context.newPage();
    await tab.goto(link);
    await expect(tab.getByRole('heading', { name: message(lang, 'emailVerification.verifiedTitle') })).toBeVisible();
    await tab.close();

    await panel.getByRole('button', { name: message(lang, 'emailChange.refresh') }).click();
    await expect(panel.getByText(message(lang, 'emailChange.confirmed.login', { email: newEmail }))).toBeVisible();
    await person.context.close();
  });

  test('a contact email change is confirmed by its link (en)', async ({ browser, mailbox }) => {
    const lang: Language = 'en';
    const person = await newPerson(browser, mailbox, lang, 'contactchange');
    const newEmail = uniqueEmail('newcontact');
    const link = await requestChange(person, mailbox, 'contact', newEmail, lang);
    const { page } = person;
    await page.goto(link.replace(/^\/[a-z_]+\//, `/${lang}/`));
    await expect(page.getByRole('heading', { level: 1, name: message(lang, 'emailVerification.title.contact') })).toBeVisible();
    await expect(page.getByText(message(lang, 'emailVerification.verified.contact', { email: newEmail }))).toBeVisible();
    await expect(page.getByRole('link', { name: message(lang, 'emailVerification.next.profile') })).toBeVisible();
    await person.context.close();
  });

  test('a tampered or missing token shows the invalid link page (zh_hant)', async ({ page }) => {
    const lang: Language = 'zh_hant';
    await page.goto(`/${lang}/contact-emails/verify?token=tampered-${'x'.repeat(30)}`);
    await expect(page.getByRole('heading', { name: message(lang, 'emailVerification.invalidTitle') })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.goto(`/${lang}/teacher-auths/verify`);
    await expect(page.getByRole('heading', { name: message(lang, 'emailVerification.invalidTitle') })).toBeVisible();
  });
});
