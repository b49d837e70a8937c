import { useActorRef } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import type { SnapshotFrom } from 'xstate';
import { otpLoginMachine } from '../../../machines/otp-login/otp-login.machine.ts';
import { otpActors } from '../../api/otp-login.ts';
import { useSignInWhenDone } from '../../ui/use-sign-in-when-done.ts';
import { OtpLoginView } from './otp-login-view.tsx';
import { keepSentCode, readSentCode } from './otp-resume.ts';

const liveMachine = otpLoginMachine.provide({ actors: { sendCode: otpActors.sendCode, login: otpActors.login } });

/**
 * Starts the OTP login; once it is done, signs the session in and goes on to `redirectTo` or the
 * profile, as every sign-in does. While a code is being typed, the login and the code's times are
 * kept in this tab (otp-resume.ts), so a reload comes back to the code entry.
 */
export function OtpLoginPage({ redirectTo }: { redirectTo?: string | undefined }) {
  // Read before the machine's first snapshot can forget it.
  const [resumed] = useState(readSentCode);
  const signInWhenDone = useSignInWhenDone(redirectTo);
  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<typeof liveMachine>) => {
      const { values, expiresAt, resendAt } = snapshot.context;
      if (snapshot.matches('codeSent') && expiresAt && resendAt) keepSentCode({ loginId: values.loginId, expiresAt, resendAt });
      else if (!snapshot.hasTag('busy')) keepSentCode(null);
      signInWhenDone(snapshot);
    },
    [signInWhenDone],
  );
  const actor = useActorRef(liveMachine, { input: {} }, onSnapshot);
  useEffect(() => {
    if (resumed) actor.send({ type: 'code.resume', ...resumed });
  }, [actor, resumed]);
  return <OtpLoginView actor={actor} redirectTo={redirectTo} />;
}
