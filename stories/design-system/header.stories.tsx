import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Language } from '../../contract/languages.ts';
import { Header } from '../../src/ui/header.tsx';
import { componentMeta } from '../support/usage.ts';

const meta = {
  title: 'Design system/Components/Header and language switch',
  component: Header,
  tags: ['autodocs'],
  ...componentMeta(
    {
      when: 'The top of every page: a skip link, the portal\'s name (home), the language switch (each language named in itself, keeping the page and its query) and, when signed in, Log out.',
      do: [
        'Keep the skip link first, so keyboard users can jump past the header.',
        'Name each language in its own language and script: 繁體中文, English, 简体中文.',
      ],
      dont: [
        "Don't add page navigation here: the profile menu and the page's own links do that.",
        "Don't use flags for languages.",
      ],
      pattern: { name: 'Header and Service navigation', href: 'https://design-system.service.gov.uk/components/header/' },
      usedIn: 'every page (src/routes/__root.tsx).',
    },
  ),
  args: {
    homeHref: '/en/',
    signedIn: true,
    signingOut: false,
    mainId: 'main',
    current: 'en',
    hrefFor: (lang: Language) => `/${lang}/profile`,
    onSignOut: fn(),
    onNavigate: fn(),
  },
} satisfies Meta<typeof Header>;

export default meta;

export const Playground: StoryObj<typeof meta> = {
  name: 'Header · 頁首 · 页首 · 語言 · 语言',
  play: async ({ canvas, args }) => {
    const languages = within(canvas.getByRole('navigation'));
    await expect(languages.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/zh_hant/profile', '/en/profile', '/zh_hans/profile']);
    await expect(languages.getByRole('link', { current: true })).toHaveAttribute('lang', 'en');
    await userEvent.click(languages.getByRole('link', { name: '繁體中文' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/zh_hant/profile');
    const logOut = canvas.queryByRole('button', { name: 'Log out' });
    await expect(logOut !== null).toBe(args.signedIn && !args.signingOut);
  },
};

export const SignedOut: StoryObj<typeof meta> = {
  name: 'Signed out',
  args: { signedIn: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
  },
};
