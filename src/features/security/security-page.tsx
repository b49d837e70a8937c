import { useActorRef } from '@xstate/react';
import { securitySessionsMachine } from '../../../machines/security/security-sessions.machine.ts';
import { securityActors } from '../../api/security.ts';
import { SecurityView } from './security-view.tsx';

const liveMachine = securitySessionsMachine.provide({
  actors: { loadSecurity: securityActors.loadSecurity, signOutSession: securityActors.signOutSession, signOutOthers: securityActors.signOutOthers },
});

/** Starts the security page's flow with the real calls. */
export function SecurityPage() {
  const actor = useActorRef(liveMachine, { input: {} });
  return <SecurityView actor={actor} />;
}
