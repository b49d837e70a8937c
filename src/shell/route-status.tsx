import { useEffect, useState, useContext, type ReactNode } from 'react';
import { IntlContext, IntlProvider, useIntl } from 'react-intl';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../contract/constants.ts';
import { HTML_LANG } from '../../contract/languages.ts';
import { appMessages } from '../i18n/app-messages.ts';
import { currentLanguage, languageOfPath } from '../i18n/language.ts';
import { loadedMessages } from '../i18n/messages.ts';
import { Button } from '../ui/button.tsx';
import { Page } from '../ui/page.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

/**
 * Pending and error screens may render outside the language layout (when the messages
 * themselves are what failed): then use whatever messages are already here, else English.
 */
function WithIntl({ children }: { children: ReactNode }) {
  const intl = useContext(IntlContext);
  if (intl) return <>{children}</>;
  const lang = languageOfPath(window.location.pathname) ?? currentLanguage();
  const messages = loadedMessages(lang);
  return messages ? (
    <IntlProvider locale={HTML_LANG[lang]} defaultLocale="en" messages={messages}>
      {children}
    </IntlProvider>
  ) : (
    <IntlProvider locale="en" defaultLocale="en" messages={{}}>
      {children}
    </IntlProvider>
  );
}

function ReloadPrompt() {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage(appMessages.reloadTitle)}>
      <p>{intl.formatMessage(appMessages.reloadBody)}</p>
      <Button onClick={() => window.location.reload()}>{intl.formatMessage(appMessages.reload)}</Button>
    </Page>
  );
}

/**
 * Shown while a route (its chunk, its data) loads, inside the frames already on screen (header,
 * profile menu): the outline of a page; after CHUNK_LOAD_TIMEOUT_MS it offers a reload.
 */
export function PendingPage({ timeoutMs = CHUNK_LOAD_TIMEOUT_MS }: { timeoutMs?: number }) {
  // A timer is presentation: the router owns the loading itself.
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return <WithIntl>{timedOut ? <ReloadPrompt /> : <Skeleton />}</WithIntl>;
}

/** Any error while loading or rendering a route (a chunk that failed to download, mostly). */
export function RouteErrorPage() {
  return (
    <WithIntl>
      <ReloadPrompt />
    </WithIntl>
  );
}
