import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import type { AccountCategory } from '../../../contract/constants.ts';
import type { PlatformLinks, PublicSettings } from '../../../contract/schemas/account.ts';
import { PROFILE_MENU, ProfileMenu } from '../../../src/features/profile/profile-menu.tsx';
import { permissionsFor } from '../../../server/domain/permissions.ts';
import { I18nProvider } from '../../../src/i18n/i18n-provider.tsx';
import { loadMessages } from '../../../src/i18n/messages.ts';
import { createAppRouter } from '../../../src/router.tsx';
import type { RouterContext } from '../../../src/routes/__root.tsx';
import { SettingsProvider } from '../../../src/shell/app-context.tsx';
import '../../../src/ui/global.css';

const NO_LINKS: PlatformLinks = { selfService: null, myRecords: null, subscription: null, emailForwarding: null };

function settingsWith(platformLinks: PlatformLinks): PublicSettings {
  return { passwordMinLength: 8, passwordComplexity: 3, recaptchaSiteKey: null, supportEmail: 'support@edu-portal.example', devMailbox: false, platformLinks };
}

async function menuOf(category: AccountCategory, platformLinks: PlatformLinks = NO_LINKS) {
  const messages = await loadMessages('en');
  const screen = render(
    <I18nProvider lang="en" messages={messages}>
      <SettingsProvider settings={settingsWith(platformLinks)}>
        <ProfileMenu permissions={permissionsFor(category, { schoolAllowsQrLogin: null })} category={category} />
      </SettingsProvider>
    </I18nProvider>,
  );
  return screen;
}

/** On a narrow screen the menu is folded behind its button: unfold it. */
async function unfold() {
  const toggle = page.getByRole('button', { name: 'Profile menu' });
  if (toggle.element().checkVisibility() && toggle.element().getAttribute('aria-expanded') === 'false') await toggle.click();
}

afterEach(async () => {
  await page.viewport(414, 896);
});

describe('profile menu: Account Association (SPEC §6, full members only)', () => {
  it('is a link to /profile/association for full members', async () => {
    await menuOf('FULL_MEMBER');
    await unfold();
    const link = page.getByRole('navigation', { name: 'Profile menu' }).getByRole('link', { name: 'Account Association' });
    await expect.element(link).toBeVisible();
    await expect.element(link).toHaveAttribute('href', '/en/profile/association');
  });

  it.each(['PUBLIC', 'STUDENT', 'STUDENT_MEMBER', 'SCHOOL_BASED_TEACHER', 'SCHOOL_ADMINISTRATOR'] as const)('is not shown to %s accounts', async (category) => {
    await menuOf(category);
    await unfold();
    await expect.element(page.getByRole('link', { name: 'Change password' })).toBeVisible();
    await expect.element(page.getByText('Account Association')).not.toBeInTheDocument();
  });
});

describe('profile menu: no dead entries (issue 13)', () => {
  it('every portal entry names a route of the route tree', () => {
    // The actors are never used: the router is only asked which paths exist.
    const router = createAppRouter({} as RouterContext);
    const paths = PROFILE_MENU.flatMap((item) => ('entries' in item ? item.entries : [item])).flatMap((entry) => (entry.to ? [entry.to] : []));
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((path) => !Object.hasOwn(router.routesByPath, path))).toEqual([]);
  });

  it('links the platform’s other services to their configured addresses and leaves out the unconfigured ones', async () => {
    await menuOf('SCHOOL_BASED_TEACHER', { ...NO_LINKS, selfService: 'https://self.example.test/', emailForwarding: 'https://mail.example.test/forward' });
    await unfold();
    const nav = page.getByRole('navigation', { name: 'Profile menu' });
    await expect.element(nav.getByRole('link', { name: 'Self-Service' })).toHaveAttribute('href', 'https://self.example.test/');
    await expect.element(nav.getByRole('link', { name: 'Email forwarding' })).toHaveAttribute('href', 'https://mail.example.test/forward');
    expect(nav.getByText('My Records').elements()).toHaveLength(0);
    expect(nav.getByText('Subscription', { exact: true }).elements()).toHaveLength(0);
    // Every entry left is a link: none is text that goes nowhere.
    const leaves = [...nav.element().querySelectorAll('li')].filter((item) => !item.querySelector('ul'));
    expect(leaves.filter((item) => !item.querySelector('a[href]')).map((item) => item.textContent)).toEqual([]);
  });

  it('does not offer email forwarding to an account without its permission, even when configured', async () => {
    await menuOf('PUBLIC', { ...NO_LINKS, emailForwarding: 'https://mail.example.test/forward' });
    await unfold();
    await expect.element(page.getByRole('link', { name: 'Change password' })).toBeVisible();
    expect(page.getByText('Email forwarding').elements()).toHaveLength(0);
  });
});

describe('profile menu on a phone (issue 13)', () => {
  it('folds behind its button at 360 px and unfolds on a press; a wide screen shows it without the button', async () => {
    await page.viewport(360, 640);
    await menuOf('PUBLIC');
    const toggle = page.getByRole('button', { name: 'Profile menu' });
    await expect.element(toggle).toBeVisible();
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    // Folded: the entries are in the page but not shown (nor in the accessibility tree).
    expect(document.querySelector('a[href="/en/profile/password"]')?.checkVisibility()).toBe(false);
    await userEvent.click(toggle);
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.element(page.getByRole('link', { name: 'Change password' })).toBeVisible();

    // Folded again, then widened: the menu shows without its button.
    await userEvent.click(toggle);
    await page.viewport(1024, 768);
    await expect.poll(() => document.querySelector('nav button')?.checkVisibility()).toBe(false);
    await expect.element(page.getByRole('link', { name: 'Change password' })).toBeVisible();
  });
});
