import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import { otpLoginMachine } from '../../../machines/otp-login/otp-login.machine.ts';
import { otpActors } from '../../api/otp-login.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors } from '../../shell/app-context.tsx';
import { OtpLoginView } from './otp-login-view.tsx';

const liveMachine = otpLoginMachine.provide({ actors: { sendCode: otpActors.sendCode, login: otpActors.login } });

/** Starts the OTP login; once it is done, signs the session in and goes to the profile, as the password login does. */
export function OtpLoginPage() {
  const { session } = useAppActors();
  const navigate = useNavigate();
  const lang = useLanguage();

  const onSnapshot = useCallback(
    (snapshot: SnapshotFrom<typeof liveMachine>) => {
      if (snapshot.status !== 'done' || !snapshot.output) return;
      session.send({ type: 'session.signedIn', user: snapshot.output });
      void navigate({ to: '/{-$lang}/profile', params: { lang }, replace: true });
    },
    [session, navigate, lang],
  );
  const actor = useActorRef(liveMachine, { input: {} }, onSnapshot);
  return <OtpLoginView actor={actor} />;
}
