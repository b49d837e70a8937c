import * as loginQr from '../../contract/calls/login-qr.ts';
import { fromCall } from './from-call.ts';

/** The login QR code actors, apart from the others so only its two pages download them. */
export const loginQrActors = {
  readCode: fromCall(loginQr.read),
  refreshCode: fromCall(loginQr.refresh),
  loseCode: fromCall(loginQr.lose),
  qrLogin: fromCall(loginQr.login),
};
