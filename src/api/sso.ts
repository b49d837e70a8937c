import * as sso from '../../contract/calls/sso.ts';
import { fromCall } from './from-call.ts';

/** The real actors of the third-party sign-in machines, apart so only their pages download them. */
export const ssoActors = {
  start: fromCall(sso.start),
  finish: fromCall(sso.callback),
  attach: fromCall(sso.attach),
  loadLoginInfo: fromCall(sso.loginInfo),
  unlink: fromCall(sso.unlink),
  chooseAccount: fromCall(sso.chooseAccount),
};
