import { assign, setup } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import type { Language } from '../../contract/languages.ts';
import type { User } from '../../contract/schemas/account.ts';
import {
  FullInfoRequestSchema,
  UpgradeCodeRequestSchema,
  UpgradeEmailRequestSchema,
  type FullInfoRequest,
  type UpgradeCodeRequest,
  type UpgradeEmailRequest,
  type UpgradeProgress,
  type UpgradeProgressRequest,
  type UpgradeStartRequest,
  type UpgradeStep,
} from '../../contract/schemas/upgrade.ts';
import type { SelfClaimedRole } from '../../contract/schemas/profile.ts';
import { actorOutput, formGuards, hasCode, REFUSED, refusalActions, unprovided, validate, type FailureCode, type FlowTag } from '../form.ts';
import { mobileVerificationMachine, type MobileVerificationInput } from '../mobile-verification/index.ts';
import { EMAIL_CODE_DELAYS, emailCodeActions, emailCodeStates, upgradeStepGuards } from './email-code-step.ts';

/**
 * The full-member upgrade of a public member (SPEC §2 Upgrade popups: welcome, email, code, phone,
 * user info, finish; §4 "email, phone, info, done"). The email and code steps are the fragment
 * every upgrade shares (email-code-step.ts); the phone step is the mobile verification machine
 * invoked as a child actor (its own statechart, calls and view, not a copy), and the server is
 * told once it is done; the user information is the last step and makes the account FULL_MEMBER.
 * The progress is the server's: a reload or a reopened dialog resumes at the step reached.
 */

export interface FullMemberUpgradeInput {
  /** The language of the SMS the phone step sends. */
  lang: Language;
  /** The clock, so that tests and stories see a fixed time; `Date.now` when left out. */
  now?: () => number;
}

export interface FullMemberUpgradeValues {
  email: string;
  code: string;
  gender: '' | 'male' | 'female';
  yearOfBirth: string;
  roles: SelfClaimedRole[];
}

export interface FullMemberUpgradeContext {
  lang: Language;
  now: () => number;
  kind: 'fullMember';
  values: FullMemberUpgradeValues;
  progress: UpgradeProgress | null;
  fieldErrors: FieldIssue[];
  errorCode: FailureCode | null;
  holdUntil: string | null;
  user: User | null;
}

type ValueEvent = { [K in keyof FullMemberUpgradeValues]: { type: 'form.change'; field: K; value: FullMemberUpgradeValues[K] } }[keyof FullMemberUpgradeValues];

export type FullMemberUpgradeEvent = ValueEvent | { type: 'form.submit' } | { type: 'upgrade.start' } | { type: 'code.resend' } | { type: 'email.edit' } | { type: 'phone.again' } | { type: 'retry' };

/** The steps a user counts (SPEC §2: welcome, email, code, phone, user info, finish). */
export const FULL_UPGRADE_STEPS = ['welcome', 'email', 'code', 'phone', 'info', 'finish'] as const;
export type FullUpgradeStepName = (typeof FULL_UPGRADE_STEPS)[number];
type CheckedStep = 'email' | 'code' | 'info';

const EMPTY_VALUES: FullMemberUpgradeValues = { email: '', code: '', gender: '', yearOfBirth: '', roles: [] };

function infoInput({ context }: { context: FullMemberUpgradeContext }): FullInfoRequest {
  const { gender, yearOfBirth, roles } = context.values;
  return { gender: gender as FullInfoRequest['gender'], yearOfBirth, roles };
}

/** The client-side check of one step's form: the contract schema, every problem at once. */
export function fullStepIssues(step: CheckedStep, context: FullMemberUpgradeContext): FieldIssue[] {
  const { values, kind } = context;
  switch (step) {
    case 'email':
      return validate(UpgradeEmailRequestSchema, { kind, email: values.email });
    case 'code':
      return validate(UpgradeCodeRequestSchema, { kind, code: values.code });
    case 'info':
      return validate(FullInfoRequestSchema, { ...infoInput({ context }), gender: values.gender === '' ? undefined : values.gender });
  }
}

