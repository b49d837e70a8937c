import { assign, setup } from 'xstate';
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
  type UpgradeProgressRequest,
  type UpgradeStep,
  type UpgradeTermsRequest,
} from '../../contract/schemas/upgrade.ts';
import { actorOutput, formGuards, hasCode, refusal, REFUSED, refusalActions, unprovided, validate, validateNewPassword, type FailureCode, type FlowTag } from '../form.ts';
import { EMAIL_CODE_DELAYS, emailCodeActions, emailCodeStates, upgradeStepGuards } from './email-code-step.ts';

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

export interface StudentMemberUpgradeContext {
  now: () => number;
  policy: PasswordPolicy;
  kind: 'studentMember';
  values: StudentMemberUpgradeValues;
  /** The server's progress (the step reached, the email, the code's times). */
  progress: UpgradeProgress | null;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  holdUntil: string | null;
  /** The upgraded user, once the last step was accepted. */
  user: User | null;
}

type ValueEvent = { [K in keyof StudentMemberUpgradeValues]: { type: 'form.change'; field: K; value: StudentMemberUpgradeValues[K] } }[keyof StudentMemberUpgradeValues];

export type StudentMemberUpgradeEvent =
  | ValueEvent
  | { type: 'form.submit' }
  | { type: 'upgrade.start' }
  | { type: 'code.resend' }
  | { type: 'email.edit' }
  | { type: 'step.back' }
  | { type: 'retry' };

/** The steps a user counts (SPEC §2: intro, terms, email, verify, subscribe, link email, finish). */
export const STUDENT_UPGRADE_STEPS = ['intro', 'terms', 'email', 'code', 'subscribe', 'link', 'finish'] as const;
export type StudentUpgradeStepName = (typeof STUDENT_UPGRADE_STEPS)[number];
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
    kind: 'studentMember',
    values: EMPTY_VALUES,
    progress: null,
    fieldErrors: [],
    errorCode: null,
    holdUntil: null,
    user: null,
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
    : { mode: 'link', loginId: values.loginId, password: values.password };
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
      return payload.mode === 'create' ? validateNewPassword(StudentFinishRequestSchema, payload, payload.newPassword, context.policy) : validate(StudentFinishRequestSchema, payload);
    }
  }
}

interface StepParams {
  step: CheckedStep;
}

/** Where a resumed upgrade opens: the step the server has reached. */
const RESUME_ROUTES = (['email', 'code', 'subscribe', 'link'] as const).map((step) => ({
  guard: { type: 'isAtStep', params: { step } },
  target: step,
  actions: 'assignProgress',
})) as unknown as readonly { guard: { type: 'isAtStep'; params: { step: UpgradeStep } }; target: string; actions: 'assignProgress' }[];

const LAPSED = { guard: hasCode('upgradeStepMissing'), target: '#studentMemberUpgrade.lapsed' } as const;

