import { useActorRef } from '@xstate/react';
import { loginQrCodeMachine } from '../../../machines/login-qr/login-qr-code.machine.ts';
import { loginQrActors } from '../../api/login-qr.ts';
import { LoginQrCodeView } from './login-qr-code-view.tsx';

const liveMachine = loginQrCodeMachine.provide({
  actors: { readCode: loginQrActors.readCode, refreshCode: loginQrActors.refreshCode, loseCode: loginQrActors.loseCode },
});

/** Starts the login QR code flow with the real calls. */
export function LoginQrCodePage() {
  const actor = useActorRef(liveMachine, { input: {} });
  return <LoginQrCodeView actor={actor} />;
}
