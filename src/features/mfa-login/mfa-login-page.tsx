import { useActorRef } from '@xstate/react';
import { mfaLoginMachine } from '../../../machines/mfa-login/mfa-login.machine.ts';
import { mfaActors } from '../../api/mfa-login.ts';
import { useSignInWhenDone } from '../../ui/use-sign-in-when-done.ts';
import { MfaLoginView } from './mfa-login-view.tsx';

const liveMachine = mfaLoginMachine.provide({ actors: mfaActors });

/** Starts the second step; once it completes, signs the session in and goes where the login page was asked to. */
export function MfaLoginPage({ redirectTo }: { redirectTo?: string | undefined }) {
  const actor = useActorRef(liveMachine, { input: {} }, useSignInWhenDone(redirectTo));
  return <MfaLoginView actor={actor} />;
}
