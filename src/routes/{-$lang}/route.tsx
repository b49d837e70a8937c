import { createFileRoute, redirect } from '@tanstack/react-router';
import { isLanguage } from '../../../contract/languages.ts';
import { getSettings } from '../../api/calls.ts';
import { currentLanguage, pathInLanguage } from '../../i18n/language.ts';
import { messageGroupsForRoutes } from '../../i18n/route-message-groups.ts';
import { loadMessageGroups } from '../../i18n/messages.ts';
import { LanguageLayout } from '../../shell/language-layout.tsx';

export const Route = createFileRoute('/{-$lang}')({
  beforeLoad: ({ params, location, matches }) => {
    if (!isLanguage(params.lang)) {
      throw redirect({ href: `${pathInLanguage(location.pathname, currentLanguage())}${location.searchStr}`, replace: true });
    }
    // Start the messages the destination needs now, so they download alongside its chunks
    // (also when a link is merely hovered), not after them.
    const messageGroups = messageGroupsForRoutes(matches.map((match) => match.routeId));
    void loadMessageGroups(params.lang, messageGroups).catch(() => undefined);
    return { lang: params.lang, messageGroups };
  },
  loader: {
    // Runs on every navigation (`shouldReload`) and holds it (`blocking`) until the new page's
    // messages are here; groups already loaded resolve at once.
    handler: async ({ context }) => {
      const [messages, settings] = await Promise.all([loadMessageGroups(context.lang, context.messageGroups), getSettings().catch(() => null)]);
      return { lang: context.lang, messages, settings };
    },
    staleReloadMode: 'blocking',
  },
  shouldReload: true,
  component: LanguageRoute,
});

function LanguageRoute() {
  const { lang, messages, settings } = Route.useLoaderData();
  return <LanguageLayout lang={lang} messages={messages} settings={settings} />;
}
