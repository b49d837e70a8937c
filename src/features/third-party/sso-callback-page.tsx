import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { SnapshotFrom } from 'xstate';
import { RouteLink } from '../../shell/route-link.tsx';
import { Page } from '../../ui/page.tsx';
import { announce, listen } from './sso-channel.ts';
import { liveSignInMachine, useOutcomeNavigation } from './third-party-sign-in-page.tsx';
import { ThirdPartySignInView } from './third-party-sign-in-view.tsx';
import { thirdPartyMessages as m } from './third-party-messages.ts';

/**
 * /third-party-oauth-callback: finishes the flow with the provider's answer. In a popup it tells
 * the opening page the outcome (sso-channel.ts) and closes itself after a countdown whose seconds
 * are not shown (SPEC §2); in a full-page redirect it goes on itself.
 */
export function SsoCallbackPage() {
  const intl = useIntl();
  const goOn = useOutcomeNavigation();
  const told = useRef(false);
  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<typeof liveSignInMachine>) => {
      const outcome = snapshot.context.outcome;
      if (snapshot.status === 'done') {
        window.close();
        return;
      }
      if (told.current) return;
      if (snapshot.hasTag('done') && outcome) {
        told.current = true;
        if (outcome.inPopup) {
          announce({ type: 'outcome', outcome });
          queueMicrotask(() => actorRef.current?.send({ type: 'window.close' }));
        } else goOn(outcome);
      } else if (snapshot.matches('failed')) {
        told.current = true;
        // A popup whose opener answers closes: the opening page shows the failure and a retry. In
        // a full-page redirect nobody answers, and this page shows it.
        const stop = listen((message) => {
          if (message.type !== 'received') return;
          stop();
          actorRef.current?.send({ type: 'window.close' });
        });
        announce({ type: 'failed', code: snapshot.context.errorCode ?? 'unknown' });
      }
    },
    [goOn],
  );
  const actor = useActorRef(liveSignInMachine, { input: {} }, onSnapshot);
  const actorRef = useRef(actor);
  actorRef.current = actor;
  useEffect(() => {
    if (actor.getSnapshot().matches('idle')) actor.send({ type: 'callback.arrived', search: window.location.search });
  }, [actor]);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));

  return (
    <Page title={intl.formatMessage(m.callbackTitle)}>
      <ThirdPartySignInView actor={actor} openPopup={() => false} />
      {failed ? (
        <p>
          <RouteLink to="/{-$lang}/login">{intl.formatMessage(m.backToLogin)}</RouteLink>
        </p>
      ) : null}
    </Page>
  );
}
