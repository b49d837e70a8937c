import type { Page } from '@playwright/test';
import { HTML_LANG, LANGUAGES } from '../../contract/languages.ts';
import { DEMO_PASSWORD, expect, message, test } from '../support/e2e.ts';

/** The public pages the build pre-renders (scripts/prerender.ts), with the id of their heading. */
const PAGES = [
  { path: 'login', title: 'login.title' },
  { path: 'users/register', title: 'registration.title' },
  { path: 'forget-password', title: 'forgotPassword.title' },
  { path: 'email-subscriptions', title: 'emailSubscriptions.title' },
] as const;

/** Console errors of the page, except the browser's own note on a refused request (`users/me` → 401). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() === 'error' && !entry.text().startsWith('Failed to load resource')) errors.push(entry.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Remembers, as the document is parsed and before any script runs, the nodes the test compares later. */
async function rememberPrerenderedNodes(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const root = document.getElementById('root');
      const submit = document.querySelector('form button[type="submit"]');
      Object.assign(window, {
        prerendered: {
          heading: document.querySelector('h1'),
          submit,
          submitTop: submit?.getBoundingClientRect().top ?? null,
          inert: root?.hasAttribute('inert') ?? false,
        },
      });
    });
  });
}

interface Remembered {
  heading: Element | null;
  submit: Element | null;
  submitTop: number | null;
  inert: boolean;
}

async function appStarted(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

test.describe('pre-rendered public pages', () => {
  test.describe('without scripts', () => {
    test.use({ javaScriptEnabled: false });

    for (const lang of LANGUAGES) {
      test(`show their heading, language and title before any script runs (${lang})`, async ({ page }) => {
        for (const { path, title } of PAGES) {
          await page.goto(`/${lang}/${path}`);
          await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
          await expect(page.locator('h1')).toHaveText(message(lang, title));
          await expect(page).toHaveTitle(message(lang, 'app.titleTemplate', { page: message(lang, title), app: message(lang, 'app.name') }));
          // Nothing on it can be used until the app has taken it over: no form is sent by the browser.
          await expect(page.locator('#root')).toHaveAttribute('inert', '');
          await expect(page.locator('form')).toHaveCount(1);
        }
      });
    }
  });

  for (const { path, title } of PAGES) {
    test(`/${path} is taken over by the app without being rendered again`, async ({ page }) => {
      const errors = consoleErrors(page);
      await rememberPrerenderedNodes(page);
      await page.goto(`/en/${path}`);
      await appStarted(page);
      const kept = await page.evaluate(() => {
        const before = (window as unknown as { prerendered: Remembered }).prerendered;
        const submit = document.querySelector('form button[type="submit"]');
        return {
          inertBefore: before.inert,
          sameHeading: before.heading !== null && before.heading === document.querySelector('h1'),
          sameButton: before.submit !== null && before.submit === submit,
          moved: before.submitTop === null ? null : Math.abs((submit?.getBoundingClientRect().top ?? 0) - before.submitTop),
        };
      });
      expect(kept).toEqual({ inertBefore: true, sameHeading: true, sameButton: true, moved: 0 });
      await expect(page.locator('h1')).toHaveText(message('en', title));
      expect(errors).toEqual([]);
    });
  }

  test('the login form works once the app has taken over', async ({ page }) => {
    await page.goto('/zh_hant/login');
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/zh_hant\/login$/);
  });

  test('nothing is sent before the app has started, and the page is usable once it has', async ({ page }) => {
    // Hold the app back to look at the page as it is before the app runs: the start-up is in the
    // entry chunk (index-*.js, with the router and route tree since issue 26), not a chunk of its own.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holds = 0;
    await page.route(/\/assets\/(?:index|start-app)-[^/]*\.js$/, async (route) => {
      holds++;
      await held;
      await route.continue();
    });
    // The entry is a module script, which DOMContentLoaded waits for: the page is read as it is parsed.
    await page.goto('/en/forget-password', { waitUntil: 'commit' });
    await expect(page.locator('h1')).toHaveText(message('en', 'forgotPassword.title'));
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    // A click on the pre-rendered submit button does nothing: no native form submission.
    const box = await page.locator('form button[type="submit"]').boundingBox();
    if (!box) throw new Error('the submit button has no box');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(new URL(page.url()).search).toBe('');
    // The app was really held: a pattern that matched nothing would let this test pass by luck.
    expect(holds).toBeGreaterThan(0);
    release();
    await appStarted(page);
    await expect(page.locator('h1')).toBeFocused();
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('alert')).toBeVisible();
  });

  test('a signed-in visitor gets the same page with the log-out button once the app runs', async ({ page }) => {
    const errors = consoleErrors(page);
    const response = await page.request.post('/auth/login', { data: { loginId: 'demo_public2', password: DEMO_PASSWORD } });
    expect(response.status()).toBe(200);
    await rememberPrerenderedNodes(page);
    await page.goto('/en/login');
    await appStarted(page);
    await expect(page.getByRole('button', { name: message('en', 'app.signOut') })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { prerendered: Remembered }).prerendered.heading === document.querySelector('h1'))).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a URL with a query is rendered by the app alone, keeping the query in the language links', async ({ page }) => {
    await page.goto('/en/login?redirect=/en/profile/password');
    await expect(page.locator('h1')).toHaveText(message('en', 'login.title'));
    await expect(page.locator(`nav a[hreflang="${HTML_LANG.zh_hans}"]`)).toHaveAttribute('href', /^\/zh_hans\/login\?redirect=/);
  });
});
