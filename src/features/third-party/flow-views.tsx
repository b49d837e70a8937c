import type { ActorRefFrom } from 'xstate';
import type { loginInfoMachine } from '../../../machines/third-party/login-info.machine.ts';
import type { thirdPartySignInMachine } from '../../../machines/third-party/third-party-sign-in.machine.ts';
import { LoginInfoView } from './login-info-view.tsx';
import { ThirdPartySignInView } from './third-party-sign-in-view.tsx';

/**
 * The flows' views as the view tests and the stories show them (a view there takes the actor
 * only): the browser lets the popup open, and the login information page has no live Google
 * button (its `link.done` comes from the page).
 */
export function ThirdPartySignInFlowView({ actor }: { actor: ActorRefFrom<typeof thirdPartySignInMachine> }) {
  return <ThirdPartySignInView actor={actor} openPopup={() => true} />;
}

export function LoginInfoFlowView({ actor }: { actor: ActorRefFrom<typeof loginInfoMachine> }) {
  return <LoginInfoView actor={actor} linkControl={null} />;
}
