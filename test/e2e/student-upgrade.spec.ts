import { DEMO_PASSWORD, expect, login, message, test, uniqueEmail } from '../support/e2e.ts';

const CODE = /\b(\d{6})\b/;
const NEW_PASSWORD = 'Member-Pass-2026-e2e';

function codeOf(text: string): string {
  const code = CODE.exec(text)?.[1];
  if (!code) throw new Error(`no six-digit code in: ${text}`);
  return code;
}

test('a student of DEMO01 upgrades to student member with a new password, then Family opens without signing in again', async ({ page, mailbox, axe }) => {
  const lang = 'en';
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  await login(page, 'demo_student2', { lang });
  await page.goto(`/${lang}/profile`);
  await page.getByRole('navigation').getByRole('link', { name: t('profile.menu.studentUpgrade') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile/student-upgrade$`));

  const dialog = page.getByRole('dialog', { name: t('upgrade.student.title') });
  await expect(dialog.getByRole('heading', { name: t('upgrade.student.introHeading') })).toBeVisible();
  await expect(dialog.getByText(t('upgrade.stepOf', { step: 1, total: 7 }))).toBeVisible();
  await expect(dialog.getByText(t('upgrade.duration'))).toBeVisible();
  await axe();
  await dialog.getByRole('button', { name: t('upgrade.start') }).click();

  // The terms say what happens: this account becomes the member account, and the last step's password replaces the school one.
  await expect(dialog.getByText(t('upgrade.step.student.termsBody'))).toBeVisible();
  await expect(dialog.getByText(/school account stays as it is/)).toHaveCount(0);

  // Terms: refused until accepted.
  await dialog.getByRole('button', { name: t('upgrade.step.continue') }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  await dialog.getByLabel(t('upgrade.step.student.acceptTerms')).check();
  await dialog.getByRole('button', { name: t('upgrade.step.continue') }).click();

  // Email: another account's login email is refused, then the personal one gets a code.
  await expect(dialog.getByText(t('upgrade.stepOf', { step: 3, total: 7 }))).toBeVisible();
  await dialog.getByLabel(t('upgrade.step.email')).fill('public1@demo.test');
  await dialog.getByRole('button', { name: t('upgrade.step.sendCode') }).click();
  await expect(dialog.getByText(t('error.loginEmailTaken')).first()).toBeVisible();
  await axe();
  const email = uniqueEmail('upgrade');
  const since = new Date();
  await dialog.getByLabel(t('upgrade.step.email')).fill(email);
  await dialog.getByRole('button', { name: t('upgrade.step.sendCode') }).click();
  await expect(dialog.getByText(t('upgrade.step.sentTo', { email }))).toBeVisible();
  await axe();
  const mail = await mailbox.latest(email, { since });
  await dialog.getByLabel(t('upgrade.step.code')).fill(codeOf(mail.text));
  await dialog.getByRole('button', { name: t('upgrade.step.verify') }).click();

  // Newsletter, then a password for the new member login.
  await expect(dialog.getByRole('heading', { name: t('upgrade.step.student.subscribeHeading') })).toBeVisible();
  await dialog.getByLabel(t('upgrade.step.student.subscribeYes')).check();
  await dialog.getByRole('button', { name: t('upgrade.step.continue') }).click();
  await expect(dialog.getByRole('heading', { name: t('upgrade.step.student.linkHeading') })).toBeVisible();
  await axe();
  await expect(dialog.getByText(t('upgrade.step.student.modeCreateHint', { email }))).toBeVisible();
  await dialog.getByLabel(t('upgrade.step.student.newPassword'), { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel(t('upgrade.step.student.confirmNewPassword')).fill(NEW_PASSWORD);
  await dialog.getByRole('button', { name: t('upgrade.step.student.finish') }).click();
  await expect(dialog.getByRole('heading', { name: t('upgrade.student.doneHeading') })).toBeVisible();
  await expect(dialog.getByText(t('upgrade.student.doneBody', { email }))).toBeVisible();
  await axe();

  // Family opens in the same session: no student-only notice, the create and join options instead.
  await dialog.getByRole('link', { name: t('upgrade.student.toFamily') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile/family$`));
  await expect(page.getByRole('button', { name: t('family.home.create') })).toBeVisible();
  await expect(page.getByText(t('error.familyStudentOnly'))).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: t('profile.menu.studentUpgrade') })).toHaveCount(0);

  // The member login works: the verified email with the new password.
  const signedIn = await page.request.post('/auth/login', { data: { loginId: email, password: NEW_PASSWORD } });
  expect(signedIn.status()).toBe(200);
  // As the terms and the choice said: the same account (its login ID takes the new password) and the school password no longer works.
  expect((await page.request.post('/auth/login', { data: { loginId: 'demo_student2', password: NEW_PASSWORD } })).status()).toBe(200);
  expect((await page.request.post('/auth/login', { data: { loginId: 'demo_student2', password: DEMO_PASSWORD } })).status()).not.toBe(200);
});

