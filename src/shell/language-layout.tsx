import { Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { HTML_LANG, type Language } from '../../contract/languages.ts';
import type { PublicSettings } from '../../contract/schemas/account.ts';
import { FatalErrorView } from './fatal-error-view.tsx';
import { Footer } from './footer.tsx';
import { I18nProvider } from '../i18n/i18n-provider.tsx';
import { pathInLanguage, rememberLanguage } from '../i18n/language.ts';
import type { Messages } from '../i18n/messages.ts';
import { Header } from '../ui/header.tsx';
import { SettingsProvider, useAppActors } from './app-context.tsx';
import styles from './shell.module.css';
import { useHydrated } from '../ui/use-hydrated.ts';
import { cx } from '../ui/cx.ts';

export const MAIN_ID = 'main-content';

export interface LanguageLayoutProps {
  lang: Language;
  messages: Messages;
  settings: PublicSettings | null;
}

/** Everything inside a language: messages, settings, header, the page, the fatal dialog. */
export function LanguageLayout({ lang, messages, settings }: LanguageLayoutProps) {
  useEffect(() => {
    document.documentElement.lang = HTML_LANG[lang];
    rememberLanguage(lang);
  }, [lang]);

  return (
    <I18nProvider lang={lang} messages={messages}>
      <SettingsProvider settings={settings}>
        <AppFrame lang={lang} />
      </SettingsProvider>
    </I18nProvider>
  );
}

function AppFrame({ lang }: { lang: Language }) {
  const router = useRouter();
  const location = useLocation();
  const { session } = useAppActors();

  // A logout ends on the login page with no way back to the page it left: on a shared computer
  // the next person must not be sent on to the previous user's page (issue 26). An expired session
  // still goes to the login page that brings its user back (ProfileLayout).
  useEffect(() => {
    let previous = session.getSnapshot();
    const subscription = session.subscribe((snapshot) => {
      const loggedOut = previous.matches('loggingOut') && snapshot.matches('signedOut');
      previous = snapshot;
      if (loggedOut) void router.navigate({ to: '/{-$lang}/login', params: { lang }, replace: true });
    });
    return () => subscription.unsubscribe();
  }, [session, router, lang]);

  return (
    <PageFrame
      lang={lang}
      hrefFor={(other) => `${pathInLanguage(location.pathname, other)}${location.searchStr}${location.hash ? `#${location.hash}` : ''}`}
      onNavigate={(href) => void router.navigate({ href })}
    >
      <Outlet />
    </PageFrame>
  );
}

export interface PageFrameProps {
  lang: Language;
  /** The current page (path and query) in another language, for the language switch. */
  hrefFor: (lang: Language) => string;
  onNavigate: (href: string) => void;
  children: ReactNode;
}

/**
 * Every page's frame: the header (language switch, sign-out when signed in), the page in
 * `<main>`, the footer and the fatal-error dialog, from the session and fatal-error actors of
 * `AppActorsProvider`. Router-free: the app's language route feeds it the router's location and
 * navigation, and Storybook frames every state story in it (stories/support/page-frame.tsx).
 */
export function PageFrame({ lang, hrefFor, onNavigate, children }: PageFrameProps) {
  const { session, fatalError } = useAppActors();
  // A pre-rendered page was rendered signed out; the session may have answered before hydration.
  const hydrated = useHydrated();
  const signedIn = useSelector(session, (snapshot) => snapshot.matches('signedIn') || snapshot.matches('loggingOut')) && hydrated;
  const signingOut = useSelector(session, (snapshot) => snapshot.matches('loggingOut'));

  return (
    <div className={cx(styles.frame)}>
      <Header
        mainId={MAIN_ID}
        current={lang}
        homeHref={`/${lang}`}
        hrefFor={hrefFor}
        onNavigate={onNavigate}
        signedIn={signedIn}
        signingOut={signingOut}
        onSignOut={() => session.send({ type: 'session.logout' })}
      />
      <main id={MAIN_ID} className={cx(styles.main)} tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <FatalErrorView actor={fatalError} />
    </div>
  );
}
