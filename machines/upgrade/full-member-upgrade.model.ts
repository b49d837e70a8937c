import type { SelfClaimedRole } from '../../contract/schemas/profile.ts';
import type { UpgradeProgress, UpgradeStep } from '../../contract/schemas/upgrade.ts';
import { apiError, change, defineModel, done, fail, fillField, fillInOrder, networkError, sampleNow, sampleUser } from '../model-kit.ts';
import { fullMemberUpgradeMachine, fullStepIssues, type FullMemberUpgradeContext } from './full-member-upgrade.machine.ts';
import { sampleUpgradeProgress, wizardSamples } from './wizard-samples.ts';

type Machine = typeof fullMemberUpgradeMachine;

export const SAMPLE_FULL_EMAIL = 'wong.tai.man@example.com';
export const SAMPLE_FULL_CODE = '482915';
export const SAMPLE_BIRTH_YEAR = '1985';

/** The progress the server answers at `step`, as seen at the demo clock's noon. */
export function sampleFullProgress(step: UpgradeStep): UpgradeProgress {
  return sampleUpgradeProgress('fullMember', step, step === 'intro' || step === 'email' ? null : SAMPLE_FULL_EMAIL);
}

export function sampleFullMember() {
  return sampleUser({ category: 'FULL_MEMBER', contactEmail: SAMPLE_FULL_EMAIL, permissions: ['profile.parent', 'fullMember', 'family'] });
}

const samples = wizardSamples<Machine>({
  machineId: 'fullMemberUpgrade',
  progress: sampleFullProgress,
  resumeAt: ['email', 'code', 'phone', 'info'],
  email: SAMPLE_FULL_EMAIL,
  code: SAMPLE_FULL_CODE,
  next: 'phone',
});

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
    ...samples.frameEvents,
    done('startUpgrade', sampleFullProgress('email')),
    fail('startUpgrade', apiError('upgradeNotEligible')),
    fail('startUpgrade', networkError()),
    ...samples.emailCodeEvents,
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
    fail('finish', apiError('invalidPayload', { fields: [{ field: 'yearOfBirth', rule: 'format' }] })),
    fail('finish', networkError()),
  ],
  // Only whether each step's form would pass decides a guard; the values themselves are shown only.
  key: (snapshot) => {
    const context = snapshot.context as FullMemberUpgradeContext;
    const { gender, yearOfBirth, roles } = context.values;
    return [...CHECKED_STEPS.map((step) => fullStepIssues(step, context).length === 0), gender !== '', yearOfBirth !== '', roles.length > 0];
  },
  simplePathFilter: samples.simplePathFilter(forward),
  paths: [
    samples.resendPath,
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
