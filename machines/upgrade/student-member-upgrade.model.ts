import type { UpgradeProgress, UpgradeStep } from '../../contract/schemas/upgrade.ts';
import { apiError, change, defineModel, done, fail, fillField, fillInOrder, networkError, SAMPLE_HOLD_UNTIL, sampleNow, sampleUser } from '../model-kit.ts';
import { CHALLENGE_SOLVE } from '../login/index.ts';
import { stepIssues, studentMemberUpgradeMachine, type StudentMemberUpgradeContext } from './student-member-upgrade.machine.ts';
import { sampleUpgradeProgress, wizardSamples } from './wizard-samples.ts';

type Machine = typeof studentMemberUpgradeMachine;

export const SAMPLE_UPGRADE_EMAIL = 'chan.siu.ming@example.com';
export const SAMPLE_UPGRADE_CODE = '730514';
export const SAMPLE_MEMBER_PASSWORD = 'Member-Pass-2026';
export const SAMPLE_MEMBER_LOGIN = 'demo_public1';
/** The progress the server answers at `step`, as seen at the demo clock's noon. */
export function sampleProgress(step: UpgradeStep): UpgradeProgress {
  const emailKnown = step === 'code' || step === 'subscribe' || step === 'link' || step === 'done';
  return sampleUpgradeProgress('studentMember', step, emailKnown ? SAMPLE_UPGRADE_EMAIL : null, step === 'link' ? true : null);
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

const samples = wizardSamples<Machine>({
  machineId: 'studentMemberUpgrade',
  progress: sampleProgress,
  resumeAt: ['email', 'code', 'subscribe', 'link'],
  email: SAMPLE_UPGRADE_EMAIL,
  code: SAMPLE_UPGRADE_CODE,
  next: 'subscribe',
});

const CHECKED_STEPS = ['terms', 'email', 'code', 'subscribe', 'link'] as const;

/** The link mode's events: its fields, the challenge's widget and refusal. */
const LINK_MODE_EVENTS: ReadonlySet<string> = new Set(['form.change:mode', 'form.change:loginId', 'form.change:password', 'recaptcha.solve', 'recaptcha.expire', 'fail:loginChallengeRequired']);
function linkModeEvent(event: { type: string; field?: unknown; error?: unknown }): string {
  if (event.type === 'form.change') return `form.change:${String(event.field)}`;
  if (event.type === 'xstate.error.actor.finish') return `fail:${(event.error as { code?: string } | undefined)?.code ?? ''}`;
  return event.type;
}

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
    ...samples.frameEvents,
    change('acceptTerms', true),
    done('acceptTerms', sampleProgress('email')),
    fail('acceptTerms', networkError()),
    ...samples.emailCodeEvents,
    change('subscribe', true),
    done('saveSubscription', sampleProgress('link')),
    fail('saveSubscription', apiError('upgradeStepMissing')),
    fail('saveSubscription', networkError()),
    change('newPassword', SAMPLE_MEMBER_PASSWORD),
    change('confirmNewPassword', SAMPLE_MEMBER_PASSWORD),
    { type: 'step.back' },
    done('finish', sampleStudentMember()),
    fail('finish', apiError('loginThrottled', { holdUntil: SAMPLE_HOLD_UNTIL })),
    // The link mode's challenge: the member account over its budget of wrong passwords.
    { type: 'form.change', field: 'mode', value: 'link' } as const,
    change('loginId', SAMPLE_MEMBER_LOGIN),
    change('password', SAMPLE_MEMBER_PASSWORD),
    fail('finish', apiError('loginChallengeRequired')),
    CHALLENGE_SOLVE,
    { type: 'recaptcha.expire' },
    fail('finish', apiError('passwordTooCommon', { fields: [{ field: 'newPassword', rule: 'common' }] })),
    fail('finish', networkError()),
  ],
  // Only whether each step's form would pass decides a guard (the link step has two fields to fill);
  // the values themselves are shown only.
  key: (snapshot) => {
    const context = snapshot.context as StudentMemberUpgradeContext;
    const { newPassword, confirmNewPassword } = context.values;
    // The link mode (its fields and the challenge) only counts once chosen, and only at the link step
    // where it shows: elsewhere it would multiply every earlier step's snapshots by sixteen.
    const { mode, loginId, password } = context.values;
    const linking = mode === 'link' && snapshot.matches('link') ? [loginId !== '', password !== '', context.challenged, context.recaptcha !== ''] : [];
    return [...CHECKED_STEPS.map((step) => stepIssues(step, context).length === 0), newPassword !== '', confirmNewPassword !== '', ...linking];
  },
  // The link mode and its challenge are left to the shortest paths and the paths below: in simple
  // paths their permutations would multiply the paths by eight.
  simplePathFilter: (snapshot, event) => !LINK_MODE_EVENTS.has(linkModeEvent(event)) && samples.simplePathFilter(forward)(snapshot, event),
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
    // The member account is over its budget of wrong passwords: the widget solved, the link asked again with its token.
    [
      done('fetchProgress', sampleProgress('link')),
      { type: 'form.change', field: 'mode', value: 'link' } as const,
      change('loginId', SAMPLE_MEMBER_LOGIN),
      change('password', SAMPLE_MEMBER_PASSWORD),
      { type: 'form.submit' },
      fail('finish', apiError('loginChallengeRequired')),
      { type: 'form.submit' },
      CHALLENGE_SOLVE,
      { type: 'recaptcha.expire' },
      CHALLENGE_SOLVE,
      { type: 'form.submit' },
      done('finish', sampleStudentMember()),
    ],
    samples.resendPath,
  ],
});
