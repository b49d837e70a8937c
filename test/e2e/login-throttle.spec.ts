import { expect, message, test, uniqueLoginId } from '../support/e2e.ts';

test('repeated wrong passwords for one login are refused with the Hong Kong time they may be tried again', async ({ page, axe }) => {
  const t = (id: string, values?: Record<string, string | number>) => message('en', id, values);
  // A login no other journey uses: unknown logins are throttled exactly like accounts.
  const loginId = uniqueLoginId('guess');
  const [throttledStart = ''] = t('error.loginThrottled', { holdUntil: '\u0000' }).split('\u0000');
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
  await expect(alert).toContainText('(Hong Kong time)');
  // The time is shown to the second.
  await expect(alert).toContainText(/\d{1,2}:\d{2}:\d{2}/);
  await axe();
  await expect(page).toHaveURL(/\/en\/login/);
});
