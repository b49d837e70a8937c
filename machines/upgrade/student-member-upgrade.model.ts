import type { UpgradeProgress, UpgradeStep } from '../../contract/schemas/upgrade.ts';
import { apiError, change, defineModel, done, fail, failEach, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL, SAMPLE_NOW, sampleNow, sampleUser, timerEvent } from '../model-kit.ts';
import { stepIssues, studentMemberUpgradeMachine, type StudentMemberUpgradeContext } from './student-member-upgrade.machine.ts';

type Machine = typeof studentMemberUpgradeMachine;

export const SAMPLE_UPGRADE_EMAIL = 'chan.siu.ming@example.com';
export const SAMPLE_UPGRADE_CODE = '730514';
export const SAMPLE_MEMBER_PASSWORD = 'Member-Pass-2026';
export const SAMPLE_MEMBER_LOGIN = 'demo_public1';
/** The server's waits (server/domain/upgrades.ts): a new code after a minute, each valid 10 minutes; progress kept 7 days. */
export const UPGRADE_RESEND_AFTER_MS = 60 * 1000;
export const UPGRADE_EXPIRY_MS = 10 * 60 * 1000;
export const UPGRADE_RESUME_MS = 7 * 24 * 60 * 60 * 1000;

/** The progress the server answers at `step`, as seen at the demo clock's noon. */
export function sampleProgress(step: UpgradeStep): UpgradeProgress {
  const after = (ms: number) => new Date(SAMPLE_NOW + ms).toISOString();
  const emailKnown = step === 'code' || step === 'subscribe' || step === 'link' || step === 'done';
  return {
    kind: 'studentMember',
    step,
    email: emailKnown ? SAMPLE_UPGRADE_EMAIL : null,
    subscribe: step === 'link' ? true : null,
    codeExpiresAt: step === 'code' ? after(UPGRADE_EXPIRY_MS) : null,
    codeResendAt: step === 'code' ? after(UPGRADE_RESEND_AFTER_MS) : null,
    resumeUntil: step === 'intro' ? null : after(UPGRADE_RESUME_MS),
  };
}

export function sampleStudentMember() {
  return sampleUser({
    userId: 'u-student2',
    loginId: 'demo_student2',
    loginEmail: SAMPLE_UPGRADE_EMAIL,
    contactEmail: SAMPLE_UPGRADE_EMAIL,
    category: 'STUDENT_MEMBER',
    displayName: 'Demo Student 2',
    schoolCode: 'DEMO01',
    permissions: ['profile.parent', 'student', 'family'],
  });
}

export const upgradeResendAvailable = timerEvent<Machine>('resendAfter', 'studentMemberUpgrade.code.resend.locked');
export const upgradeCodeExpiry = timerEvent<Machine>('codeExpiry', 'studentMemberUpgrade.code');
export const upgradeHoldExpiry = timerEvent<Machine>('holdExpiry', 'studentMemberUpgrade.held');
export const upgradeHeldRefusal = () => apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL });

const typedCode = change('code', SAMPLE_UPGRADE_CODE);

const CHECKED_STEPS = ['terms', 'email', 'code', 'subscribe', 'link'] as const;

const forward = fillInOrder(
  [
    fillField('acceptTerms', true),
    fillField('email', SAMPLE_UPGRADE_EMAIL),
    fillField('code', SAMPLE_UPGRADE_CODE),
    fillField('subscribe', true),
    fillField('newPassword', SAMPLE_MEMBER_PASSWORD),
    fillField('confirmNewPassword', SAMPLE_MEMBER_PASSWORD),
  ],
  { exclude: ['email.edit', 'code.resend', 'step.back', 'retry'] },
);

