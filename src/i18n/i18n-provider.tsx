import { createContext, useContext, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LANGUAGE, HTML_LANG, type Language } from '../../contract/languages.ts';
import type { Messages } from './messages.ts';

const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

/** react-intl for one language (`locale` is the BCP 47 tag, so dates follow it), plus the language itself. */
export function I18nProvider({ lang, messages, children }: { lang: Language; messages: Messages; children: ReactNode }) {
  return (
    <LanguageContext.Provider value={lang}>
      <IntlProvider locale={HTML_LANG[lang]} defaultLocale="en" messages={messages}>
        {children}
      </IntlProvider>
    </LanguageContext.Provider>
  );
}

/** The language of the page (for links, emails and payloads that carry `lang`). */
export function useLanguage(): Language {
  return useContext(LanguageContext);
}
