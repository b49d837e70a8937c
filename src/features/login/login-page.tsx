import { useActorRef, useSelector } from '@xstate/react';
import { passkeySignInMachine } from '../../../machines/login/passkey-sign-in.machine.ts';
import { useAppActors } from '../../shell/app-context.tsx';
import { passwordLoginMachine } from '../../../machines/login/password-login.machine.ts';
import { apiActors } from '../../api/actors.ts';
import { passkeySignInActors } from '../../api/passkey-sign-in.ts';
import { ThirdPartySignIn, useOutcomeNavigation } from '../third-party/index.ts';
import { LoginView } from './login-view.tsx';
import { PasskeySignInView } from './passkey-sign-in-view.tsx';
import { useSignInEnd } from './use-sign-in-end.ts';

const loginMachine = passwordLoginMachine.provide({ actors: { login: apiActors.login } });
const passkeyMachine = passkeySignInMachine.provide({ actors: passkeySignInActors });

/** Starts the login flow; once it is done, signs the session in and goes on (or on to the second factor). */
export function LoginPage({ redirectTo }: { redirectTo?: string | undefined }) {
  const onEnd = useSignInEnd(redirectTo);
  const actor = useActorRef(loginMachine, { input: {} }, onEnd);
  // A passkey ends through the same sign-in completion as the password (docs/decisions/passkeys.md).
  const passkey = useActorRef(passkeyMachine, { input: {} }, onEnd);
  const onOutcome = useOutcomeNavigation(redirectTo);
  const { session } = useAppActors();
  const signedOutElsewhere = useSelector(session, (snapshot) => snapshot.matches('signedOut') && snapshot.context.signedOutElsewhere);
  return (
    <LoginView
      actor={actor}
      redirectTo={redirectTo}
      signedOutElsewhere={signedOutElsewhere}
      passkey={<PasskeySignInView actor={passkey} />}
      thirdParty={<ThirdPartySignIn purpose="signIn" onOutcome={onOutcome} />}
    />
  );
}
