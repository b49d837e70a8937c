import { assertEvent, assign, type EventObject, type MachineContext } from 'xstate';
import type { FieldIssue } from '../contract/errors.ts';
import { actorOutput, failureHoldUntil, withoutField, type RefusalContext } from './form.ts';
import { delayUntil } from './time.ts';

/**
 * The code half of a form whose code the server sends (OTP login by email, mobile verification by
 * SMS): the code typed, the sent code's expiry and resend times, and the hold after too many wrong
 * codes. Spread into the machine's setup beside its form piece:
 *
 *     const code = sentCodePiece<Ctx, Ev>((context) => validate(VerifySchema, verifyInput({ context })));
 *     setup({ delays: code.delays, guards: { ...form.guards, ...code.guards }, actions: { ...form.actions, ...code.actions } })
 *
 * The machine's actor that sends the code is `sendCode` and answers `{ expiresAt, resendAt }`.
 */
export interface SentCodeContext extends RefusalContext {
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

/** What `sendCode` answers. */
export interface CodeSent {
  expiresAt: string;
  resendAt: string;
}

function update<TContext extends MachineContext, TEvent extends EventObject>(
  assigner: (args: { context: TContext; event: EventObject }) => Partial<SentCodeContext>,
) {
  return assign<TContext, TEvent, undefined, TEvent, never>(assigner as (args: { context: TContext; event: EventObject }) => Partial<TContext>);
}

/** The timers, for `setup({ delays })`. */
export const SENT_CODE_DELAYS = {
  /** The server's `resendAt`: a new code may be asked for then. */
  resendAfter: ({ context }: { context: SentCodeContext }) => delayUntil(context.resendAt, context.now()),
  /** The server's `expiresAt`: the code is refused from then on. */
  codeExpiry: ({ context }: { context: SentCodeContext }) => delayUntil(context.expiresAt, context.now()),
  /** The hold ends at `holdUntil`; a code can be asked for again then. */
  holdExpiry: ({ context }: { context: SentCodeContext }) => delayUntil(context.holdUntil, context.now()),
};

/** `codeIssues` is the check of the request that sends the code back (the schema of the verify call). */
export function sentCodePiece<TContext extends SentCodeContext, TEvent extends EventObject>(codeIssues: (context: TContext) => FieldIssue[]) {
  const set = update<TContext, TEvent>;
  return {
    delays: SENT_CODE_DELAYS,
    guards: {
      isCodeInvalid: ({ context }: { context: TContext }) => codeIssues(context).length > 0,
    },
    actions: {
      assignCode: set(({ context, event }) => {
        assertEvent(event as { type: 'code.change' }, 'code.change');
        return { code: (event as EventObject & { value: string }).value, fieldErrors: withoutField(context.fieldErrors, 'code') };
      }),
      /** Only the code's issue: the rest of the form was accepted when the code was sent. */
      assignCodeErrors: set(({ context }) => ({ fieldErrors: codeIssues(context).filter((issue) => issue.field === 'code') })),
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
