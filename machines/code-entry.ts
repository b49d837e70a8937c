import { assertEvent, assign, type EventObject, type MachineContext } from 'xstate';
import type { FieldIssue } from '../contract/errors.ts';
import { actorOutput, editingStates, FAILED_ROUTE, failureHoldUntil, FIELD_ERRORS_ROUTE, hasCode, refusal, REFUSED, withoutField, type FailureCode, type RefusalContext } from './form.ts';
import { delayUntil } from './time.ts';

/**
 * The code entry: a code the server sends (OTP login by email, mobile verification by SMS, the
 * upgrades' email step) and the six digits typed back, with its countdowns and its hold. Written
 * once here, spread into each machine:
 *
 * - `codeEntryStates(options)`: the states. `entry` is the parallel state where the code is typed
 *   (region `resend`: `locked` until the server's resend time, then `available`; region `entry`:
 *   `editing` and `verifying`, so a refused code does not restart the countdowns), `expired` the
 *   state the countdown ends in (and the server's `codeExpired`), `held` the hold after too many
 *   wrong codes. The machine places them under its own names.
 * - `codeEntryDelays(times)`: the timers `resendAfter`, `codeExpiry` and `holdExpiry`.
 * - `codeEntryPiece(issues)`: the guards and actions of a machine keeping the code in the
 *   `CodeEntryContext` fields (OTP login, mobile verification); the upgrades keep it in their
 *   progress and values and bring their own (machines/upgrade/email-code-step.ts).
 * - `resendRegion(target, event)`: the resend wait alone (also the two-factor link's).
 *
 * A resend or expiry rule changes here. The view part is src/ui/code-entry.tsx.
 */

/** What a machine keeping the code in its own fields holds. */
export interface CodeEntryContext extends RefusalContext {
  now: () => number;
  /** The six digits typed. */
  code: string;
  /** ISO time the sent code stops being accepted (delay `codeExpiry`). */
  expiresAt: string | null;
  /** ISO time a new code may be asked for (delay `resendAfter`). */
  resendAt: string | null;
  /** ISO time until which codes are refused (state `held`). */
  holdUntil: string | null;
}

/** What the actor that sends the code (`sendCode`) answers. */
export interface CodeSent {
  expiresAt: string;
  resendAt: string;
}

/** The two times a sent code counts down to. */
export interface CodeTimes {
  expiresAt: string | null | undefined;
  resendAt: string | null | undefined;
}

/**
 * An `assign` of part of a machine's context, typed for the machine it is spread into: the part
 * is guaranteed by the type parameter's bound; the cast tells TypeScript what it cannot see
 * through the generic.
 */
export function updatePart<TPart extends object, TContext extends MachineContext, TEvent extends EventObject>(
  assigner: (args: { context: TContext; event: EventObject }) => Partial<TPart>,
) {
  return assign<TContext, TEvent, undefined, TEvent, never>(assigner as (args: { context: TContext; event: EventObject }) => Partial<TContext>);
}

/** A timer until the ISO time `until(context)` on the machine's clock; 0 when past or unknown. */
export function delayTo<TContext extends { now: () => number }>(until: (context: TContext) => string | null | undefined) {
  return ({ context }: { context: TContext }) => delayUntil(until(context) ?? null, context.now());
}

/** The timers, for `setup({ delays })`; `times` reads where the machine keeps the server's times. */
export function codeEntryDelays<TContext extends { now: () => number; holdUntil: string | null }>(times: (context: TContext) => CodeTimes) {
  return {
    /** The server's resend time: a new code may be asked for then. */
    resendAfter: delayTo<TContext>((context) => times(context).resendAt),
    /** The server's expiry: the code is refused from then on. */
    codeExpiry: delayTo<TContext>((context) => times(context).expiresAt),
    /** The hold ends at `holdUntil`; a code can be asked for again then. */
    holdExpiry: delayTo<TContext>((context) => context.holdUntil),
  };
}

