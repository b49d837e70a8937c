import { useActorRef } from '@xstate/react';
import { passkeysMachine } from '../../../machines/passkeys/passkeys.machine.ts';
import { passkeysActors } from '../../api/passkeys.ts';
import { PasskeysView } from './passkeys-view.tsx';

const liveMachine = passkeysMachine.provide({ actors: passkeysActors });

/** The passkeys section of the login information page, with the real calls and the browser's ceremony. */
export function PasskeysSection() {
  const actor = useActorRef(liveMachine, { input: {} });
  return <PasskeysView actor={actor} />;
}
