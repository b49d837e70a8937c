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
  type UpgradeStartRequest,
} from '../../contract/schemas/upgrade.ts';
import type { SelfClaimedRole } from '../../contract/schemas/profile.ts';
import { actorOutput, hasCode, REFUSED, unprovided, validate, type FlowTag } from '../form.ts';
import { mobileVerificationMachine, type MobileVerificationInput } from '../mobile-verification/index.ts';
import { EMAIL_CODE_DELAYS, emailCodeActions, emailCodeStates, upgradeStepGuards } from './email-code-step.ts';
import { lapsedRoute, notEligibleRoute, wizardActors, wizardCall, wizardContext, wizardFrameStates, wizardOutput, wizardStep, wizardPiece, wizardSteps, type ChildrenOf, type WizardContext, type WizardEvent } from './wizard.ts';

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

export interface FullMemberUpgradeContext extends WizardContext {
  lang: Language;
  now: () => number;
  kind: 'fullMember';
  values: FullMemberUpgradeValues;
}

export type FullMemberUpgradeEvent = WizardEvent<FullMemberUpgradeValues> | { type: 'code.resend' } | { type: 'email.edit' } | { type: 'phone.again' };

/** The steps a user counts (SPEC §2: welcome, email, code, phone, user info, finish), with their states. */
export const FULL_UPGRADE = wizardSteps([
  ['welcome', ['welcome', 'starting']],
  ['email', ['email', 'sendingCode', 'held']],
  ['code', ['code', 'codeExpired']],
  ['phone', ['phone', 'confirmingPhone']],
  ['info', ['info', 'finishing']],
  ['finish', ['done']],
]);
type CheckedStep = 'email' | 'code' | 'info';

const EMPTY_VALUES: FullMemberUpgradeValues = { email: '', code: '', gender: '', yearOfBirth: '', roles: [] };

function initialContext({ input }: { input: FullMemberUpgradeInput }): FullMemberUpgradeContext {
  return { lang: input.lang, now: input.now ?? Date.now, ...wizardContext('fullMember', EMPTY_VALUES) };
}

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

const PIECE = wizardPiece<FullMemberUpgradeContext, FullMemberUpgradeEvent, CheckedStep>(fullStepIssues);

const FULL_ACTORS = {
  ...wizardActors('fullMemberUpgrade'),
  startUpgrade: unprovided<UpgradeProgress, UpgradeStartRequest>('fullMemberUpgrade', 'startUpgrade'),
  sendEmailCode: unprovided<UpgradeProgress, UpgradeEmailRequest>('fullMemberUpgrade', 'sendEmailCode'),
  verifyEmailCode: unprovided<UpgradeProgress, UpgradeCodeRequest>('fullMemberUpgrade', 'verifyEmailCode'),
  /** The mobile verification statechart itself; the page provides its calls and number rule. */
  mobileVerification: mobileVerificationMachine,
  confirmPhone: unprovided<UpgradeProgress, void>('fullMemberUpgrade', 'confirmPhone'),
  finish: unprovided<User, FullInfoRequest>('fullMemberUpgrade', 'finish'),
};

const LAPSED = lapsedRoute('fullMemberUpgrade');
const PHONE_UNVERIFIED = { guard: hasCode('upgradePhoneUnverified'), target: 'phone.unverified', actions: 'assignErrorCode' } as const;

export const fullMemberUpgradeMachine = setup({
  types: {
    context: {} as FullMemberUpgradeContext,
    events: {} as FullMemberUpgradeEvent,
    input: {} as FullMemberUpgradeInput,
    output: {} as User,
    tags: {} as FlowTag,
    children: {} as ChildrenOf<typeof FULL_ACTORS>,
  },
  actors: FULL_ACTORS,
  delays: EMAIL_CODE_DELAYS,
  guards: {
    ...PIECE.guards,
    ...upgradeStepGuards<FullMemberUpgradeValues>(),
  },
  actions: {
    ...PIECE.actions,
    ...emailCodeActions<FullMemberUpgradeContext, FullMemberUpgradeEvent>(),
    assignUser: assign({ user: ({ event }) => actorOutput<User>(event, 'finish') }),
  },
}).createMachine({
  id: 'fullMemberUpgrade',
  context: initialContext,
  output: wizardOutput('fullMemberUpgrade'),
  initial: 'loading',
  states: {
    ...wizardFrameStates('fullMemberUpgrade', { first: 'welcome', resumeAt: ['email', 'code', 'phone', 'info'] }),
    /** What the upgrade gives, that it takes about 5 minutes, and Start. */
    welcome: {
      tags: ['ready'],
      initial: 'idle',
      on: { 'upgrade.start': 'starting' },
      states: { idle: {}, failed: REFUSED },
    },
    starting: wizardCall('startUpgrade', 'email', {
      input: ({ context }: { context: FullMemberUpgradeContext }) => ({ kind: context.kind }),
      onError: [notEligibleRoute('fullMemberUpgrade'), { target: 'welcome.failed', actions: 'assignErrorCode' }],
    }),
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
    confirmingPhone: wizardCall('confirmPhone', 'info', {
      onError: [LAPSED, PHONE_UNVERIFIED, { target: 'phone.failed', actions: 'assignErrorCode' }],
    }),
    /** Gender, year of birth and self-claimed roles: all required, every problem at once. */
    info: wizardStep('info', ['gender', 'yearOfBirth', 'roles'], 'finishing'),
    finishing: wizardCall('finish', { target: 'done', actions: 'assignUser' }, {
      input: infoInput,
      onError: [
        LAPSED,
        PHONE_UNVERIFIED,
        { guard: 'hasFieldErrors', target: 'info.invalid', actions: 'assignServerFieldErrors' },
        { target: 'info.failed', actions: 'assignErrorCode' },
      ],
    }),
  },
});