/** When a new code may be asked for: `locked` until the delay `resendAfter`, then `event` goes to `target`. */
export function resendRegion<const TTarget extends string, const TEvent extends string = 'code.resend'>(target: TTarget, event: TEvent = 'code.resend' as TEvent) {
  return {
    initial: 'locked',
    states: {
      locked: { after: { resendAfter: 'available' } },
      available: { on: { [event]: target } as { [K in TEvent]: TTarget } },
    },
  } as const;
}

/** Typing the code: `code.change`, and `code.submit` checked by `isCodeInvalid` first. */
export const CODE_TYPING = {
  'code.change': { actions: 'assignCode' },
  'code.submit': [
    { guard: 'isCodeInvalid', target: '.invalid', actions: 'assignCodeErrors' },
    { target: 'verifying', actions: 'clearErrors' },
  ],
} as const;

/** The call that checks the typed code. */
export interface CodeVerify<TId extends string, TInput, TDone, TRefusals extends readonly object[], TExit extends readonly string[] = readonly []> {
  /** The actor's id and source. */
  id: TId;
  input: TInput;
  onDone: TDone;
  /** The machine's own refusals, tried after the hold and the expiry and before the wrong code. */
  refusals?: TRefusals;
  /** Actions when the check ends, whatever it answered (a robot check's token is spent). */
  exit?: TExit;
}

export interface CodeEntryOptions<
  TMachineId extends string,
  TSend extends string,
  TBackEvent extends string,
  TBackTarget extends string,
  TExpired extends string,
  TRefusedExpired extends string,
  TVerify,
  TTyping extends object,
  TStates extends object = {},
> {
  machineId: TMachineId;
  /** The state that sends a code (again). */
  send: TSend;
  /** The way back to the form the code was sent from: its event and target state. */
  back: readonly [TBackEvent, TBackTarget];
  /** The state the countdown ends in. */
  expired: TExpired;
  /** The state the server's `codeExpired` leads to; `expired` when left out. */
  refusedExpired?: TRefusedExpired;
  /** The code of the hold after too many wrong codes (`held`, `otpHeld`). */
  heldCode: FailureCode;
  verify: TVerify;
  /** How the code is typed; `CODE_TYPING` when left out. */
  typing?: TTyping;
  /** The machine's own refusal states under the entry's `editing`, beside `wrong` and `notFound` (a robot check's `challenge`). */
  states?: TStates;
}

/** The states of the code entry, for the machine to place: `entry` (where the code is typed), `expired`, `held`. */
export function codeEntryStates<
  const TMachineId extends string,
  const TSend extends string,
  const TBackEvent extends string,
  const TBackTarget extends string,
  const TExpired extends string,
  const TVerifyId extends string,
  TInput,
  const TDone,
  const TRefusals extends readonly object[] = readonly [],
  const TRefusedExpired extends string = TExpired,
  const TTyping extends object = typeof CODE_TYPING,
  const TStates extends object = {},
  const TExit extends readonly string[] = readonly [],
