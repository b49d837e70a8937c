import { testChromiumPath } from './chromium-path.mjs';

/**
 * One Chromium for every test runner (Vitest browser mode, Storybook tests, Playwright): Debian's
 * headless shell, since Playwright's own builds cannot be downloaded here (test/support/chromium-path.mjs).
 */
export const CHROMIUM_PATH = testChromiumPath();

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const chromiumLaunchOptions = {
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
};

/**
 * Every browser check looks at settled screens: with motion reduced, dialogs and spinners do not
 * animate (src/ui honours prefers-reduced-motion), so axe never judges a half-faded dialog.
 * (Chromium's own `--force-prefers-reduced-motion` switch is ignored in headless mode.)
 */
export const settledContextOptions = { reducedMotion: 'reduce' } as const;
