import { useIntl } from 'react-intl';
import { LANGUAGES, type Language } from '../../contract/languages.ts';
import { HTML_LANG } from '../../contract/languages.ts';
import { cx } from './cx.ts';
import { InternalAnchor, type NavigateHandler } from './internal-anchor.tsx';
import styles from './language-switcher.module.css';
import { uiMessages } from './ui-messages.ts';

export interface LanguageSwitcherProps {
  current: Language;
  /** The current page (path and query) in another language. */
  hrefFor: (lang: Language) => string;
  onNavigate?: NavigateHandler | undefined;
}

/** Three links, each naming its language in that language, keeping the page and its query. */
export function LanguageSwitcher({ current, hrefFor, onNavigate }: LanguageSwitcherProps) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage(uiMessages.languageNav)}>
      <ul className={cx(styles.list)}>
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <InternalAnchor
              href={hrefFor(lang)}
              onNavigate={onNavigate}
              lang={HTML_LANG[lang]}
              hrefLang={HTML_LANG[lang]}
              aria-current={lang === current ? 'true' : undefined}
              className={cx(styles.link, lang === current && styles.current)}
            >
              {intl.formatMessage(uiMessages[lang])}
            </InternalAnchor>
          </li>
        ))}
      </ul>
    </nav>
  );
}
