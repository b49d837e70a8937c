import { useActorRef } from '@xstate/react';
import { otpLoginMachine } from '../../../machines/otp-login/otp-login.machine.ts';
import { otpActors } from '../../api/otp-login.ts';
import { useSignInWhenDone } from '../../ui/use-sign-in-when-done.ts';
import { OtpLoginView } from './otp-login-view.tsx';

const liveMachine = otpLoginMachine.provide({ actors: { sendCode: otpActors.sendCode, login: otpActors.login } });

/** Starts the OTP login; once it is done, signs the session in and goes to the profile, as the password login does. */
export function OtpLoginPage() {
  const actor = useActorRef(liveMachine, { input: {} }, useSignInWhenDone());
  return <OtpLoginView actor={actor} />;
}
