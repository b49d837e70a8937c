import { useActorRef, useSelector } from '@xstate/react';
import { useAppActors } from '../../shell/app-context.tsx';
import { passwordLoginMachine } from '../../../machines/login/password-login.machine.ts';
import { apiActors } from '../../api/actors.ts';
import { ThirdPartySignIn, useOutcomeNavigation } from '../third-party/index.ts';
import { LoginView } from './login-view.tsx';
import { useSignInEnd } from './use-sign-in-end.ts';

const loginMachine = passwordLoginMachine.provide({ actors: { login: apiActors.login } });

/** Starts the login flow; once it is done, signs the session in and goes on (or on to the second factor). */
export function LoginPage({ redirectTo }: { redirectTo?: string | undefined }) {
  const actor = useActorRef(loginMachine, { input: {} }, useSignInEnd(redirectTo));
  const onOutcome = useOutcomeNavigation(redirectTo);
  const { session } = useAppActors();
  const signedOutElsewhere = useSelector(session, (snapshot) => snapshot.matches('signedOut') && snapshot.context.signedOutElsewhere);
  return <LoginView actor={actor} redirectTo={redirectTo} signedOutElsewhere={signedOutElsewhere} thirdParty={<ThirdPartySignIn purpose="signIn" onOutcome={onOutcome} />} />;
}
