import { describe, expect, it } from 'vitest';
import { getStateNodes } from 'xstate/graph';
import { emailChangeModel } from '../../machines/email-change/email-change.model.ts';
import { forgotPasswordModel } from '../../machines/forgot-password/forgot-password.model.ts';
import { mfaLoginModel } from '../../machines/mfa-login/mfa-login.model.ts';
import { otpLoginModel } from '../../machines/otp-login/otp-login.model.ts';
import { apiError, fail, SAMPLE_HOLD_UNTIL, type MachineModel } from '../../machines/model-kit.ts';
import { registrationModel } from '../../machines/registration/registration.model.ts';
import { staffRegistrationModel } from '../../machines/staff-registration/staff-registration.model.ts';
import { fullMemberUpgradeModel } from '../../machines/upgrade/full-member-upgrade.model.ts';
import { studentMemberUpgradeModel } from '../../machines/upgrade/student-member-upgrade.model.ts';
import { actorAt, shortestPathTo, stateLabel } from '../support/graph.ts';

/**
 * Every machine whose actor calls a call that can tell whether an account exists (the calls that
 * answer `tooManyRequests`, docs/decisions/holds.md), and that actor: the refusal must land in a
 * state that shows it (tag `error`, the code kept for its message), never be lost.
 */
const DISCOVERY_ACTORS: Array<[MachineModel, string]> = [
  [otpLoginModel, 'sendCode'],
  [otpLoginModel, 'login'],
  [forgotPasswordModel, 'requestReset'],
  [registrationModel, 'register'],
  [staffRegistrationModel, 'registerStaff'],
  [emailChangeModel, 'requestChange'],
  [studentMemberUpgradeModel, 'sendEmailCode'],
  [fullMemberUpgradeModel, 'sendEmailCode'],
  [mfaLoginModel, 'setupEmail'],
];

describe('tooManyRequests, the discovery refusal, reaches a failure state in every machine that can meet it', () => {
  for (const [model, src] of DISCOVERY_ACTORS) {
    const invoking = getStateNodes(model.machine.root).filter((node) => node.invoke.some((invoke) => invoke.src === src));
    it(`${model.name}: actor ${src} (${invoking.length} state${invoking.length === 1 ? '' : 's'})`, () => {
      expect(invoking.length).toBeGreaterThan(0);
      for (const node of invoking) {
        const actor = actorAt(model, shortestPathTo(model, node.id));
        const id = node.invoke.find((invoke) => invoke.src === src)?.id ?? src;
        actor.send(fail(id, apiError('tooManyRequests', { holdUntil: SAMPLE_HOLD_UNTIL })));
        const snapshot = actor.getSnapshot();
        actor.stop();
        expect(snapshot.hasTag('error'), `${node.id} → ${stateLabel(snapshot)}`).toBe(true);
        expect((snapshot.context as { errorCode?: unknown }).errorCode, `${node.id} → ${stateLabel(snapshot)}`).toBe('tooManyRequests');
        // The time to try again is kept for the message, except where the sixth code attempt is still judged (a 5 s wait in the code entry's generic failure).
        if (src !== 'login') expect((snapshot.context as { holdUntil?: unknown }).holdUntil, `${node.id} → ${stateLabel(snapshot)}`).toBe(SAMPLE_HOLD_UNTIL);
      }
    });
  }
});
