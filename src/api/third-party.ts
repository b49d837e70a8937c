import * as thirdParty from '../../contract/calls/third-party.ts';
import { fromCall } from './from-call.ts';

/** The real actors of the third-party sign-in machines, apart so only their pages download them. */
export const ssoActors = {
  start: fromCall(thirdParty.start),
  finish: fromCall(thirdParty.callback),
  attach: fromCall(thirdParty.attach),
  loadLoginInfo: fromCall(thirdParty.loginInfo),
  unlink: fromCall(thirdParty.unlink),
  chooseAccount: fromCall(thirdParty.chooseAccount),
};
