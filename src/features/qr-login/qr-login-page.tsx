import { useNavigate } from '@tanstack/react-router';
import { useActorRef } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import { qrLoginMachine } from '../../../machines/qr-login/qr-login.machine.ts';
import { loginQrActors } from '../../api/login-qr.ts';
import { useLanguage } from '../../i18n/i18n-provider.tsx';
import { useAppActors } from '../../shell/app-context.tsx';
import { cameraActor, decodePhotoActor } from './qr-scanner.ts';
import { QrLoginView } from './qr-login-view.tsx';

const liveMachine = qrLoginMachine.provide({ actors: { camera: cameraActor, decodePhoto: decodePhotoActor, qrLogin: loginQrActors.qrLogin } });

/** Starts the QR code login; once it is done, signs the session in and goes to the profile. */
export function QrLoginPage() {
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
  return <QrLoginView actor={actor} />;
}
