import { assertEvent, type EventObject } from 'xstate';
import type { UpgradeCodeRequest, UpgradeEmailRequest, UpgradeKind, UpgradeProgress, UpgradeStep } from '../../contract/schemas/upgrade.ts';
import { codeEntryDelays, codeEntryStates, updatePart } from '../code-entry.ts';
import { failureHoldUntil, hasCode, refusal, REFUSED, tooManyRequestsRoute, valueActions, type RefusalContext } from '../form.ts';

/**
 * The email-code step every membership upgrade shares (SPEC §2 Upgrade popups: student member
 * "email, verify", full member "email, code"): a fragment of states, actions and delays spread
 * into the upgrade's machine, so each upgrade has one statechart (one model, one coverage) and the
 * step is written once. The view block is src/features/upgrade/email-code-step.tsx.
 *
 *     setup({
 *       guards: { ...upgradeStepGuards<Values>(), isStepInvalid, … },
 *       actions: { ...emailCodeActions<Ctx, Ev>(), assignStepErrors, … },
 *       delays: EMAIL_CODE_DELAYS, …
 *     })
 *     states: { ...emailCodeStates('studentMemberUpgrade', 'subscribe'), … }
 *
 * The machine declares the actors `sendEmailCode` and `verifyEmailCode`, the parameterized guard
 * `isStepInvalid` (steps `email` and `code`), the action `assignStepErrors`, and the states
 * `lapsed` (the server no longer holds the steps before) and `held`'s way back.
 */

/** What the fragment reads and writes of the machine's context. */
export interface EmailCodeContext extends RefusalContext {
  now: () => number;
  kind: UpgradeKind;
  values: { email: string; code: string };
  /** The server's progress, with the sent code's expiry and resend times. */
  progress: UpgradeProgress | null;
  /** ISO time until which codes are refused (state `held`). */
  holdUntil: string | null;
}

/** The output of any step actor: every upgrade call answers the progress. */
export function progressOutput(event: EventObject): UpgradeProgress {
  if (!event.type.startsWith('xstate.done.actor.')) throw new Error(`Expected an actor's done event, got ${event.type}`);
  return (event as EventObject & { output: UpgradeProgress }).output;
}

/**
 * The guards every upgrade shares: `isAtStep` (the step the server's progress names) and
 * `isFieldOf` (each step takes only its own fields: what another step's form holds cannot change
 * under it).
 */
export function upgradeStepGuards<TValues>() {
  return {
    isAtStep: ({ event }: { event: EventObject }, params: { step: UpgradeStep }) => progressOutput(event).step === params.step,
    isFieldOf: ({ event }: { event: EventObject }, params: { fields: readonly (keyof TValues)[] }) => {
      assertEvent(event as { type: 'form.change'; field: keyof TValues }, 'form.change');
      return params.fields.includes((event as EventObject & { field: keyof TValues }).field);
    },
  };
}

/**
 * The actions every upgrade shares. `kept` names the values besides the email that the server's
 * progress fills in again (a reload, a resumed upgrade): the student upgrade's newsletter choice.
 */
export function emailCodeActions<TContext extends EmailCodeContext, TEvent extends EventObject>(
  kept: (progress: UpgradeProgress, values: TContext['values']) => Partial<TContext['values']> = () => ({}),
) {
  const set = updatePart<EmailCodeContext, TContext, TEvent>;
  /** What the server holds fills the form again; a code typed for an earlier one is cleared. */
  const fromProgress = set(({ context, event }) => {
    const progress = progressOutput(event);
    const values = context.values as TContext['values'];
    return { progress, values: { ...values, email: progress.email ?? values.email, ...kept(progress, values), code: '' }, fieldErrors: [], errorCode: null };
  });
  return {
    ...valueActions<TContext, TEvent>(),
    /** A new code replaces the old one: what was typed for the old one is cleared. */
    assignCodeSent: fromProgress,
    /** The server's progress after a step (or when the upgrade is opened again). */
    assignProgress: fromProgress,
    assignHoldUntil: set(({ context, event }) => ({ holdUntil: failureHoldUntil(event), values: { ...context.values, code: '' } })),
    clearHold: set(() => ({ holdUntil: null })),
    forgetCode: set(({ context }) => ({ values: { ...context.values, code: '' }, fieldErrors: [], errorCode: null })),
  };
}

