import { useActorRef } from '@xstate/react';
import { thirdPartyLinkMachine } from '../../../machines/third-party/third-party-link.machine.ts';
import { ssoActors } from '../../api/third-party.ts';
import { useSignInEnd } from '../login/index.ts';
import { ThirdPartyLinkView } from './third-party-link-view.tsx';

const liveMachine = thirdPartyLinkMachine.provide({ actors: { attach: ssoActors.attach } });

/** Attaches the waiting identity; then signed in (profile) or, for administrators, the second factor. */
export function ThirdPartyLinkPage() {
  const actor = useActorRef(liveMachine, { input: {} }, useSignInEnd());
  return <ThirdPartyLinkView actor={actor} />;
}
