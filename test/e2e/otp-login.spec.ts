import { expect, message, registerPerson, test } from '../support/e2e.ts';

const CODE = /\b(\d{6})\b/;

function codeOf(text: string): string {
  const code = CODE.exec(text)?.[1];
  if (!code) throw new Error(`no six-digit code in: ${text}`);
  return code;
}

// Once, in the default language; the hold journey below runs in English.
{
  const lang = 'zh_hant' as const;
  test(`signs in with the one-time password emailed to the login email, reached from the login page (${lang})`, async ({ browser, page, mailbox, axe }) => {
    const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
    const person = await registerPerson(browser, mailbox, lang, 'otp');
    await person.context.close();

    await page.goto(`/${lang}/login`);
    await page.getByRole('link', { name: t('login.otpLogin') }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/otp-login$`));
    await expect(page.getByRole('heading', { level: 1, name: t('otpLogin.title') })).toBeFocused();
    await axe();

    const since = new Date();
    await page.locator('input[name="loginId"]').fill(person.loginId);
    await page.getByRole('button', { name: t('otpLogin.send') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('otpLogin.sentTo', { loginId: person.loginId }) })).toBeVisible();
    // The time left reads minutes:seconds, or whole minutes where a language words it so; resend waits its minute.
    await expect(page.getByText(/\b(10:00|9:[0-5]\d)\b/).or(page.getByText(t('otpLogin.minutesLeft', { minutes: 10 }))).first()).toBeVisible();
    await expect(page.getByRole('button', { name: t('otpLogin.resend') })).toHaveCount(0);
    await axe();

    const mail = await mailbox.latest(person.email, { since });
    await page.locator('input[name="code"]').fill(codeOf(mail.text));
    await page.getByRole('button', { name: t('otpLogin.login'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile$`));
    // Signed in: the header offers to log out and the profile shows the account.
    await expect(page.getByRole('button', { name: t('app.signOut') })).toBeVisible();
    await expect(page.getByText(person.loginId, { exact: true })).toBeVisible();
  });
}

test('after the 6th wrong code asks a browser the account does not know for the robot check, then signs in with the right code; a known browser is held and told until when', async ({ browser, page, mailbox, axe }) => {
  const lang = 'en';
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  // The person's own browser (activation signed it in) carries a device cookie; this page does not.
  const person = await registerPerson(browser, mailbox, lang, 'otphold');
  await person.context.close();
  const code = page.locator('input[name="code"]');
  const logIn = page.getByRole('button', { name: t('otpLogin.login'), exact: true });

  /** Asks for a code and enters five wrong ones, each refused at the field; returns the right code. */
  async function fiveWrongCodes(): Promise<{ right: string; wrong: string }> {
    await page.goto(`/${lang}/otp-login`);
    const since = new Date();
    await page.locator('input[name="loginId"]').fill(person.email);
    await page.getByRole('button', { name: t('otpLogin.send') }).click();
    const right = codeOf((await mailbox.latest(person.email, { since })).text);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let n = 1; n <= 5; n++) {
      await code.fill(wrong);
      await logIn.click();
      await expect(page.getByText(t('error.codeWrong')).first()).toBeVisible();
    }
    return { right, wrong };
  }

  // The sixth wrong code holds this network for the account, and this browser is asked for the robot check: never a lockout.
  const first = await fiveWrongCodes();
  await code.fill(first.wrong);
  await logIn.click();
  await expect(page.getByRole('alert').first()).toContainText(t('otpLogin.codeChallenge'));
  const robot = page.getByRole('checkbox', { name: t('ui.recaptcha.standIn') });
  await expect(robot).toBeVisible();
  await expect(page.getByRole('heading', { name: t('otpLogin.heldTitle') })).toHaveCount(0);
  await axe();
  // Without a solved challenge even the right code is refused (what each guess costs now).
  const refused = await page.request.post('/auth/otp/login', { data: { loginId: person.loginId, code: first.right } });
  expect([refused.status(), (await refused.json()).error.code]).toEqual([429, 'loginChallengeRequired']);
  // The owner, who has the code, solves it once: the right code signs in.
  await robot.check();
  await code.fill(first.right);
  await logIn.click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile$`));
  await expect(page.getByRole('button', { name: t('app.signOut') })).toBeVisible();

  // Now a browser the account knows (the sign-in gave it a device cookie): its own six wrong codes hold it, and it is told until when.
  await page.getByRole('button', { name: t('app.signOut') }).click();
  await expect(page.getByRole('button', { name: t('app.signOut') })).toHaveCount(0);
  const second = await fiveWrongCodes();
  await code.fill(second.wrong);
  await logIn.click();
  await expect(page.getByRole('heading', { name: t('otpLogin.heldTitle') })).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Hong Kong time' });
  await expect(notice).toContainText(/Please try again after .+ \(Hong Kong time\), or log in with your password\./);
  await expect(page.getByRole('link', { name: t('otpLogin.passwordLogin') })).toBeVisible();
  await axe();
  // Even the right code is refused now, solved challenge or not; the password still signs in.
  const held = await page.request.post('/auth/otp/login', { data: { loginId: person.loginId, code: second.right, recaptchaToken: 'solved' } });
  expect([held.status(), (await held.json()).error.code]).toEqual([429, 'otpHeld']);
  const password = await page.request.post('/auth/login', { data: { loginId: person.loginId, password: person.password } });
  expect(password.status()).toBe(200);
});

test('sends a school administrator a code like anyone, says only after the right code that they must use the password, and signs nobody in', async ({ page, mailbox }) => {
  const lang = 'en';
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  const admin = { loginId: 'demo_schooladmin1', email: 'schooladmin1@demo.test' };
  await page.goto(`/${lang}/otp-login`);
  const since = new Date();
  await page.locator('input[name="loginId"]').fill(admin.loginId);
  await page.getByRole('button', { name: t('otpLogin.send') }).click();
  // Nothing tells who is an administrator before the code is proven.
  await expect(page.getByRole('status').filter({ hasText: t('otpLogin.sentTo', { loginId: admin.loginId }) })).toBeVisible();
  await page.locator('input[name="code"]').fill(codeOf((await mailbox.latest(admin.email, { since })).text));
  await page.getByRole('button', { name: t('otpLogin.login'), exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(t('error.otpSchoolAdmin'));
  const me = await page.request.get('/api/users/me');
  expect(me.status()).toBe(401);
  await page.getByRole('link', { name: t('otpLogin.passwordLogin') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/login$`));
});

