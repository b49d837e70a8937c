import * as qr from '../../contract/calls/qr.ts';
import { fromCall } from './from-call.ts';

/** The login QR code actors, apart from the others so only its two pages download them. */
export const loginQrActors = {
  readCode: fromCall(qr.read),
  refreshCode: fromCall(qr.refresh),
  loseCode: fromCall(qr.lose),
  qrLogin: fromCall(qr.login),
};
