import type { Preview } from '@storybook/react-vite';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';
import { DEFAULT_LANGUAGE, HTML_LANG, LANGUAGES, isLanguage, type Language } from '../contract/languages.ts';
import { loadMessages, type Messages } from '../src/i18n/messages.ts';
import { axeInOtherLanguages, type A11yParameters } from '../stories/support/axe-languages.ts';
import { LanguageFrame } from '../stories/support/languages.tsx';
import '../src/ui/global.css';

/** Each language named in itself, as the app's own switcher does. */
const LANGUAGE_NAMES: Record<Language, string> = {
  zh_hant: '繁體中文',
  en: 'English',
  zh_hans: '简体中文',
};

/**
 * The phone the portal is designed for first (a student on a phone), beside Storybook's own
 * small set. Chosen from the toolbar, or pinned by a story with
 * `globals: { viewport: { value: 'phone' } }`; the storybook Vitest project sizes its page to it.
 */
const VIEWPORTS = {
  phone: { name: 'Phone (375 × 667)', styles: { width: '375px', height: '667px' }, type: 'mobile' as const },
  ...MINIMAL_VIEWPORTS,
};

interface LoadedLanguage {
  lang: Language;
  messages: Messages;
}

/**
 * The extra language passes run where stories are tested, not in the Storybook UI a designer
 * browses: in the storybook Vitest project (the addon's plugin defines VITEST_STORYBOOK) and in
 * the built Storybook run by `npm test` (scripts/test-storybook-build.mjs sets the global before
 * the preview loads). `VITE_STORYBOOK_OWN_LANGUAGE=1` turns them off, to measure what they cost
 * (docs/decisions/storybook.md).
 */
const LANGUAGE_PASSES =
  (typeof import.meta.env.VITEST_STORYBOOK === 'string' || (globalThis as { __STORYBOOK_LANGUAGE_PASSES__?: boolean }).__STORYBOOK_LANGUAGE_PASSES__ === true) &&
  import.meta.env.VITE_STORYBOOK_OWN_LANGUAGE !== '1';

const preview: Preview = {
  globalTypes: {
    locale: {
      description: 'Language of the messages',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: LANGUAGES.map((lang) => ({ value: lang, title: LANGUAGE_NAMES[lang] })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: DEFAULT_LANGUAGE },
  parameters: {
    // Axe violations fail the story's test in the storybook Vitest project.
    a11y: { test: 'error' },
    layout: 'padded',
    viewport: { options: VIEWPORTS },
    options: {
      // Screens in the order a user meets them, not alphabetically: SECTIONS in
      // stories/support/screens.ts (Storybook reads this literally, so the unit test compares).
      storySort: { order: ['Design system', 'Sign up', 'Log in', 'Profile', 'Family', 'Security', 'School', 'Newsletter', 'App', 'Emails', 'Machines'] },
    },
  },
  loaders: [
    async ({ globals }): Promise<LoadedLanguage> => {
      const lang = isLanguage(globals.locale) ? globals.locale : DEFAULT_LANGUAGE;
      // The page language follows the story's, as <html lang> does in the app.
      document.documentElement.lang = HTML_LANG[lang];
      return { lang, messages: await loadMessages(lang) };
    },
  ],
  decorators: [
    (Story, { loaded }) => {
      const { lang, messages } = loaded as LoadedLanguage;
      return (
        <LanguageFrame lang={lang} messages={messages}>
          <Story />
        </LanguageFrame>
      );
    },
  ],
  // The a11y addon checks the story in its own language; in the Vitest project every story is
  // also checked in the other two, on the same rendered DOM (stories/support/axe-languages.ts).
  // A story that draws its language itself (the emails) opts out with `languages: 'own'`.
  afterEach: async ({ loaded, parameters, viewMode }) => {
    if (!LANGUAGE_PASSES || viewMode !== 'story' || parameters.languages === 'own') return;
    const { lang } = loaded as LoadedLanguage;
    await axeInOtherLanguages(lang, parameters.a11y as A11yParameters | undefined);
  },
};

export default preview;
