import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { SsoOutcome, SsoPurpose } from '../../../contract/schemas/third-party.ts';
import { thirdPartySignInMachine } from '../../../machines/third-party/third-party-sign-in.machine.ts';
import { ssoActors } from '../../api/third-party.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useSignInCompletion } from '../../ui/use-sign-in-when-done.ts';
import { announce, listen, SSO_POPUP_NAME } from './sso-channel.ts';
import { ThirdPartySignInView } from './third-party-sign-in-view.tsx';

export const liveSignInMachine = thirdPartySignInMachine.provide({ actors: { start: ssoActors.start, finish: ssoActors.finish } });

/** Where an outcome leads (the opening page, or the callback page when no popup was used); a sign-in completes as every method's does. */
export function useOutcomeNavigation(redirectTo?: string) {
  const navigate = useNavigate();
  const lang = useLanguage();
  const { signedIn, secondFactor } = useSignInCompletion(redirectTo);
  return useCallback(
    (outcome: SsoOutcome) => {
      switch (outcome.outcome) {
        case 'signedIn':
          signedIn(outcome.user);
          return;
        case 'secondFactor':
          secondFactor();
          return;
        case 'linkNeeded':
          void navigate({ to: '/{-$lang}/third-party-link', params: { lang }, replace: true });
          return;
        case 'linked':
          void navigate({ to: '/{-$lang}/profile/login-info', params: { lang }, replace: true });
      }
    },
    [navigate, lang, signedIn, secondFactor],
  );
}

/**
 * The Google button of an opening page: opens the popup on the click, sends it to Google once the
 * flow has started, and listens for the callback page's outcome. `onOutcome` decides what follows.
 */
export function ThirdPartySignIn({ purpose, onOutcome }: { purpose: SsoPurpose; onOutcome: (outcome: SsoOutcome) => void }) {
  const lang = useLanguage();
  const popup = useRef<Window | null>(null);
  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<typeof liveSignInMachine>) => {
      const url = snapshot.context.authorizationUrl;
      if (snapshot.matches('redirecting') && url) window.location.assign(url);
      if (snapshot.hasTag('done') && snapshot.context.outcome) onOutcome(snapshot.context.outcome);
    },
    [onOutcome],
  );
  const actor = useActorRef(liveSignInMachine, { input: { purpose } }, onSnapshot);
  const waiting = useSelector(actor, (snapshot) => snapshot.matches('waiting'));
  const url = useSelector(actor, (snapshot) => snapshot.context.authorizationUrl);

  useEffect(() => {
    if (!waiting) return;
    // The popup waits on /users/sso/google until it is sent on to the provider.
    if (url && popup.current && !popup.current.closed) popup.current.location.href = url;
    return listen((message) => {
      if (message.type === 'received') return;
      if (message.type === 'outcome') actor.send({ type: 'outcome.received', outcome: message.outcome });
      else actor.send({ type: 'outcome.failed', code: message.code });
      announce({ type: 'received' });
    });
  }, [waiting, url, actor]);

  const openPopup = () => {
    popup.current = window.open(`/${lang}/users/sso/google`, SSO_POPUP_NAME, 'popup,width=520,height=680');
    return popup.current !== null;
  };
  return <ThirdPartySignInView actor={actor} openPopup={openPopup} />;
}
