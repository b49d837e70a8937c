import { HTML_LANG, LANGUAGES } from '../../contract/languages.ts';
import { expect, pathAndQuery, test } from '../support/e2e.ts';

test.describe('language routing', () => {
  test('sends a signed-out visitor from / to the Traditional Chinese login page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/zh_hant\/login$/);
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG.zh_hant);
  });

  test('replaces an unsupported language and keeps the query', async ({ page }) => {
    await page.goto('/fr/login?x=1');
    await expect.poll(() => pathAndQuery(page)).toBe('/zh_hant/login?x=1');
  });

  test('fills in a missing language and keeps the query', async ({ page }) => {
    await page.goto('/forget-password?from=mail');
    await expect.poll(() => pathAndQuery(page)).toBe('/zh_hant/forget-password?from=mail');
  });

  test('switches language from the header, keeping the page and its query, and the page follows', async ({ page, axe }) => {
    await page.goto('/zh_hant/login?x=1');
    const titles = new Map<string, string>();
    titles.set('zh_hant', await page.title());
    for (const lang of ['en', 'zh_hans', 'zh_hant'] as const) {
      await page.locator(`nav a[hreflang="${HTML_LANG[lang]}"]`).click();
      await expect.poll(() => pathAndQuery(page)).toBe(`/${lang}/login?x=1`);
      await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
      await expect(page.locator(`nav a[hreflang="${HTML_LANG[lang]}"]`)).toHaveAttribute('aria-current', 'true');
      titles.set(lang, await page.title());
    }
    // The title is translated: three languages, three different titles, none empty.
    expect(new Set(LANGUAGES.map((lang) => titles.get(lang))).size).toBe(3);
    for (const title of titles.values()) expect(title.trim()).not.toBe('');
    await axe();
  });

  test('remembers the chosen language for paths that carry none', async ({ page }) => {
    await page.goto('/zh_hant/login');
    await page.locator(`nav a[hreflang="${HTML_LANG.en}"]`).click();
    // The server already answers /en/… with <html lang="en">; the switch to it from zh_hant is the app's.
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG.en);
    await page.goto('/forget-password');
    await expect.poll(() => pathAndQuery(page)).toBe('/en/forget-password');
  });
});

test.describe('pages that are not there', () => {
  test('shows the not-found page for an unknown path, in the current language', async ({ page, axe }) => {
    await page.goto('/en/no-such-page');
    await expect(page).toHaveURL(/\/en\/no-such-page$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG.en);
    const english = await page.getByRole('heading', { level: 1 }).textContent();
    await page.goto('/zh_hant/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(english ?? '');
    await axe();
  });

  test('sends /404.html to the server-side not-found page', async ({ page }) => {
    const response = await page.goto('/404.html');
    expect(response?.status()).toBe(404);
  });

  test('sends a signed-out visitor from /profile to the login page', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/zh_hant\/login(?:\?|$)/);
  });

  test('sends an unknown child of /profile to /profile, and a signed-out visitor on to login', async ({ page }) => {
    await page.goto('/en/profile/no-such-section');
    await expect(page).toHaveURL(/\/en\/login(?:\?|$)/);
  });
});