/** The fragment's timers, for `setup({ delays })`: the code entry's, on the times in the server's progress. */
export const EMAIL_CODE_DELAYS = codeEntryDelays<EmailCodeContext>((context) => ({ expiresAt: context.progress?.codeExpiresAt, resendAt: context.progress?.codeResendAt }));

const LAPSED = (machineId: string) => ({ guard: hasCode('upgradeStepMissing'), target: `#${machineId}.lapsed` }) as const;

/** The code is typed into the step's form: `form.change` of `code`, checked as the step `code`. */
const UPGRADE_CODE_TYPING = {
  'form.change': { guard: { type: 'isFieldOf', params: { fields: ['code'] } }, actions: 'assignValue' },
  'form.submit': [
    { guard: { type: 'isStepInvalid', params: { step: 'code' } }, target: '.invalid', actions: { type: 'assignStepErrors', params: { step: 'code' } } },
    { target: 'verifying', actions: 'clearErrors' },
  ],
} as const;

/**
 * The states: `email` (type the personal email), `sendingCode`, `code` (the six digits, with the
 * resend countdown), `codeExpired` and `held`; a verified code goes on to `next`.
 */
export function emailCodeStates<const TMachineId extends string, const TNext extends string>(machineId: TMachineId, next: TNext) {
  const codeEntry = codeEntryStates({
    machineId,
    send: 'sendingCode',
    back: ['email.edit', 'email.idle'],
    expired: 'codeExpired',
    heldCode: 'held',
    typing: UPGRADE_CODE_TYPING,
    verify: {
      id: 'verifyEmailCode',
      input: ({ context }: { context: EmailCodeContext }): UpgradeCodeRequest => ({ kind: context.kind, code: context.values.code }),
      onDone: { target: `#${machineId}.${next}`, actions: 'assignProgress' },
      refusals: [LAPSED(machineId)],
    },
  });
  return {
    /** The personal email; another account's login email is refused (`taken`). */
    email: {
      tags: ['ready'],
      initial: 'idle',
      on: {
        'form.change': { guard: { type: 'isFieldOf', params: { fields: ['email'] } }, actions: 'assignValue' },
        'form.submit': [
          { guard: { type: 'isStepInvalid', params: { step: 'email' } }, target: '.invalid', actions: { type: 'assignStepErrors', params: { step: 'email' } } },
          { target: 'sendingCode', actions: 'clearErrors' },
        ],
      },
      states: {
        idle: {},
        invalid: REFUSED,
        taken: REFUSED,
        tooSoon: REFUSED,
        sendLimit: REFUSED,
        /** Too many requests from this network or for this email (decisions/holds.md): try again after `holdUntil`. */
        tooManyRequests: REFUSED,
        failed: REFUSED,
      },
    },
    sendingCode: {
      tags: ['busy'],
      invoke: {
        id: 'sendEmailCode',
        src: 'sendEmailCode',
        input: ({ context }: { context: EmailCodeContext }): UpgradeEmailRequest => ({ kind: context.kind, email: context.values.email }),
        onDone: { target: 'code', actions: 'assignCodeSent' },
        onError: [
          { guard: hasCode('held'), target: 'held', actions: 'assignHoldUntil' },
          LAPSED(machineId),
          refusal('email.taken', 'loginEmailTaken'),
          refusal('email.tooSoon', 'codeResendTooSoon'),
          refusal('email.sendLimit', 'upgradeSendLimit'),
          tooManyRequestsRoute('email.tooManyRequests'),
          { guard: 'hasFieldErrors', target: 'email.invalid', actions: 'assignServerFieldErrors' },
          { target: 'email.failed', actions: 'assignErrorCode' },
        ],
      },
    },
    /** The code entry (machines/code-entry.ts): the countdowns, the code typed and verified. */
    code: codeEntry.entry,
    /** The code ran out before it was used: ask for a new one, or change the email. */
    codeExpired: codeEntry.expired,
    /** More than 5 wrong codes in 24 hours: refused until `holdUntil`. */
    held: codeEntry.held,
  } as const;
}
