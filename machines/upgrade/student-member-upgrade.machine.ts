import { and, assign, setup } from 'xstate';
import { DEFAULT_PASSWORD_COMPLEXITY, DEFAULT_PASSWORD_MIN_LENGTH } from '../../contract/constants.ts';
import type { FieldIssue } from '../../contract/errors.ts';
import type { PasswordPolicy } from '../../contract/password-policy.ts';
import type { User } from '../../contract/schemas/account.ts';
import {
  StudentFinishRequestSchema,
  StudentSubscribeRequestSchema,
  UpgradeCodeRequestSchema,
  UpgradeEmailRequestSchema,
  UpgradeTermsRequestSchema,
  type StudentFinishRequest,
  type StudentSubscribeRequest,
  type UpgradeCodeRequest,
  type UpgradeEmailRequest,
  type UpgradeProgress,
  type UpgradeTermsRequest,
} from '../../contract/schemas/upgrade.ts';
import { actorOutput, hasCode, refusal, REFUSED, unprovided, validate, validateNewPassword, type FlowTag, type RecaptchaEvent } from '../form.ts';
import { CHALLENGE_ON, CHALLENGE_ROUTE, challengeActions, challengeGuards, challengeIssues, challengeToken, NO_CHALLENGE, type PasswordChallengeContext } from '../login/index.ts';
import { EMAIL_CODE_DELAYS, emailCodeActions, emailCodeStates, upgradeStepGuards } from './email-code-step.ts';
import { lapsedRoute, wizardActors, wizardCall, wizardContext, wizardFrameStates, wizardOutput, wizardStep, wizardPiece, wizardSteps, type ChildrenOf, type WizardContext, type WizardEvent } from './wizard.ts';

export interface StudentMemberUpgradeInput {
  /** The clock, so that tests and stories see a fixed time; `Date.now` when left out. */
  now?: () => number;
  /** The new-password policy (the server's settings); the defaults when left out. */
  policy?: PasswordPolicy;
}

export interface StudentMemberUpgradeValues {
  acceptTerms: boolean;
  email: string;
  code: string;
  /** The newsletter choice: null until chosen. */
  subscribe: boolean | null;
  /** Link step: create a password for the new member login, or link an existing member account. */
  mode: 'create' | 'link';
  newPassword: string;
  confirmNewPassword: string;
  loginId: string;
  password: string;
}

export interface StudentMemberUpgradeContext extends WizardContext, PasswordChallengeContext {
  now: () => number;
  policy: PasswordPolicy;
  kind: 'studentMember';
  values: StudentMemberUpgradeValues;
}

export type StudentMemberUpgradeEvent = WizardEvent<StudentMemberUpgradeValues> | { type: 'code.resend' } | { type: 'email.edit' } | { type: 'step.back' } | RecaptchaEvent;

/** The steps a user counts (SPEC §2: intro, terms, email, verify, subscribe, link email, finish), with their states. */
export const STUDENT_UPGRADE = wizardSteps([
  ['intro', ['intro']],
  ['terms', ['terms', 'acceptingTerms']],
  ['email', ['email', 'sendingCode', 'held']],
  ['code', ['code', 'codeExpired']],
  ['subscribe', ['subscribe', 'savingSubscription']],
  ['link', ['link', 'finishing']],
  ['finish', ['done']],
]);
type CheckedStep = 'terms' | 'email' | 'code' | 'subscribe' | 'link';

const EMPTY_VALUES: StudentMemberUpgradeValues = {
  acceptTerms: false,
  email: '',
  code: '',
  subscribe: null,
  mode: 'create',
  newPassword: '',
  confirmNewPassword: '',
  loginId: '',
  password: '',
};

function initialContext({ input }: { input: StudentMemberUpgradeInput }): StudentMemberUpgradeContext {
  return {
    now: input.now ?? Date.now,
    policy: input.policy ?? { minLength: DEFAULT_PASSWORD_MIN_LENGTH, complexity: DEFAULT_PASSWORD_COMPLEXITY },
    ...wizardContext('studentMember', EMPTY_VALUES),
    ...NO_CHALLENGE,
  };
}

function termsInput({ context }: { context: StudentMemberUpgradeContext }): UpgradeTermsRequest {
  return { kind: context.kind, acceptTerms: context.values.acceptTerms as true };
}
function subscribeInput({ context }: { context: StudentMemberUpgradeContext }): StudentSubscribeRequest {
  return { subscribe: context.values.subscribe as boolean };
}
function finishInput({ context }: { context: StudentMemberUpgradeContext }): StudentFinishRequest {
  const { values } = context;
  return values.mode === 'create'
    ? { mode: 'create', newPassword: values.newPassword, confirmNewPassword: values.confirmNewPassword }
    : { mode: 'link', loginId: values.loginId, password: values.password, ...challengeToken(context) };
}

/** The client-side check of one step's form: the contract schema (and the password policy). */
export function stepIssues(step: CheckedStep, context: StudentMemberUpgradeContext): FieldIssue[] {
  const { values, kind } = context;
  switch (step) {
    case 'terms':
      return validate(UpgradeTermsRequestSchema, { kind, acceptTerms: values.acceptTerms });
    case 'email':
      return validate(UpgradeEmailRequestSchema, { kind, email: values.email });
    case 'code':
      return validate(UpgradeCodeRequestSchema, { kind, code: values.code });
    case 'subscribe':
      return validate(StudentSubscribeRequestSchema, { subscribe: values.subscribe ?? undefined });
    case 'link': {
      const payload = finishInput({ context });
      return payload.mode === 'create'
        ? validateNewPassword(StudentFinishRequestSchema, payload, payload.newPassword, context.policy)
        : [...validate(StudentFinishRequestSchema, payload), ...challengeIssues(context)];
    }
  }
}

