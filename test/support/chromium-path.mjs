// Which Chromium the test runners start (Vitest browser mode, the built Storybook's checks,
// Playwright, the size measurement). Plain JavaScript so the .mjs scripts and the .ts configs
// share it.
//
// Debian's headless shell (`chromium-headless-shell`, the same Blink without the browser's UI
// layers, what Playwright itself runs headless) first: the same journeys took 30 % less CPU in
// it than in the full browser (94.5 against 135.7 CPU-seconds for 18 journeys), and the view
// paths 17 % less. The full browser where the shell is not installed; CHROMIUM_PATH overrides.
// Lighthouse keeps the full browser (scripts/lighthouse.mjs): it measures what users run.
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM_PATH = '/usr/bin/chromium';

/** The Debian packages the tests' browser needs, for the messages that say how to install them. */
export const CHROMIUM_PACKAGES = ['chromium-headless-shell', 'chromium', 'fonts-noto-cjk'];

export function testChromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : FULL_CHROMIUM_PATH;
}
