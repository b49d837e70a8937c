import * as accountClosure from '../../contract/calls/account-closure.ts';
import { fromCall } from './from-call.ts';

/** The account closure page's actors (contract/calls/account-closure.ts). */
export const accountClosureActors = {
  loadClosure: fromCall(accountClosure.status),
  closeAccount: fromCall(accountClosure.close),
  cancelClosure: fromCall(accountClosure.cancel),
};
