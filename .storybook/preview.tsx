import type { Preview } from '@storybook/react-vite';
import { DEFAULT_LANGUAGE, HTML_LANG, LANGUAGES, isLanguage, type Language } from '../contract/languages.ts';
import { I18nProvider } from '../src/i18n/i18n-provider.tsx';
import { loadMessages, type Messages } from '../src/i18n/messages.ts';
import '../src/ui/global.css';

/** Each language named in itself, as the app's own switcher does. */
const LANGUAGE_NAMES: Record<Language, string> = {
  zh_hant: '繁體中文',
  en: 'English',
  zh_hans: '简体中文',
};

interface LoadedLanguage {
  lang: Language;
  messages: Messages;
}

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
        <I18nProvider lang={lang} messages={messages}>
          <Story />
        </I18nProvider>
      );
    },
  ],
};

export default preview;