test('an unknown browser behind the network that floods its login is asked for the robot check, then sent the code that signs it in', async ({ browser, page, mailbox, request, axe }) => {
  const lang = 'en';
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  // The person's own browser (activation signed it in) carries a device cookie; this page does not.
  const person = await registerPerson(browser, mailbox, lang, 'otpflood');
  await person.context.close();
  // Someone on the person's own network (one address) asks about the login until its count and
  // that network's share are spent (docs/decisions/holds.md): here by forgot password, which is
  // counted with OTP send; past the network's share it asks for the challenge too.
  const network = { 'x-forwarded-for': `198.19.${Date.now() % 200}.7` };
  let last = 0;
  let code: string | undefined;
  for (let n = 0; n < 26; n++) {
    const answer = await request.post('/api/password/forgot', { data: { by: 'loginId', loginId: person.loginId, lang }, headers: network });
    last = answer.status();
    code = ((await answer.json()) as { error?: { code?: string } }).error?.code;
  }
  expect([last, code]).toEqual([429, 'loginChallengeRequired']);

  // The owner, on a browser the account does not know, behind that same network.
  await page.setExtraHTTPHeaders(network);
  await page.goto(`/${lang}/otp-login`);
  await page.locator('input[name="loginId"]').fill(person.loginId);
  await page.getByRole('button', { name: t('otpLogin.send') }).click();
  await expect(page.getByRole('alert').first()).toContainText(t('otpLogin.challenge'));
  const robot = page.getByRole('checkbox', { name: t('ui.recaptcha.standIn') });
  await expect(robot).toBeVisible();
  await axe();
  await robot.check();
  const since = new Date();
  await page.getByRole('button', { name: t('otpLogin.send') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('otpLogin.sentTo', { loginId: person.loginId }) })).toBeVisible();

  const mail = await mailbox.latest(person.email, { since });
  await page.locator('input[name="code"]').fill(codeOf(mail.text));
  await page.getByRole('button', { name: t('otpLogin.login'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile$`));
  await expect(page.getByRole('button', { name: t('app.signOut') })).toBeVisible();
});
