import { useActorRef } from '@xstate/react';
import { authenticatorMachine } from '../../../machines/authenticator/authenticator.machine.ts';
import { authenticatorActors } from '../../api/authenticator.ts';
import { AuthenticatorView } from './authenticator-view.tsx';

const liveMachine = authenticatorMachine.provide({ actors: authenticatorActors });

/** Starts the authenticator flow with the real calls (the login information page shows it to school administrators). */
export function AuthenticatorSection() {
  const actor = useActorRef(liveMachine, { input: {} });
  return <AuthenticatorView actor={actor} />;
}