export const studentMemberUpgradeModel = defineModel(studentMemberUpgradeMachine, {
  input: { now: sampleNow },
  events: [
    done('fetchProgress', sampleProgress('intro')),
    done('fetchProgress', sampleProgress('email')),
    done('fetchProgress', sampleProgress('code')),
    done('fetchProgress', sampleProgress('subscribe')),
    done('fetchProgress', sampleProgress('link')),
    fail('fetchProgress', apiError('upgradeNotEligible')),
    fail('fetchProgress', networkError()),
    { type: 'retry' },
    { type: 'upgrade.start' },
    change('acceptTerms', true),
    { type: 'form.submit' },
    done('acceptTerms', sampleProgress('email')),
    fail('acceptTerms', networkError()),
    change('email', SAMPLE_UPGRADE_EMAIL),
    done('sendEmailCode', sampleProgress('code')),
    fail('sendEmailCode', upgradeHeldRefusal()),
    ...failEach('sendEmailCode', ['upgradeStepMissing', 'loginEmailTaken', 'codeResendTooSoon', 'upgradeSendLimit']),
    fail('sendEmailCode', apiError('invalidPayload', { fields: [{ field: 'email', rule: 'format' }] })),
    fail('sendEmailCode', networkError()),
    typedCode,
    done('verifyEmailCode', sampleProgress('subscribe')),
    fail('verifyEmailCode', upgradeHeldRefusal()),
    ...failEach('verifyEmailCode', ['codeExpired', 'upgradeStepMissing', 'codeWrong', 'codeNotFound']),
    fail('verifyEmailCode', apiError('invalidPayload', { fields: [{ field: 'code', rule: 'sixDigits' }] })),
    fail('verifyEmailCode', networkError()),
    { type: 'code.resend' },
    { type: 'email.edit' },
    upgradeResendAvailable,
    upgradeCodeExpiry,
    upgradeHoldExpiry,
    change('subscribe', true),
    done('saveSubscription', sampleProgress('link')),
    fail('saveSubscription', apiError('upgradeStepMissing')),
    fail('saveSubscription', networkError()),
    change('newPassword', SAMPLE_MEMBER_PASSWORD),
    change('confirmNewPassword', SAMPLE_MEMBER_PASSWORD),
    { type: 'step.back' },
    done('finish', sampleStudentMember()),
    ...failEach('finish', ['upgradeStepMissing', 'wrongPasswordOrUserNotFound', 'upgradeLinkNotMember', 'loginEmailTaken']),
    fail('finish', apiError('loginThrottled', { holdUntil: SAMPLE_HOLD_UNTIL })),
    fail('finish', apiError('passwordTooCommon', { fields: [{ field: 'newPassword', rule: 'common' }] })),
    fail('finish', networkError()),
  ],
  // Only whether each step's form would pass decides a guard (the link step has two fields to fill);
  // the values themselves are shown only.
  key: (snapshot) => {
    const context = snapshot.context as StudentMemberUpgradeContext;
    const { newPassword, confirmNewPassword } = context.values;
    return [...CHECKED_STEPS.map((step) => stepIssues(step, context).length === 0), newPassword !== '', confirmNewPassword !== ''];
  },
  // Simple paths walk forward only (every field filled once, in order, each step's answer a success);
  // the shortest paths and the completion reach every refusal, timer and way back.
  simplePathFilter: (snapshot, event) => {
    if (event.type.startsWith('xstate.error.') || event.type.startsWith('xstate.after.')) return false;
    if (event.type === 'xstate.done.actor.fetchProgress') return (event as { output?: { step?: string } }).output?.step === 'intro';
    return forward(snapshot, event);
  },
  paths: [
    // Link an existing member account instead of creating a password.
    [
      done('fetchProgress', sampleProgress('link')),
      { type: 'form.change', field: 'mode', value: 'link' } as const,
      change('loginId', SAMPLE_MEMBER_LOGIN),
      change('password', SAMPLE_MEMBER_PASSWORD),
      { type: 'form.submit' },
      done('finish', sampleStudentMember()),
    ],
    // Resend once the countdown allows, then verify the new code.
    [
      done('fetchProgress', sampleProgress('code')),
      upgradeResendAvailable,
      { type: 'code.resend' },
      done('sendEmailCode', sampleProgress('code')),
      typedCode,
      { type: 'form.submit' },
      done('verifyEmailCode', sampleProgress('subscribe')),
    ],
  ],
});
