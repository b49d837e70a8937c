import * as otpLogin from '../../contract/calls/otp-login.ts';
import { fromCall } from './from-call.ts';

/** The real actors of the otpLogin machine, apart so only the OTP page downloads them. */
export const otpActors = {
  sendCode: fromCall(otpLogin.send),
  login: fromCall(otpLogin.login),
};