test('an upgrade closed at the code step resumes there after a reload, and a refresh loses nothing', async ({ page, mailbox, axe }) => {
  const lang = 'zh_hant';
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  await login(page, 'demo_student3', { lang });

  // Offered where a student looks for it: the Family page's notice.
  await page.goto(`/${lang}/profile/family`);
  await page.getByRole('link', { name: t('family.upgrade') }).click();
  const dialog = page.getByRole('dialog', { name: t('upgrade.student.title') });
  await dialog.getByRole('button', { name: t('upgrade.start') }).click();
  await dialog.getByLabel(t('upgrade.step.student.acceptTerms')).check();
  await dialog.getByRole('button', { name: t('upgrade.step.continue') }).click();
  const email = uniqueEmail('resume');
  const since = new Date();
  await dialog.getByLabel(t('upgrade.step.email')).fill(email);
  await dialog.getByRole('button', { name: t('upgrade.step.sendCode') }).click();
  await expect(dialog.getByText(t('upgrade.step.sentTo', { email }))).toBeVisible();
  const code = codeOf((await mailbox.latest(email, { since })).text);
  // The email is in the account's language.
  expect((await mailbox.latest(email, { since })).subject).toBe('你的教育平台會員升級驗證碼');

  // Closed: back on the profile.
  await dialog.getByRole('button', { name: t('ui.dialog.close') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile$`));
  await expect(dialog).toHaveCount(0);

  // Reopened from the menu after a reload: at the code step, with its email.
  await page.reload();
  await page.getByRole('navigation').getByRole('link', { name: t('profile.menu.studentUpgrade') }).click();
  await expect(dialog.getByRole('heading', { name: t('upgrade.step.codeHeading') })).toBeVisible();
  await expect(dialog.getByText(t('upgrade.step.sentTo', { email }))).toBeVisible();
  await expect(dialog.getByText(t('upgrade.stepOf', { step: 4, total: 7 }))).toBeVisible();
  await axe();
  await dialog.getByLabel(t('upgrade.step.code')).fill(code);
  await dialog.getByRole('button', { name: t('upgrade.step.verify') }).click();
  await expect(dialog.getByRole('heading', { name: t('upgrade.step.student.subscribeHeading') })).toBeVisible();
  await dialog.getByLabel(t('upgrade.step.student.subscribeNo')).check();
  await dialog.getByRole('button', { name: t('upgrade.step.continue') }).click();
  await expect(dialog.getByRole('heading', { name: t('upgrade.step.student.linkHeading') })).toBeVisible();

  // A refresh in the middle: the same step, the choice kept by the server.
  await page.reload();
  await expect(dialog.getByRole('heading', { name: t('upgrade.step.student.linkHeading') })).toBeVisible();
  await dialog.getByRole('button', { name: t('upgrade.step.back') }).click();
  await expect(dialog.getByLabel(t('upgrade.step.student.subscribeNo'))).toBeChecked();
});

test('a student links the upgrade to an existing member account instead of creating a password', async ({ page, mailbox, axe }) => {
  const lang = 'en';
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  await login(page, 'demo_student4', { lang });
  await page.goto(`/${lang}/profile/student-upgrade`);
  const dialog = page.getByRole('dialog', { name: t('upgrade.student.title') });
  await dialog.getByRole('button', { name: t('upgrade.start') }).click();
  await dialog.getByLabel(t('upgrade.step.student.acceptTerms')).check();
  await dialog.getByRole('button', { name: t('upgrade.step.continue') }).click();
  const email = uniqueEmail('link');
  const since = new Date();
  await dialog.getByLabel(t('upgrade.step.email')).fill(email);
  await dialog.getByRole('button', { name: t('upgrade.step.sendCode') }).click();
  await expect(dialog.getByText(t('upgrade.step.sentTo', { email }))).toBeVisible();
  await dialog.getByLabel(t('upgrade.step.code')).fill(codeOf((await mailbox.latest(email, { since })).text));
  await dialog.getByRole('button', { name: t('upgrade.step.verify') }).click();
  await dialog.getByLabel(t('upgrade.step.student.subscribeNo')).check();
  await dialog.getByRole('button', { name: t('upgrade.step.continue') }).click();

  // Link: a wrong password is refused with the SPEC's message, then the member account's own works.
  await expect(dialog.getByRole('heading', { name: t('upgrade.step.student.linkHeading') })).toBeVisible();
  await dialog.getByLabel(t('upgrade.step.student.modeLink')).check();
  await dialog.getByLabel(t('upgrade.step.student.memberLogin')).fill('demo_studentmember1');
  await dialog.getByLabel(t('upgrade.step.student.memberPassword'), { exact: true }).fill('Not-The-Password-1');
  await dialog.getByRole('button', { name: t('upgrade.step.student.finish') }).click();
  await expect(dialog.getByText(t('error.wrongPasswordOrUserNotFound')).first()).toBeVisible();
  await axe();
  await dialog.getByLabel(t('upgrade.step.student.memberPassword'), { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: t('upgrade.step.student.finish') }).click();
  await expect(dialog.getByRole('heading', { name: t('upgrade.student.doneHeading') })).toBeVisible();
  // The finish names the linked member account and the password that still works, not a new member login.
  await expect(dialog.getByText(t('upgrade.student.doneBodyLinked', { email, member: 'demo_studentmember1' }))).toBeVisible();
  await expect(dialog.getByText(t('upgrade.student.doneBody', { email }))).toHaveCount(0);
  await axe();

  // A student member at once: Family opens in the same session.
  await dialog.getByRole('link', { name: t('upgrade.student.toFamily') }).click();
  await expect(page.getByRole('button', { name: t('family.home.create') })).toBeVisible();
  await expect(page.getByText(t('error.familyStudentOnly'))).toHaveCount(0);

  // The login information page shows what was linked, and the school password still signs in.
  await page.goto(`/${lang}/profile/login-info`);
  const links = page.getByRole('region', { name: t('thirdParty.memberLinksHeading') });
  await expect(links.getByText(/demo_studentmember1/)).toBeVisible();
  await axe();
  expect((await page.request.post('/auth/login', { data: { loginId: 'demo_student4', password: DEMO_PASSWORD } })).status()).toBe(200);
});