>(options: CodeEntryOptions<TMachineId, TSend, TBackEvent, TBackTarget, TExpired, TRefusedExpired, CodeVerify<TVerifyId, TInput, TDone, TRefusals, TExit>, TTyping, TStates>) {
  const { machineId, send, back, expired, heldCode, verify } = options;
  const states = (options.states ?? {}) as TStates;
  const exit = (verify.exit ?? []) as TExit;
  const [backEvent, backTarget] = back;
  const refusedExpired = (options.refusedExpired ?? expired) as TRefusedExpired;
  const typing = (options.typing ?? CODE_TYPING) as TTyping;
  const refusals = (verify.refusals ?? []) as unknown as TRefusals;
  return {
    entry: {
      type: 'parallel',
      after: { codeExpiry: { target: expired, actions: 'forgetCode' } },
      on: { [backEvent]: { target: backTarget, actions: 'forgetCode' } } as { [K in TBackEvent]: { target: TBackTarget; actions: 'forgetCode' } },
      states: {
        resend: resendRegion(`#${machineId}.${send}`),
        entry: {
          initial: 'editing',
          states: {
            editing: { tags: ['ready'], initial: 'idle', on: typing, states: editingStates({ wrong: REFUSED, notFound: REFUSED, ...states }) },
            verifying: {
              tags: ['busy'],
              exit,
              invoke: {
                id: verify.id,
                src: verify.id,
                input: verify.input,
                onDone: verify.onDone,
                onError: [
                  /** The 6th wrong code within 24 hours, whichever code was sent last. */
                  { guard: hasCode(heldCode), target: `#${machineId}.held`, actions: 'assignHoldUntil' },
                  { guard: hasCode('codeExpired'), target: `#${machineId}.${refusedExpired}`, actions: 'forgetCode' },
                  ...refusals,
                  refusal('editing.wrong', 'codeWrong'),
                  refusal('editing.notFound', 'codeNotFound'),
                  FIELD_ERRORS_ROUTE,
                  FAILED_ROUTE,
                ],
              },
            },
          },
        },
      },
    },
    /** The code ran out before it was used: ask for a new one, or go back. */
    expired: {
      tags: ['error'],
      on: { 'code.resend': send, [backEvent]: backTarget } as { 'code.resend': TSend } & { [K in TBackEvent]: TBackTarget },
    },
    /** More than 5 wrong codes in 24 hours: refused until `holdUntil`, then back to the form. */
    held: {
      tags: ['error'],
      after: { holdExpiry: { target: backTarget, actions: 'clearHold' } },
    },
  } as const;
}

/**
 * The guards and actions of a code kept in the `CodeEntryContext` fields, for `setup`.
 * `codeIssues` is the check of the request that sends the code back (the schema of the verify call).
 */
export function codeEntryPiece<TContext extends CodeEntryContext, TEvent extends EventObject>(codeIssues: (context: TContext) => FieldIssue[]) {
  const set = updatePart<CodeEntryContext, TContext, TEvent>;
  return {
    delays: codeEntryDelays<TContext>((context) => context),
    guards: {
      isCodeInvalid: ({ context }: { context: TContext }) => codeIssues(context).length > 0,
    },
    actions: {
      assignCode: set(({ context, event }) => {
        assertEvent(event as { type: 'code.change' }, 'code.change');
        return { code: (event as EventObject & { value: string }).value, fieldErrors: withoutField(context.fieldErrors, 'code') };
      }),
      /** Only the code's issue (and the robot check's, where the code entry shows one): the rest of the form was accepted when the code was sent. */
      assignCodeErrors: set(({ context }) => ({ fieldErrors: codeIssues(context).filter((issue) => issue.field === 'code' || issue.field === 'recaptcha') })),
      /** A new code replaces the old one: what was typed for the old one is cleared. */
      assignSent: set(({ event }) => {
        const sent = actorOutput<CodeSent>(event, 'sendCode');
        return { expiresAt: sent.expiresAt, resendAt: sent.resendAt, code: '', fieldErrors: [], errorCode: null };
      }),
      forgetCode: set(() => ({ code: '', expiresAt: null, resendAt: null, fieldErrors: [], errorCode: null })),
      assignHoldUntil: set(({ event }) => ({ holdUntil: failureHoldUntil(event), code: '', expiresAt: null, resendAt: null })),
      clearHold: set(() => ({ holdUntil: null })),
    },
  };
}

/** The fresh context of a machine keeping the code in its own fields, before any is sent. */
export function noCodeSent(now: (() => number) | undefined) {
  return { now: now ?? Date.now, code: '', expiresAt: null, resendAt: null, fieldErrors: [], errorCode: null, holdUntil: null } satisfies CodeEntryContext;
}
