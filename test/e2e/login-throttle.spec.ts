import { expect, message, registerPerson, test, uniqueLoginId } from '../support/e2e.ts';

test('repeated wrong passwords for one login are refused with the Hong Kong time they may be tried again', async ({ page, axe }) => {
  const t = (id: string, values?: Record<string, string | number>) => message('en', id, values);
  // A login no other journey uses: unknown logins are throttled exactly like accounts.
  const loginId = uniqueLoginId('guess');
  const [throttledStart = ''] = t('error.loginThrottled', { retry: '\u0000' }).split('\u0000');
  const failed = t('error.loginFailed');
  const alert = page.getByRole('alert').first();

  await page.goto('/en/login');
  await page.locator('input[name="loginId"]').fill(loginId);
  // Five wrong passwords are free; then the waits double (1 s, 2 s, 4 s …), so an attempt sent
  // right after the answer of the one before lands inside a wait within a few tries.
  let throttled = false;
  for (let attempt = 1; attempt <= 12 && !throttled; attempt++) {
    await page.locator('input[name="password"]').fill(`Wrong-Guess-${attempt}`);
    const answered = page.waitForResponse((response) => response.url().endsWith('/auth/login'));
    await page.locator('form button[type="submit"]').click();
    const status = (await answered).status();
    expect([401, 429]).toContain(status);
    throttled = status === 429;
    await expect(page.locator('form button[type="submit"]')).toHaveText(t('login.submit'));
    await expect(alert).toContainText(throttled ? throttledStart : failed);
    if (attempt <= 5) expect(throttled).toBe(false);
  }
  expect(throttled).toBe(true);
  // The doubling waits are seconds long here: "in N seconds"; a wait of a minute or more names the
  // Hong Kong time, rounded up to the minute, never one already past (issue 26 item 6).
  await expect(alert).toContainText(/Please try again (?:in \d+ seconds?|after .+ \(Hong Kong time\)), or log in/);
  await axe();
  await expect(page).toHaveURL(/\/en\/login/);
});

test('an account over its budget of wrong passwords asks an unknown browser for the robot check, then signs it in', async ({ page, browser, mailbox, request, axe }) => {
  const t = (id: string) => message('en', id);
  // The person's own browser (activation signed it in) carries a device cookie; this page does not.
  const person = await registerPerson(browser, mailbox, 'en', 'budget');
  await person.context.close();
  // A guesser from 20 addresses, five wrong passwords each (all free per address): the budget is 100.
  const run = Date.now() % 200;
  const guesses = Array.from({ length: 100 }, (_, i) =>
    request.post('/auth/login', {
      data: { loginId: person.loginId, password: `Wrong-Guess-${i}` },
      headers: { 'x-forwarded-for': `198.18.${run}.${Math.floor(i / 5) + 1}` },
    }),
  );
  const statuses = await Promise.all(guesses.map(async (answer) => (await answer).status()));
  expect(statuses.every((status) => status === 401)).toBe(true);

  await page.goto('/en/login');
  await page.locator('input[name="loginId"]').fill(person.loginId);
  await page.locator('input[name="password"]').fill(person.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('alert').first()).toContainText(t('error.loginChallengeRequired'));
  const robot = page.getByRole('checkbox', { name: t('ui.recaptcha.standIn') });
  await expect(robot).toBeVisible();
  await axe();
  await robot.check();
  await page.locator('form button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/login(?:[?#]|$)/);
});
