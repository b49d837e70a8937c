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

/** The full-member upgrade's calls (the phone step's own calls are the mobile verification's). */
export const fullUpgradeActors = {
  fetchProgress: fromCall(upgrade.progress),
  startUpgrade: fromCall(upgrade.start),
  sendEmailCode: fromCall(upgrade.sendEmailCode),
  verifyEmailCode: fromCall(upgrade.verifyEmailCode),
  confirmPhone: fromCall(upgrade.fullPhone),
  finish: fromCall(upgrade.fullFinish),
};

/** The profile page's "Continue your upgrade": the progress alone. */
export const upgradeReminderActors = {
  fetchProgress: fromCall(upgrade.progress),
};
