import { expect, message, test, uniqueLoginId, uniquePassword } from '../support/e2e.ts';

/**
 * Staff registration (/edb/register, issue 12) against the real server: every problem of the form
 * at once, then the server's own findings (a taken login ID and a domain no school lists) at
 * once, then a school address of the demo school, the activation link read from the dev outbox,
 * and the account active as school-based staff of DEMO01.
 */
const lang = 'en';
const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
const DEMO_SCHOOL_DOMAIN = 'demo-school.edu.hk';

test('a school staff member registers with a school address, activates by the emailed link and is school-based staff of that school', async ({ page, mailbox, axe }) => {
  await page.goto(`/${lang}/edb/register`);
  const title = page.getByRole('heading', { level: 1, name: t('staffRegistration.title') });
  await expect(title).toBeVisible();
  await axe();

  // Sent empty: every problem is listed at once in the summary, which takes the focus.
  await page.getByRole('button', { name: t('staffRegistration.submit') }).click();
  const summary = page.getByRole('alert').first();
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveCount(5);
  await expect(summary.getByRole('link', { name: t('field.acceptTerms.accepted') })).toBeVisible();
  await axe();

  // The server's findings come together too: a login ID in use and an address no school lists.
  const robot = page.getByRole('checkbox', { name: t('ui.recaptcha.standIn') });
  await page.getByLabel(t('fieldName.loginId')).fill('demo_teacher1');
  await page.getByLabel(t('staffRegistration.email')).fill('someone@gmail.com');
  await page.getByLabel(t('staffRegistration.enFullName')).fill('WONG Siu Fong');
  await page.getByLabel(t('staffRegistration.chFullName')).fill('黃小芳');
  await page.getByRole('checkbox', { name: t('staffRegistration.acceptTerms') }).check();
  await robot.check();
  await page.getByRole('button', { name: t('staffRegistration.submit') }).click();
  await expect(summary.getByRole('link', { name: t('field.loginId.taken') })).toBeVisible();
  await expect(summary.getByRole('link', { name: t('field.email.schoolDomain') })).toBeVisible();
  await expect(page.getByLabel(t('staffRegistration.email'))).toHaveAttribute('aria-invalid', 'true');
  // The spent robot check must be solved again.
  await expect(robot).not.toBeChecked();
  await axe();

  const loginId = uniqueLoginId('staff');
  const email = `${loginId.replace(/_/g, '.')}@${DEMO_SCHOOL_DOMAIN}`;
  const since = new Date();
  await page.getByLabel(t('fieldName.loginId')).fill(loginId);
  await page.getByLabel(t('staffRegistration.email')).fill(email);
  await robot.check();
  await page.getByRole('button', { name: t('staffRegistration.submit') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('staffRegistration.sent.title') })).toBeVisible();
  await expect(page.getByText(t('staffRegistration.sent.body', { email, school: 'Demo Primary School' }))).toBeVisible();
  await axe();

  // The activation link from the dev outbox: set a password, skip the newsletters, see the profile.
  const link = (await mailbox.latest(email, { since })).link(/\/user-activate\?code=/);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: t('activation.setPassword.title') })).toBeVisible();
  const password = uniquePassword();
  await page.locator('input[name="newPassword"]').fill(password);
  await page.locator('input[name="confirmNewPassword"]').fill(password);
  await page.locator('input[name="confirmNewPassword"]').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: t('activation.subscribe.title') })).toBeVisible();
  await page.getByRole('button', { name: t('activation.subscribe.skip') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('activation.done.title') })).toBeVisible();

  const me = await page.request.get('/api/users/me');
  expect((await me.json()).data).toMatchObject({ loginId, loginEmail: email, category: 'SCHOOL_BASED_TEACHER', schoolCode: 'DEMO01' });
  // The school staff information page is theirs, with the names the registration recorded.
  await page.goto(`/${lang}/school-staff-info`);
  await expect(page.getByLabel(t('schoolStaff.field.enFullName'))).toHaveValue('WONG Siu Fong');
  await axe();
});