const PIECE = wizardPiece<StudentMemberUpgradeContext, StudentMemberUpgradeEvent, CheckedStep>(stepIssues);

const STUDENT_ACTORS = {
  ...wizardActors('studentMemberUpgrade'),
  acceptTerms: unprovided<UpgradeProgress, UpgradeTermsRequest>('studentMemberUpgrade', 'acceptTerms'),
  sendEmailCode: unprovided<UpgradeProgress, UpgradeEmailRequest>('studentMemberUpgrade', 'sendEmailCode'),
  verifyEmailCode: unprovided<UpgradeProgress, UpgradeCodeRequest>('studentMemberUpgrade', 'verifyEmailCode'),
  saveSubscription: unprovided<UpgradeProgress, StudentSubscribeRequest>('studentMemberUpgrade', 'saveSubscription'),
  finish: unprovided<User, StudentFinishRequest>('studentMemberUpgrade', 'finish'),
};

const LAPSED = lapsedRoute('studentMemberUpgrade');

export const studentMemberUpgradeMachine = setup({
  types: {
    context: {} as StudentMemberUpgradeContext,
    events: {} as StudentMemberUpgradeEvent,
    input: {} as StudentMemberUpgradeInput,
    output: {} as User,
    tags: {} as FlowTag,
    children: {} as ChildrenOf<typeof STUDENT_ACTORS>,
  },
  actors: STUDENT_ACTORS,
  delays: EMAIL_CODE_DELAYS,
  guards: {
    ...PIECE.guards,
    ...challengeGuards,
    /** The challenge concerns the member account's password: only the link mode sends one. */
    isLinkMode: ({ context }) => context.values.mode === 'link',
    ...upgradeStepGuards<StudentMemberUpgradeValues>(),
  },
  actions: {
    ...PIECE.actions,
    ...challengeActions<StudentMemberUpgradeContext, StudentMemberUpgradeEvent>(),
    // The newsletter choice the server kept is filled in again too.
    ...emailCodeActions<StudentMemberUpgradeContext, StudentMemberUpgradeEvent>((progress, values) => ({ subscribe: progress.subscribe ?? values.subscribe })),
    /** The passwords are not kept once the server has them. */
    assignUser: assign(({ context, event }) => ({
      user: actorOutput<User>(event, 'finish'),
      values: { ...context.values, newPassword: '', confirmNewPassword: '', password: '' },
    })),
  },
}).createMachine({
  id: 'studentMemberUpgrade',
  context: initialContext,
  output: wizardOutput('studentMemberUpgrade'),
  initial: 'loading',
  states: {
    ...wizardFrameStates('studentMemberUpgrade', { first: 'intro', resumeAt: ['email', 'code', 'subscribe', 'link'] }),
    /** What the upgrade gives and that it takes about 5 minutes. */
    intro: { tags: ['ready'], on: { 'upgrade.start': 'terms' } },
    terms: wizardStep('terms', ['acceptTerms'], 'acceptingTerms'),
    acceptingTerms: wizardCall('acceptTerms', 'email', { input: termsInput, onError: { target: 'terms.failed', actions: 'assignErrorCode' } }),
    ...emailCodeStates('studentMemberUpgrade', 'subscribe'),
    /** The newsletter choice. */
    subscribe: wizardStep('subscribe', ['subscribe'], 'savingSubscription'),
    savingSubscription: wizardCall('saveSubscription', 'link', { input: subscribeInput, onError: [LAPSED, { target: 'subscribe.failed', actions: 'assignErrorCode' }] }),
    /** A password for the new member login (the verified email), or an existing member account. */
    link: wizardStep('link', ['mode', 'newPassword', 'confirmNewPassword', 'loginId', 'password'], 'finishing', {
      on: { 'step.back': { target: 'subscribe.idle', actions: 'clearErrors' }, ...CHALLENGE_ON },
      /** `challenge`: the member account had too many wrong passwords from unknown browsers; the widget, then the link asked again with its token (as on the login page). */
      states: { wrongLogin: REFUSED, notMember: REFUSED, throttled: REFUSED, challenge: REFUSED, emailTaken: REFUSED },
    }),
    finishing: {
      ...wizardCall('finish', { target: 'done', actions: 'assignUser' }, {
        input: finishInput,
        onError: [
          LAPSED,
          refusal('link.wrongLogin', 'wrongPasswordOrUserNotFound'),
          refusal('link.notMember', 'upgradeLinkNotMember'),
          /** The password login's throttle, with the time it lifts. */
          { guard: hasCode('loginThrottled'), target: 'link.throttled', actions: ['assignErrorCode', 'assignHoldUntil'] },
          { ...CHALLENGE_ROUTE, guard: and([CHALLENGE_ROUTE.guard, 'isLinkMode']), target: 'link.challenge' },
          refusal('link.emailTaken', 'loginEmailTaken'),
          { guard: 'hasFieldErrors', target: 'link.invalid', actions: 'assignServerFieldErrors' },
          { target: 'link.failed', actions: 'assignErrorCode' },
        ],
      }),
      /** A token sent is spent, whatever the answer. */
      exit: 'spendChallengeToken',
    },
  },
});
