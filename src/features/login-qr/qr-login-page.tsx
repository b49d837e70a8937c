import { useActorRef } from '@xstate/react';
import { qrLoginMachine } from '../../../machines/login-qr/qr-login.machine.ts';
import { loginQrActors } from '../../api/login-qr.ts';
import { useSignInWhenDone } from '../../ui/use-sign-in-when-done.ts';
import { cameraActor, decodePhotoActor } from './qr-scanner.ts';
import { QrLoginView } from './qr-login-view.tsx';

const liveMachine = qrLoginMachine.provide({ actors: { camera: cameraActor, decodePhoto: decodePhotoActor, qrLogin: loginQrActors.qrLogin } });

/** Starts the QR code login; once it is done, signs the session in and goes on to `redirectTo` or the profile. */
export function QrLoginPage({ redirectTo }: { redirectTo?: string | undefined }) {
  const actor = useActorRef(liveMachine, { input: {} }, useSignInWhenDone(redirectTo));
  return <QrLoginView actor={actor} redirectTo={redirectTo} />;
}
