import * as upgrade from '../../contract/calls/upgrade.ts';
import { fromCall } from './from-call.ts';

/** The real actors of the upgrade machines, apart so only the upgrade dialog downloads them. */
export const upgradeActors = {
  fetchProgress: fromCall(upgrade.progress),
  acceptTerms: fromCall(upgrade.acceptTerms),
  sendEmailCode: fromCall(upgrade.sendEmailCode),
  verifyEmailCode: fromCall(upgrade.verifyEmailCode),
  saveSubscription: fromCall(upgrade.studentSubscribe),
  finish: fromCall(upgrade.studentFinish),
};
