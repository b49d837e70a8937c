import type { Page } from '@playwright/test';
import type { Language } from '../../contract/languages.ts';
import { expect, expectNoAxeViolations, login, message, registerPerson, test, uniqueEmail } from '../support/e2e.ts';

/**
 * The profile's design (issue 13): short sections each with its own save, the menu with no dead
 * entry, the menu folded on a phone, the profile frame while a page loads, school staff info in
 * the frame. Against the real server; the platform links are set in playwright.config.ts.
 */

const menu = (page: Page, lang: Language) => page.getByRole('navigation', { name: message(lang, 'profile.menu.label') });

test.describe('profile menu', () => {
  test('every entry of a teacher’s menu opens a page of the portal or a configured service; unconfigured services are not shown (en)', async ({ page }) => {
    const lang: Language = 'en';
    await login(page, 'demo_teacher1', { lang });
    await page.goto(`/${lang}/profile`);
    await expect(page.getByRole('heading', { level: 1, name: message(lang, 'profileBasic.personalTitle') })).toBeVisible();
    const nav = menu(page, lang);
    // Configured services are links out; Subscription and Email forwarding have no address here: not shown.
    await expect(nav.getByRole('link', { name: message(lang, 'profile.menu.selfService') })).toHaveAttribute('href', 'https://self-service.example.test/');
    await expect(nav.getByRole('link', { name: message(lang, 'profile.menu.myRecords') })).toHaveAttribute('href', 'https://records.example.test/');
    await expect(nav.getByText(message(lang, 'profile.menu.subscription'), { exact: true })).toHaveCount(0);
    await expect(nav.getByText(message(lang, 'profile.menu.emailForwarding'), { exact: true })).toHaveCount(0);
    // Nothing in the menu is text that looks like an entry but goes nowhere.
    const entries = nav.locator('li:not(:has(ul))');
    const count = await entries.count();
    expect(count).toBeGreaterThan(8);
    for (let index = 0; index < count; index++) await expect(entries.nth(index).getByRole('link')).toHaveCount(1);

    const internal = await nav.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => ({ name: link.textContent ?? '', href: link.getAttribute('href') ?? '' })));
    for (const { name, href } of internal) {
      await nav.getByRole('link', { name, exact: true }).click();
      await expect(page, name).toHaveURL(new RegExp(`${href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
      await expect(page.getByRole('heading', { level: 1 }), name).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: message(lang, 'notFound.title') }), name).toHaveCount(0);
      await expect(nav.getByRole('link', { name, exact: true }), name).toHaveAttribute('aria-current', 'page');
    }
  });

  test('school staff info sits in the profile frame, with the menu, like its siblings (zh_hant)', async ({ page }) => {
    const lang: Language = 'zh_hant';
    await login(page, 'demo_teacher1', { lang });
    await page.goto(`/${lang}/school-staff-info`);
    await expect(page.getByRole('heading', { level: 1, name: message(lang, 'schoolStaff.title') })).toBeVisible();
    await expect(menu(page, lang).getByRole('link', { name: message(lang, 'profile.menu.schoolStaff') })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
  });
});

test.describe('split profile', () => {
  test('personal details show the registration display name; each section saves on its own with its message beside the button; axe in three languages', async ({ browser, mailbox }) => {
    // Nine pages, each checked by axe.
    test.setTimeout(240_000);
    const person = await registerPerson(browser, mailbox, 'en', 'split');
    const { page } = person;
    for (const lang of ['zh_hant', 'en', 'zh_hans'] as const) {
      await page.goto(`/${lang}/profile`);
      await expect(page.getByRole('heading', { level: 1, name: message(lang, 'profileBasic.personalTitle') })).toBeVisible();
      // Issue 13 item 4: the name given at registration is on the page and in the nickname's hint.
      await expect(page.getByText('E2E split', { exact: true })).toBeVisible();
      await expect(page.getByLabel(message(lang, 'profileBasic.field.nickname'))).toHaveAccessibleDescription(message(lang, 'profileBasic.nicknameHintNamed', { displayName: 'E2E split' }));
      await expectNoAxeViolations(page);
      await page.goto(`/${lang}/profile/address`);
      await expect(page.getByRole('heading', { level: 1, name: message(lang, 'profileBasic.addressTitle') })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.goto(`/${lang}/profile/emails`);
      await expect(page.getByRole('heading', { level: 1, name: message(lang, 'profileBasic.emailsTitle') })).toBeVisible();
      await expect(page.getByLabel(message(lang, 'emailChange.label.contact'))).toBeVisible();
      await expectNoAxeViolations(page);
    }

    const lang: Language = 'en';
    await page.goto(`/${lang}/profile`);
    await page.getByLabel(message(lang, 'profileBasic.field.englishSurname')).fill('Wong');
    const save = page.getByRole('button', { name: message(lang, 'profileBasic.savePersonal') });
    await save.click();
    const saved = page.getByRole('status').filter({ hasText: message(lang, 'profileForm.saved') });
    await expect(saved).toBeVisible();
    // Beside the button: on the same screen, just under it.
    const [button, notice] = [await save.boundingBox(), await saved.boundingBox()];
    expect(notice!.y - (button!.y + button!.height)).toBeLessThan(80);
    await expect(saved).toBeInViewport();
    // The personal details page is short (it was ~3,700 px with every form on it).
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(2400);
    await person.context.close();
  });

  test('a new contact email typed on the emails page is sent by its own button, never silently dropped by a page save (issue 13 item 5, en)', async ({ browser, mailbox }) => {
    const lang: Language = 'en';
    const person = await registerPerson(browser, mailbox, lang, 'item5');
    const { page } = person;
    // The personal details' save has no email field it could ignore.
    await page.goto(`/${lang}/profile`);
    await expect(page.getByRole('button', { name: message(lang, 'profileBasic.savePersonal') })).toBeVisible();
    await expect(page.locator('input[type="email"]')).toHaveCount(0);

    await page.goto(`/${lang}/profile/emails`);
    const contact = page.getByRole('region', { name: message(lang, 'profileBasic.contactEmail') });
    const field = contact.getByLabel(message(lang, 'emailChange.label.contact'));
    await expect(field).toBeVisible();
    // No page-wide "Save changes" here: the only buttons that save are each panel's own.
    await expect(page.getByRole('button', { name: message(lang, 'profileForm.save') })).toHaveCount(0);
    const newEmail = uniqueEmail('item5');
    const since = new Date();
    await field.fill(newEmail);
    await field.press('Enter');
    await expect(contact.getByRole('status').filter({ hasText: newEmail })).toBeVisible();
    (await mailbox.latest(newEmail, { since })).link(/\/contact-emails\/verify\?token=/);
    await person.context.close();
  });

  test('while a section loads, the frame, the menu and the heading show over an outline of the form (en)', async ({ browser, mailbox }) => {
    const lang: Language = 'en';
    const person = await registerPerson(browser, mailbox, lang, 'loading');
    const { page } = person;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/profile', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/${lang}/profile/address`);
    await expect(page.getByRole('heading', { level: 1, name: message(lang, 'profileBasic.addressTitle') })).toBeVisible();
    await expect(menu(page, lang)).toBeAttached();
    await expect(page.locator('[data-skeleton]')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: message(lang, 'profileForm.loading') })).toBeAttached();
    release();
    await expect(page.locator('select[name="region"]')).toBeVisible();
    await expect(page.locator('[data-skeleton]')).toHaveCount(0);
    await person.context.close();
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 640 } });

  test('on a 360×640 screen the menu folds behind its button: the heading and the first field are on the first screen (zh_hant)', async ({ page }) => {
    const lang: Language = 'zh_hant';
    await login(page, 'demo_teacher1', { lang });
    await page.goto(`/${lang}/profile`);
    const heading = page.getByRole('heading', { level: 1, name: message(lang, 'profileBasic.personalTitle') });
    await expect(heading).toBeVisible();
    const toggle = page.getByRole('button', { name: message(lang, 'profile.menu.label') });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page, lang).getByRole('link', { name: message(lang, 'profile.menu.security') })).toBeHidden();
    // The loading frame's heading is replaced by the page's once the profile is read: positions are
    // polled, so a heading measured as it is swapped (boundingBox null) is measured again.
    const bottom = (box: { y: number; height: number } | null) => (box ? box.y + box.height : Number.POSITIVE_INFINITY);
    const top = (box: { y: number } | null) => box?.y ?? Number.POSITIVE_INFINITY;
    const first = page.locator('form select, form input').first();
    await expect(first).toBeVisible();
    await expect.poll(async () => bottom(await heading.boundingBox())).toBeLessThanOrEqual(640);
    await expect.poll(async () => top(await heading.boundingBox())).toBeLessThan(320);
    // The first field of the form (the title) starts within the first screen too.
    await expect.poll(async () => top(await first.boundingBox())).toBeLessThan(640);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await menu(page, lang).getByRole('link', { name: message(lang, 'profile.menu.security') }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile/security$`));
    // Following an entry folds the menu again, so the new page starts on the first screen.
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => top(await page.getByRole('heading', { level: 1 }).boundingBox())).toBeLessThan(320);
    await expectNoAxeViolations(page);
  });
});

test.describe('footer pages', () => {
  test('every page’s footer opens help, terms, privacy and the accessibility statement, with content in three languages; both registrations link the terms and the privacy policy', async ({ page }) => {
    const pages = [
      ['footer.help', 'legal.help.title', 'legal.help.s4.heading'],
      ['footer.terms', 'legal.terms.title', 'legal.terms.s2.heading'],
      ['footer.privacy', 'legal.privacy.title', 'legal.privacy.s4.heading'],
      ['footer.accessibility', 'legal.accessibility.title', 'legal.accessibility.s3.heading'],
    ] as const;
    for (const lang of ['zh_hant', 'en', 'zh_hans'] as const) {
      await page.goto(`/${lang}/login`);
      const footer = page.getByRole('navigation', { name: message(lang, 'footer.label') });
      for (const [link, title, section] of pages) {
        await footer.getByRole('link', { name: message(lang, link) }).click();
        await expect(page.getByRole('heading', { level: 1, name: message(lang, title) })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: message(lang, section) })).toBeVisible();
      }
      await expect(page.getByText('support@edu-portal.example', { exact: false }).first()).toBeVisible();
      await expectNoAxeViolations(page);
    }

    const lang: Language = 'en';
    await page.goto(`/${lang}/users/register`);
    const terms = page.getByRole('link', { name: message(lang, 'footer.terms'), exact: false }).first();
    await expect(page.locator('main').getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', `/${lang}/terms`);
    await expect(page.locator('main').getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', `/${lang}/privacy`);
    await expect(terms).toBeVisible();
    await expectNoAxeViolations(page);
    // Staff registration takes the same terms, with the same links.
    await page.goto(`/${lang}/edb/register`);
    await expect(page.locator('main').getByRole('link', { name: 'terms of service' })).toHaveAttribute('href', `/${lang}/terms`);
    await expect(page.locator('main').getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', `/${lang}/privacy`);
    await expectNoAxeViolations(page);
  });
});
