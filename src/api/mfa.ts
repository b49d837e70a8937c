import * as mfa from '../../contract/calls/mfa.ts';
import { fromCall } from './from-call.ts';

/** The actors of the mfaLogin machine (a school administrator's second step), each one declared call. */
export const mfaActors = {
  fetchStatus: fromCall(mfa.mfaStatus),
  setupEmail: fromCall(mfa.mfaSetup),
  resendLink: fromCall(mfa.mfaResend),
  complete: fromCall(mfa.mfaComplete),
};
