import { useActorRef, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { SsoOutcome } from '../../../contract/schemas/third-party.ts';
import { loginInfoMachine } from '../../../machines/third-party/login-info.machine.ts';
import { ssoActors } from '../../api/third-party.ts';
import { useAppActors } from '../../shell/app-context.tsx';
import { AuthenticatorSection } from '../authenticator/index.ts';
import { PasskeysSection } from '../passkeys/index.ts';
import { LoginInfoView } from './login-info-view.tsx';
import { ThirdPartySignIn } from './third-party-sign-in-page.tsx';

const liveMachine = loginInfoMachine.provide({ actors: { load: ssoActors.loadLoginInfo, unlink: ssoActors.unlink, choose: ssoActors.chooseAccount } });

/** /profile/login-info (signed in: the parent /profile route sees to it). */
export function LoginInfoPage() {
  const actor = useActorRef(liveMachine, { input: {} });
  const { session } = useAppActors();
  // The authenticator app is a school administrator's second factor (docs/decisions/authenticator.md).
  const admin = useSelector(session, (snapshot) => snapshot.context.user?.category === 'SCHOOL_ADMINISTRATOR');
  const onOutcome = useCallback(
    (outcome: SsoOutcome) => {
      if (outcome.outcome === 'linked') actor.send({ type: 'link.done' });
    },
    [actor],
  );
  return (
    <LoginInfoView
      actor={actor}
      linkControl={<ThirdPartySignIn purpose="link" onOutcome={onOutcome} />}
      extra={
        <>
          <PasskeysSection />
          {admin ? <AuthenticatorSection /> : null}
        </>
      }
    />
  );
}
