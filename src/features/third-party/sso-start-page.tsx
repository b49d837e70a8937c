import { useActorRef } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { SnapshotFrom } from 'xstate';
import type { SsoPurpose } from '../../../contract/schemas/third-party.ts';
import { Page } from '../../ui/page.tsx';
import { WaitingPage } from '../../ui/status-pages.tsx';
import { SSO_POPUP_NAME } from './sso-channel.ts';
import { liveSignInMachine } from './third-party-sign-in-page.tsx';
import { ThirdPartySignInView } from './third-party-sign-in-view.tsx';
import { thirdPartyMessages as m } from './third-party-messages.ts';

/**
 * /users/sso/google (SPEC §2 "Third-party single sign-on"). Inside the popup it only waits: the
 * opener sends it on to Google. Opened as a page of its own, it starts the same flow in this
 * window (the full-page redirect).
 */
export function SsoStartPage({ purpose }: { purpose: SsoPurpose }) {
  const intl = useIntl();
  const title = intl.formatMessage(m.callbackTitle);
  if (typeof window !== 'undefined' && window.name === SSO_POPUP_NAME) {
    return <WaitingPage title={title} focusHeading={false} label={intl.formatMessage(m.starting)} />;
  }
  return <SsoRedirect purpose={purpose} title={title} />;
}

function SsoRedirect({ purpose, title }: { purpose: SsoPurpose; title: string }) {
  const onSnapshot = useCallback((snapshot: SnapshotFrom<typeof liveSignInMachine>) => {
    const url = snapshot.context.authorizationUrl;
    if (snapshot.matches('redirecting') && url) window.location.assign(url);
  }, []);
  const actor = useActorRef(liveSignInMachine, { input: { purpose } }, onSnapshot);
  useEffect(() => {
    if (actor.getSnapshot().matches('idle')) actor.send({ type: 'redirect.continue' });
  }, [actor]);
  return (
    <Page title={title}>
      <ThirdPartySignInView actor={actor} openPopup={() => false} />
    </Page>
  );
}
