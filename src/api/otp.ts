import * as otp from '../../contract/calls/otp.ts';
import { fromCall } from './from-call.ts';

/** The real actors of the otpLogin machine, apart so only the OTP page downloads them. */
export const otpActors = {
  sendCode: fromCall(otp.send),
  login: fromCall(otp.login),
};
