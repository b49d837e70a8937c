import type { StorybookConfig } from '@storybook/react-vite';
import type { AliasOptions, Alias } from 'vite';

/**
 * vite.config.ts swaps formatjs' ICU parser for its no-parser build in `vite build`, since the
 * app's pages get their messages pre-parsed (`locales/<lang>.json?group=…`). Storybook builds with
 * the same config, but the email stories hand the server's mail composition the raw locale files
 * (stories/emails/email-preview.tsx), as the server reads them: without the parser every email in
 * the published Storybook showed `{inviterName}` and `{validMinutes, plural, …}` (issue 24). The
 * Storybook build keeps the parser, so it behaves as the dev-mode Storybook the stories are
 * checked in; pre-parsed messages format the same with it. test/unit/storybook-build.test.ts
 * guards this; `npm run test:storybook-build` runs every story in the built output.
 */
export function keepMessageParser(alias: AliasOptions | undefined): Alias[] {
  const entries: Alias[] = Array.isArray(alias) ? [...(alias as readonly Alias[])] : Object.entries(alias ?? {}).map(([find, replacement]) => ({ find, replacement: String(replacement) }));
  return entries.filter((entry) => !entry.replacement.includes('icu-messageformat-parser/no-parser'));
}

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.tsx'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => ({ ...viteConfig, resolve: { ...viteConfig.resolve, alias: keepMessageParser(viteConfig.resolve?.alias) } }),
};

export default config;
