import type { SelfClaimedRole } from '../../contract/schemas/profile.ts';
import type { UpgradeProgress, UpgradeStep } from '../../contract/schemas/upgrade.ts';
import { apiError, change, defineModel, done, fail, failEach, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL, SAMPLE_NOW, sampleNow, sampleUser, timerEvent } from '../model-kit.ts';
import { fullMemberUpgradeMachine, fullStepIssues, type FullMemberUpgradeContext } from './full-member-upgrade.machine.ts';
import { UPGRADE_EXPIRY_MS, UPGRADE_RESEND_AFTER_MS, UPGRADE_RESUME_MS } from './student-member-upgrade.model.ts';

type Machine = typeof fullMemberUpgradeMachine;

export const SAMPLE_FULL_EMAIL = 'wong.tai.man@example.com';
export const SAMPLE_FULL_CODE = '482915';
export const SAMPLE_BIRTH_YEAR = '1985';

/** The progress the server answers at `step`, as seen at the demo clock's noon. */
export function sampleFullProgress(step: UpgradeStep): UpgradeProgress {
  const after = (ms: number) => new Date(SAMPLE_NOW + ms).toISOString();
  return {
    kind: 'fullMember',
    step,
    email: step === 'intro' || step === 'email' ? null : SAMPLE_FULL_EMAIL,
    subscribe: null,
    codeExpiresAt: step === 'code' ? after(UPGRADE_EXPIRY_MS) : null,
    codeResendAt: step === 'code' ? after(UPGRADE_RESEND_AFTER_MS) : null,
    resumeUntil: step === 'intro' ? null : after(UPGRADE_RESUME_MS),
  };
}

export function sampleFullMember() {
  return sampleUser({ category: 'FULL_MEMBER', contactEmail: SAMPLE_FULL_EMAIL, permissions: ['profile.parent', 'fullMember', 'family'] });
}

export const fullResendAvailable = timerEvent<Machine>('resendAfter', 'fullMemberUpgrade.code.resend.locked');
export const fullCodeExpiry = timerEvent<Machine>('codeExpiry', 'fullMemberUpgrade.code');
export const fullHoldExpiry = timerEvent<Machine>('holdExpiry', 'fullMemberUpgrade.held');
const heldRefusal = () => apiError('held', { holdUntil: SAMPLE_HOLD_UNTIL });

const CHECKED_STEPS = ['email', 'code', 'info'] as const;
const FEMALE = 'female' as const;
const MALE = 'male' as const;
const PARENT: SelfClaimedRole[] = ['PARENT'];
const TEACHER_PARENT: SelfClaimedRole[] = ['TEACHER', 'PARENT'];

const forward = fillInOrder(
  [
    fillField('email', SAMPLE_FULL_EMAIL),
    fillField('code', SAMPLE_FULL_CODE),
    fillField('gender', FEMALE),
    fillField('yearOfBirth', SAMPLE_BIRTH_YEAR),
    fillField('roles', PARENT),
  ],
  { exclude: ['email.edit', 'code.resend', 'phone.again', 'retry'] },
);

export const fullMemberUpgradeModel = defineModel(fullMemberUpgradeMachine, {
  input: { lang: 'en', now: sampleNow },
  events: [
    done('fetchProgress', sampleFullProgress('intro')),
    done('fetchProgress', sampleFullProgress('email')),
    done('fetchProgress', sampleFullProgress('code')),
    done('fetchProgress', sampleFullProgress('phone')),
    done('fetchProgress', sampleFullProgress('info')),
    fail('fetchProgress', apiError('upgradeNotEligible')),
    fail('fetchProgress', networkError()),
    { type: 'retry' },
    { type: 'upgrade.start' },
    done('startUpgrade', sampleFullProgress('email')),
    fail('startUpgrade', apiError('upgradeNotEligible')),
    fail('startUpgrade', networkError()),
    change('email', SAMPLE_FULL_EMAIL),
    { type: 'form.submit' },
    done('sendEmailCode', sampleFullProgress('code')),
    fail('sendEmailCode', heldRefusal()),
    ...failEach('sendEmailCode', ['upgradeStepMissing', 'loginEmailTaken', 'codeResendTooSoon', 'upgradeSendLimit']),
    fail('sendEmailCode', apiError('invalidPayload', { fields: [{ field: 'email', rule: 'format' }] })),
    fail('sendEmailCode', networkError()),
    change('code', SAMPLE_FULL_CODE),
    done('verifyEmailCode', sampleFullProgress('phone')),
    fail('verifyEmailCode', heldRefusal()),
    ...failEach('verifyEmailCode', ['codeExpired', 'upgradeStepMissing', 'codeWrong', 'codeNotFound']),
    fail('verifyEmailCode', apiError('invalidPayload', { fields: [{ field: 'code', rule: 'sixDigits' }] })),
    fail('verifyEmailCode', networkError()),
    { type: 'code.resend' },
    { type: 'email.edit' },
    fullResendAvailable,
    fullCodeExpiry,
    fullHoldExpiry,
    // The child mobile verification reached `verified`.
    done('mobileVerification', undefined),
    done('confirmPhone', sampleFullProgress('info')),
    fail('confirmPhone', apiError('upgradeStepMissing')),
    fail('confirmPhone', apiError('upgradePhoneUnverified')),
    fail('confirmPhone', networkError()),
    { type: 'phone.again' },
    change('gender', FEMALE),
    change('yearOfBirth', SAMPLE_BIRTH_YEAR),
    change('roles', PARENT),
    done('finish', sampleFullMember()),
    ...failEach('finish', ['upgradeStepMissing', 'upgradePhoneUnverified']),
    fail('finish', apiError('invalidPayload', { fields: [{ field: 'yearOfBirth', rule: 'format' }] })),
    fail('finish', networkError()),
  ],
  // Only whether each step's form would pass decides a guard; the values themselves are shown only.
  key: (snapshot) => {
    const context = snapshot.context as FullMemberUpgradeContext;
    const { gender, yearOfBirth, roles } = context.values;
    return [...CHECKED_STEPS.map((step) => fullStepIssues(step, context).length === 0), gender !== '', yearOfBirth !== '', roles.length > 0];
  },
  // Simple paths walk forward only; the shortest paths and the completion reach every refusal, timer and way back.
  simplePathFilter: (snapshot, event) => {
    if (event.type.startsWith('xstate.error.') || event.type.startsWith('xstate.after.')) return false;
    if (event.type === 'xstate.done.actor.fetchProgress') return (event as { output?: { step?: string } }).output?.step === 'intro';
    return forward(snapshot, event);
  },
  paths: [
    // Resend once the countdown allows, then verify the new code.
    [
      done('fetchProgress', sampleFullProgress('code')),
      fullResendAvailable,
      { type: 'code.resend' },
      done('sendEmailCode', sampleFullProgress('code')),
      change('code', SAMPLE_FULL_CODE),
      { type: 'form.submit' },
      done('verifyEmailCode', sampleFullProgress('phone')),
    ],
    // Telling the server about the phone failed, then succeeded on retry; the information follows.
    [
      done('fetchProgress', sampleFullProgress('phone')),
      done('mobileVerification', undefined),
      fail('confirmPhone', networkError()),
      { type: 'retry' },
      done('confirmPhone', sampleFullProgress('info')),
      change('gender', MALE),
      change('yearOfBirth', SAMPLE_BIRTH_YEAR),
      change('roles', TEACHER_PARENT),
      { type: 'form.submit' },
      done('finish', sampleFullMember()),
    ],
  ],
});
