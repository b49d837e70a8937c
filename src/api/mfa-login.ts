import * as mfaLogin from '../../contract/calls/mfa-login.ts';
import { fromCall } from './from-call.ts';

/** The actors of the mfaLogin machine (a school administrator's second step), each one declared call. */
export const mfaActors = {
  fetchStatus: fromCall(mfaLogin.mfaStatus),
  setupEmail: fromCall(mfaLogin.mfaSetup),
  resendLink: fromCall(mfaLogin.mfaResend),
  complete: fromCall(mfaLogin.mfaComplete),
};
