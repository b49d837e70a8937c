import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useIntl, type IntlShape } from 'react-intl';
import { fromPromise } from 'xstate';
import type { FamilyJoinLink } from '../../../contract/schemas/family.ts';
import { familyCreateMachine } from '../../../machines/family/family-create.machine.ts';
import { familyDetailsMachine, type FamilyLinkShare } from '../../../machines/family/family-details.machine.ts';
import { familyHomeMachine } from '../../../machines/family/family-home.machine.ts';
import { familyJoinMachine } from '../../../machines/family/family-join.machine.ts';
import { familyActors as api } from '../../api/family.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors } from '../../shell/app-context.tsx';
import { usePrefetchOnFirstInteraction } from '../../ui/prefetch-on-first-interaction.ts';
import { useFamilyHistory } from './family-history.ts';
import type { FamilyScreen, HistoryMove } from './family-screens.ts';
import { FamilyHomeView } from './family-home-view.tsx';
import { prefetchFamilyFlows } from './family-lazy.tsx';
import { familyMessages } from './family-messages.ts';
import { copyText, joinLinkUrl, openInNewWindow, whatsAppUrl } from './family-share.ts';

/**
 * The home machine with the real API behind it and behind each child it invokes. Copying and
 * sharing the join link are the browser's work (clipboard, a new window); the WhatsApp text is a
 * message, so it is written in the language on screen when the user shares.
 */
function liveFamilyMachine(currentIntl: () => IntlShape) {
  const copyLink = fromPromise<unknown, FamilyLinkShare>(({ input }) => copyText(joinLinkUrl(input.link, input.lang)));
  const shareWhatsApp = fromPromise<unknown, FamilyLinkShare>(async ({ input }) => {
    const text = currentIntl().formatMessage(familyMessages.whatsappText, { familyName: input.familyName, link: joinLinkUrl(input.link, input.lang) });
    openInNewWindow(whatsAppUrl(text));
  });
  return familyHomeMachine.provide({
    actors: {
      fetchPermission: api.fetchPermission,
      fetchCurrentPage: api.fetchCurrentPage,
      fetchHold: api.fetchHold,
      familyCreate: familyCreateMachine.provide({ actors: { createFamily: api.createFamily } }),
      familyJoin: familyJoinMachine.provide({ actors: { fetchOwnRequest: api.fetchOwnRequest, joinFamily: api.joinFamily, handleRequest: api.handleRequest } }),
      familyDetails: familyDetailsMachine.provide({
        actors: {
          fetchFamily: api.fetchFamily,
          fetchRequests: api.fetchRequests,
          handleRequest: api.handleRequest,
          updateInfo: api.updateInfo,
          regenerateCode: api.regenerateCode,
          inviteByEmail: api.inviteByEmail,
          copyLink,
          shareWhatsApp,
          dismissFamily: api.dismissFamily,
          leaveFamily: api.leaveFamily,
        },
      }),
    },
  });
}

export interface FamilyPageProps {
  link: Partial<FamilyJoinLink> | null;
  /** The family screen the address names (`?screen=`); null for the family home. */
  screen?: FamilyScreen | null;
  /** Moves the browser's history to another family screen; the route owns the address. */
  moveHistory?: (screen: FamilyScreen | null, how: HistoryMove) => void;
  /** Takes the join link's values out of the address (the route owns it) once they are used. */
  forgetLink?: () => void;
}

const STAY = () => undefined;

/**
 * Starts the family flow for the signed-in user. `link` holds a join link's values when the page
 * was opened from one; they prefill the join form.
 */
export function FamilyPage({ link, screen = null, moveHistory, forgetLink }: FamilyPageProps) {
  const { session } = useAppActors();
  const lang = useLanguage();
  const intl = useIntl();
  const loginEmail = useSelector(session, (snapshot) => snapshot.context.user?.loginEmail ?? null);
  const displayName = useSelector(session, (snapshot) => snapshot.context.user?.displayName ?? '');
  const intlRef = useRef(intl);
  intlRef.current = intl;
  // Built once per page: the machine is not state, but useActorRef needs the same one each render.
  const [machine] = useState(() => liveFamilyMachine(() => intlRef.current));
  const actor = useActorRef(machine, { input: { lang, loginEmail, displayName, link } });
  // The views after the first reads download alongside those reads.
  usePrefetchOnFirstInteraction(useCallback(() => prefetchFamilyFlows(lang), [lang]));
  useFamilyHistory(actor, screen, moveHistory ?? STAY);
  useForgetSentLink(actor, link, forgetLink ?? STAY);
  return <FamilyHomeView actor={actor} />;
}

/**
 * Once the join request the link filled in has been sent (the join child waits on its request,
 * or the home shows the family), the link is used: its values leave the address, so a reload
 * shows the family page as it is instead of saying the link was not used (issue 26, item 8).
 */
function useForgetSentLink(actor: ActorRefFrom<ReturnType<typeof liveFamilyMachine>>, link: Partial<FamilyJoinLink> | null, forget: () => void): void {
  // `join`, not `pending`: a request found already under way did not come from this link.
  const join = useSelector(actor, (snapshot) => (snapshot.matches('join') ? snapshot.children.familyJoin : undefined));
  const sent = useSelector(join, (snapshot) => snapshot?.matches('pending') ?? false);
  const forgotten = useRef(false);
  useEffect(() => {
    if (!sent || link === null || forgotten.current) return;
    forgotten.current = true;
    forget();
  }, [sent, link, forget]);
}