export const studentMemberUpgradeMachine = setup({
  types: {
    context: {} as StudentMemberUpgradeContext,
    events: {} as StudentMemberUpgradeEvent,
    input: {} as StudentMemberUpgradeInput,
    output: {} as User,
    tags: {} as FlowTag,
    children: {} as {
      fetchProgress: 'fetchProgress';
      acceptTerms: 'acceptTerms';
      sendEmailCode: 'sendEmailCode';
      verifyEmailCode: 'verifyEmailCode';
      saveSubscription: 'saveSubscription';
      finish: 'finish';
    },
  },
  actors: {
    fetchProgress: unprovided<UpgradeProgress, UpgradeProgressRequest>('studentMemberUpgrade', 'fetchProgress'),
    acceptTerms: unprovided<UpgradeProgress, UpgradeTermsRequest>('studentMemberUpgrade', 'acceptTerms'),
    sendEmailCode: unprovided<UpgradeProgress, UpgradeEmailRequest>('studentMemberUpgrade', 'sendEmailCode'),
    verifyEmailCode: unprovided<UpgradeProgress, UpgradeCodeRequest>('studentMemberUpgrade', 'verifyEmailCode'),
    saveSubscription: unprovided<UpgradeProgress, StudentSubscribeRequest>('studentMemberUpgrade', 'saveSubscription'),
    finish: unprovided<User, StudentFinishRequest>('studentMemberUpgrade', 'finish'),
  },
  delays: EMAIL_CODE_DELAYS,
  guards: {
    ...formGuards,
    isStepInvalid: ({ context }, params: StepParams) => stepIssues(params.step, context).length > 0,
    ...upgradeStepGuards<StudentMemberUpgradeValues>(),
  },
  actions: {
    ...refusalActions<StudentMemberUpgradeContext, StudentMemberUpgradeEvent>(),
    // The newsletter choice the server kept is filled in again too.
    ...emailCodeActions<StudentMemberUpgradeContext, StudentMemberUpgradeEvent>((progress, values) => ({ subscribe: progress.subscribe ?? values.subscribe })),
    assignStepErrors: assign({ fieldErrors: ({ context }, params: StepParams) => stepIssues(params.step, context) }),
    /** The passwords are not kept once the server has them. */
    assignUser: assign(({ context, event }) => ({
      user: actorOutput<User>(event, 'finish'),
      values: { ...context.values, newPassword: '', confirmNewPassword: '', password: '' },
    })),
  },
}).createMachine({
  id: 'studentMemberUpgrade',
  context: initialContext,
  output: ({ context }) => {
    if (!context.user) throw new Error('studentMemberUpgrade reached done without a user');
    return context.user;
  },
  initial: 'loading',
  states: {
    /** Reads the progress the server kept: a resumed upgrade opens at the step reached. */
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchProgress',
        src: 'fetchProgress',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: [...RESUME_ROUTES, { target: 'intro', actions: 'assignProgress' }],
        onError: [{ guard: hasCode('upgradeNotEligible'), target: 'notEligible' }, { target: 'loadFailed', actions: 'assignErrorCode' }],
      },
    },
    loadFailed: { tags: ['error'], on: { retry: 'loading' } },
    /** This account cannot take the upgrade (not a student, or already upgraded). */
    notEligible: { tags: ['error'] },
    /** What the upgrade gives and that it takes about 5 minutes. */
    intro: { tags: ['ready'], on: { 'upgrade.start': 'terms' } },
    terms: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': { guard: { type: 'isFieldOf', params: { fields: ['acceptTerms'] } }, actions: 'assignValue' },
        'form.submit': [
          { guard: { type: 'isStepInvalid', params: { step: 'terms' } }, target: '.invalid', actions: { type: 'assignStepErrors', params: { step: 'terms' } } },
          { target: 'acceptingTerms', actions: 'clearErrors' },
        ],
      },
      states: { idle: {}, invalid: REFUSED, failed: REFUSED },
    },
    acceptingTerms: {
      tags: ['busy'],
      invoke: {
        id: 'acceptTerms',
        src: 'acceptTerms',
        input: termsInput,
        onDone: { target: 'email', actions: 'assignProgress' },
        onError: { target: 'terms.failed', actions: 'assignErrorCode' },
      },
    },
    ...emailCodeStates('studentMemberUpgrade', 'subscribe'),
    /** The newsletter choice. */
    subscribe: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': { guard: { type: 'isFieldOf', params: { fields: ['subscribe'] } }, actions: 'assignValue' },
        'form.submit': [
          { guard: { type: 'isStepInvalid', params: { step: 'subscribe' } }, target: '.invalid', actions: { type: 'assignStepErrors', params: { step: 'subscribe' } } },
          { target: 'savingSubscription', actions: 'clearErrors' },
        ],
      },
      states: { idle: {}, invalid: REFUSED, failed: REFUSED },
    },
    savingSubscription: {
      tags: ['busy'],
      invoke: {
        id: 'saveSubscription',
        src: 'saveSubscription',
        input: subscribeInput,
        onDone: { target: 'link', actions: 'assignProgress' },
        onError: [LAPSED, { target: 'subscribe.failed', actions: 'assignErrorCode' }],
      },
    },
    /** A password for the new member login (the verified email), or an existing member account. */
    link: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': { guard: { type: 'isFieldOf', params: { fields: ['mode', 'newPassword', 'confirmNewPassword', 'loginId', 'password'] } }, actions: 'assignValue' },
        'step.back': { target: 'subscribe.idle', actions: 'clearErrors' },
        'form.submit': [
          { guard: { type: 'isStepInvalid', params: { step: 'link' } }, target: '.invalid', actions: { type: 'assignStepErrors', params: { step: 'link' } } },
          { target: 'finishing', actions: 'clearErrors' },
        ],
      },
      states: { idle: {}, invalid: REFUSED, wrongLogin: REFUSED, notMember: REFUSED, throttled: REFUSED, emailTaken: REFUSED, failed: REFUSED },
    },
    finishing: {
      tags: ['busy'],
      invoke: {
        id: 'finish',
        src: 'finish',
        input: finishInput,
        onDone: { target: 'done', actions: 'assignUser' },
        onError: [
          LAPSED,
          refusal('link.wrongLogin', 'wrongPasswordOrUserNotFound'),
          refusal('link.notMember', 'upgradeLinkNotMember'),
          /** The password login's throttle, with the time it lifts. */
          { guard: hasCode('loginThrottled'), target: 'link.throttled', actions: ['assignErrorCode', 'assignHoldUntil'] },
          refusal('link.emailTaken', 'loginEmailTaken'),
          { guard: 'hasFieldErrors', target: 'link.invalid', actions: 'assignServerFieldErrors' },
          { target: 'link.failed', actions: 'assignErrorCode' },
        ],
      },
    },
    /** The server no longer holds the steps before this one (the progress lapsed): start again. */
    lapsed: { tags: ['error'], on: { retry: 'loading' } },
    /** STUDENT_MEMBER now, with its permissions. */
    done: { type: 'final', tags: ['done'] },
  },
});

/** The step of STUDENT_UPGRADE_STEPS a snapshot's state belongs to (the view's "step n of 7"). */
export function studentUpgradeStepOf(matches: (state: string) => boolean): StudentUpgradeStepName | null {
  if (matches('intro')) return 'intro';
  if (matches('terms') || matches('acceptingTerms')) return 'terms';
  if (matches('email') || matches('sendingCode') || matches('held')) return 'email';
  if (matches('code') || matches('codeExpired')) return 'code';
  if (matches('subscribe') || matches('savingSubscription')) return 'subscribe';
  if (matches('link') || matches('finishing')) return 'link';
  if (matches('done')) return 'finish';
  return null;
}
