import * as mfaLogin from '../../contract/calls/mfa-login.ts';
import * as authenticator from '../../contract/calls/authenticator.ts';
import { fromCall } from './from-call.ts';

/** The actors of the mfaLogin machine (a school administrator's second step), each one declared call. */
export const mfaActors = {
  fetchStatus: fromCall(mfaLogin.mfaStatus),
  setupEmail: fromCall(mfaLogin.mfaSetup),
  resendLink: fromCall(mfaLogin.mfaResend),
  complete: fromCall(mfaLogin.mfaComplete),
};

/** The actors of the mfaCode machine (the choice of second factor, issue 23). */
export const mfaCodeActors = {
  fetchFactors: fromCall(authenticator.mfaFactors),
  submitCode: fromCall(authenticator.mfaCode),
  sendLink: fromCall(mfaLogin.mfaResend),
};
