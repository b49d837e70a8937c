import * as calls from '../../contract/calls/upgrade.ts';
import { confirmUpgradePhone, finishFullUpgrade } from '../domain/full-member-upgrade.ts';
import { chooseStudentSubscription, finishStudentUpgrade } from '../domain/student-member-upgrade.ts';
import { acceptUpgradeTerms, sendUpgradeEmailCode, startUpgrade, upgradeProgress, verifyUpgradeEmailCode } from '../domain/upgrades.ts';
import { accountSettings, countDiscoveryOf, loginGuard, passwordClient, type RouteDeps } from '../http.ts';
import { route, type Route } from './mount.ts';

/** The membership upgrade calls (contract/calls/upgrade.ts); every one needs a session. */
export function upgradeRoutes(deps: RouteDeps): Route[] {
  const db = deps.database.db;
  const now = () => deps.clock.now();
  return [
    route(calls.progress, (c, input) => upgradeProgress(db, c.var.session.account, input.kind, now())),
    route(calls.acceptTerms, (c, input) => acceptUpgradeTerms(db, c.var.session.account, input.kind, now())),
    route(calls.start, (c, input) => startUpgrade(db, c.var.session.account, input.kind, now())),
    route(calls.sendEmailCode, async (c, input) => {
      // "Another account's login email" tells that the email has an account: paid for like a guess.
      await countDiscoveryOf(c, deps, [input.email]);
      return sendUpgradeEmailCode(db, c.var.session.account, input, accountSettings(deps), now(), { memory: deps.holdMemory });
    }),
    route(calls.verifyEmailCode, (c, input) => verifyUpgradeEmailCode(db, c.var.session.account, input, accountSettings(deps), now(), { memory: deps.holdMemory })),
    route(calls.studentSubscribe, (c, input) => chooseStudentSubscription(db, c.var.session.account, input.subscribe, now())),
    route(calls.studentFinish, (c, input) => {
      const { address, deviceCookie } = passwordClient(c, deps);
      return finishStudentUpgrade(db, c.var.session.account, { ...input, address, deviceCookie }, accountSettings(deps), now(), loginGuard(deps));
    }),
    route(calls.fullPhone, (c) => confirmUpgradePhone(db, c.var.session.account, now())),
    route(calls.fullFinish, (c, input) => finishFullUpgrade(db, c.var.session.account, input, now())),
  ];
}
