import { useActorRef, useSelector } from '@xstate/react';
import { mfaCodeMachine } from '../../../machines/mfa-login/mfa-code.machine.ts';
import { mfaLoginMachine } from '../../../machines/mfa-login/mfa-login.machine.ts';
import { mfaActors, mfaCodeActors } from '../../api/mfa-login.ts';
import { useSignInWhenDone } from '../../ui/use-sign-in-when-done.ts';
import { MfaCodeView } from './mfa-code-view.tsx';
import { MfaLoginView } from './mfa-login-view.tsx';

const liveCodeMachine = mfaCodeMachine.provide({ actors: mfaCodeActors });
const liveMachine = mfaLoginMachine.provide({ actors: mfaActors });

/** The emailed link's step, started only once it is the factor (the link is sent first when chosen). */
function MfaLinkStep({ redirectTo }: { redirectTo?: string | undefined }) {
  const actor = useActorRef(liveMachine, { input: {} }, useSignInWhenDone(redirectTo));
  return <MfaLoginView actor={actor} />;
}

/**
 * Starts the second step: the factor choice first (issue 23), which hands over to the emailed
 * link's flow when the account has no authenticator app or the link is chosen. Once either
 * completes, signs the session in and goes where the login page was asked to.
 */
export function MfaLoginPage({ redirectTo }: { redirectTo?: string | undefined }) {
  const codeActor = useActorRef(liveCodeMachine, { input: {} }, useSignInWhenDone(redirectTo));
  const emailChosen = useSelector(codeActor, (snapshot) => snapshot.matches('email'));
  return emailChosen ? <MfaLinkStep redirectTo={redirectTo} /> : <MfaCodeView actor={codeActor} />;
}
