import { createFileRoute, redirect } from '@tanstack/react-router';
import { isLanguage } from '../../../contract/languages.ts';
import { getSettings } from '../../api/calls.ts';
import { currentLanguage, pathInLanguage } from '../../i18n/language.ts';
import { loadMessages } from '../../i18n/messages.ts';
import { LanguageLayout } from '../../shell/language-layout.tsx';

export const Route = createFileRoute('/{-$lang}')({
  beforeLoad: ({ params, location }) => {
    if (!isLanguage(params.lang)) {
      throw redirect({ href: `${pathInLanguage(location.pathname, currentLanguage())}${location.searchStr}`, replace: true });
    }
    // Start the messages now, so they download alongside the route chunk, not after it.
    void loadMessages(params.lang).catch(() => undefined);
    return { lang: params.lang };
  },
  loader: async ({ context }) => {
    const [messages, settings] = await Promise.all([loadMessages(context.lang), getSettings().catch(() => null)]);
    return { lang: context.lang, messages, settings };
  },
  // Messages never change during a visit; a language switch is a new match of this route.
  staleTime: Number.POSITIVE_INFINITY,
  component: LanguageRoute,
});

function LanguageRoute() {
  const { lang, messages, settings } = Route.useLoaderData();
  return <LanguageLayout lang={lang} messages={messages} settings={settings} />;
}