interface StepParams {
  step: CheckedStep;
}

/** Where a resumed upgrade opens: the step the server has reached. */
const RESUME_ROUTES = (['email', 'code', 'phone', 'info'] as const).map((step) => ({
  guard: { type: 'isAtStep', params: { step } },
  target: step,
  actions: 'assignProgress',
})) as unknown as readonly { guard: { type: 'isAtStep'; params: { step: UpgradeStep } }; target: string; actions: 'assignProgress' }[];

const LAPSED = { guard: hasCode('upgradeStepMissing'), target: '#fullMemberUpgrade.lapsed' } as const;

export const fullMemberUpgradeMachine = setup({
  types: {
    context: {} as FullMemberUpgradeContext,
    events: {} as FullMemberUpgradeEvent,
    input: {} as FullMemberUpgradeInput,
    output: {} as User,
    tags: {} as FlowTag,
    children: {} as {
      fetchProgress: 'fetchProgress';
      startUpgrade: 'startUpgrade';
      sendEmailCode: 'sendEmailCode';
      verifyEmailCode: 'verifyEmailCode';
      mobileVerification: 'mobileVerification';
      confirmPhone: 'confirmPhone';
      finish: 'finish';
    },
  },
  actors: {
    fetchProgress: unprovided<UpgradeProgress, UpgradeProgressRequest>('fullMemberUpgrade', 'fetchProgress'),
    startUpgrade: unprovided<UpgradeProgress, UpgradeStartRequest>('fullMemberUpgrade', 'startUpgrade'),
    sendEmailCode: unprovided<UpgradeProgress, UpgradeEmailRequest>('fullMemberUpgrade', 'sendEmailCode'),
    verifyEmailCode: unprovided<UpgradeProgress, UpgradeCodeRequest>('fullMemberUpgrade', 'verifyEmailCode'),
    /** The mobile verification statechart itself; the page provides its calls and number rule. */
    mobileVerification: mobileVerificationMachine,
    confirmPhone: unprovided<UpgradeProgress, void>('fullMemberUpgrade', 'confirmPhone'),
    finish: unprovided<User, FullInfoRequest>('fullMemberUpgrade', 'finish'),
  },
  delays: EMAIL_CODE_DELAYS,
  guards: {
    ...formGuards,
    isStepInvalid: ({ context }, params: StepParams) => fullStepIssues(params.step, context).length > 0,
    ...upgradeStepGuards<FullMemberUpgradeValues>(),
  },
  actions: {
    ...refusalActions<FullMemberUpgradeContext, FullMemberUpgradeEvent>(),
    ...emailCodeActions<FullMemberUpgradeContext, FullMemberUpgradeEvent>(),
    assignStepErrors: assign({ fieldErrors: ({ context }, params: StepParams) => fullStepIssues(params.step, context) }),
    assignUser: assign({ user: ({ event }) => actorOutput<User>(event, 'finish') }),
  },
}).createMachine({
  id: 'fullMemberUpgrade',
  context: ({ input }) => ({
    lang: input.lang,
    now: input.now ?? Date.now,
    kind: 'fullMember',
    values: EMPTY_VALUES,
    progress: null,
    fieldErrors: [],
    errorCode: null,
    holdUntil: null,
    user: null,
  }),
  output: ({ context }) => {
    if (!context.user) throw new Error('fullMemberUpgrade reached done without a user');
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
        onDone: [...RESUME_ROUTES, { target: 'welcome', actions: 'assignProgress' }],
        onError: [{ guard: hasCode('upgradeNotEligible'), target: 'notEligible' }, { target: 'loadFailed', actions: 'assignErrorCode' }],
      },
    },
    loadFailed: { tags: ['error'], on: { retry: 'loading' } },
    /** This account cannot take the upgrade (not a public member, or already upgraded). */
    notEligible: { tags: ['error'] },
    /** What the upgrade gives, that it takes about 5 minutes, and Start. */
    welcome: {
      tags: ['ready'],
      initial: 'idle',
      on: { 'upgrade.start': 'starting' },
      states: { idle: {}, failed: REFUSED },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startUpgrade',
        src: 'startUpgrade',
        input: ({ context }) => ({ kind: context.kind }),
        onDone: { target: 'email', actions: 'assignProgress' },
        onError: [{ guard: hasCode('upgradeNotEligible'), target: 'notEligible' }, { target: 'welcome.failed', actions: 'assignErrorCode' }],
      },
    },
    ...emailCodeStates('fullMemberUpgrade', 'phone'),
    /** The mobile verification, as a child: its own number, SMS code, countdowns, refusals and hold. */
    phone: {
      initial: 'verifying',
      states: {
        verifying: {
          tags: ['ready'],
          invoke: {
            id: 'mobileVerification',
            src: 'mobileVerification',
            input: ({ context }): MobileVerificationInput => ({ lang: context.lang, now: context.now }),
            onDone: '#fullMemberUpgrade.confirmingPhone',
          },
        },
        /** The server did not see a number verified in this upgrade: verify again. */
        unverified: { tags: ['error'], on: { 'phone.again': 'verifying' } },
        /** Telling the server failed: tell it again (the number stays verified). */
        failed: { tags: ['error'], on: { retry: '#fullMemberUpgrade.confirmingPhone' } },
      },
    },
    confirmingPhone: {
      tags: ['busy'],
      invoke: {
        id: 'confirmPhone',
        src: 'confirmPhone',
        onDone: { target: 'info', actions: 'assignProgress' },
        onError: [
          LAPSED,
          { guard: hasCode('upgradePhoneUnverified'), target: 'phone.unverified', actions: 'assignErrorCode' },
          { target: 'phone.failed', actions: 'assignErrorCode' },
        ],
      },
    },
    /** Gender, year of birth and self-claimed roles: all required, every problem at once. */
    info: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': { guard: { type: 'isFieldOf', params: { fields: ['gender', 'yearOfBirth', 'roles'] } }, actions: 'assignValue' },
        'form.submit': [
          { guard: { type: 'isStepInvalid', params: { step: 'info' } }, target: '.invalid', actions: { type: 'assignStepErrors', params: { step: 'info' } } },
          { target: 'finishing', actions: 'clearErrors' },
        ],
      },
      states: { idle: {}, invalid: REFUSED, failed: REFUSED },
    },
    finishing: {
      tags: ['busy'],
      invoke: {
        id: 'finish',
        src: 'finish',
        input: infoInput,
        onDone: { target: 'done', actions: 'assignUser' },
        onError: [
          LAPSED,
          { guard: hasCode('upgradePhoneUnverified'), target: 'phone.unverified', actions: 'assignErrorCode' },
          { guard: 'hasFieldErrors', target: 'info.invalid', actions: 'assignServerFieldErrors' },
          { target: 'info.failed', actions: 'assignErrorCode' },
        ],
      },
    },
    /** The server no longer holds the steps before this one (the progress lapsed): start again. */
    lapsed: { tags: ['error'], on: { retry: 'loading' } },
    /** FULL_MEMBER now, with its permissions. */
    done: { type: 'final', tags: ['done'] },
  },
});

/** The step of FULL_UPGRADE_STEPS a snapshot's state belongs to (the view's "step n of 6"). */
export function fullUpgradeStepOf(matches: (state: string) => boolean): FullUpgradeStepName | null {
  if (matches('welcome') || matches('starting')) return 'welcome';
  if (matches('email') || matches('sendingCode') || matches('held')) return 'email';
  if (matches('code') || matches('codeExpired')) return 'code';
  if (matches('phone') || matches('confirmingPhone')) return 'phone';
  if (matches('info') || matches('finishing')) return 'info';
  if (matches('done')) return 'finish';
  return null;
}
