import { assign, type EventObject, type MachineContext } from 'xstate';
import type { FieldIssue } from '../../contract/errors.ts';
import { hasCode, RECAPTCHA_ON, recaptchaActions, REFUSED, type RecaptchaContext } from '../form.ts';

/**
 * The challenge of a password sign-in (docs/decisions/login-throttling.md "Per account"): once
 * the server answers `loginChallengeRequired` (the account has had too many wrong passwords from
 * browsers it does not know), the form shows the reCAPTCHA widget, and every later attempt from it
 * carries a solved token (`recaptchaToken`), spent whatever the answer. Shared by the password
 * login (`passwordLogin`) and the third-party link (`thirdPartyLink`), which sign in the same way.
 */
export interface PasswordChallengeContext extends RecaptchaContext {
  /** Whether the server asked for the challenge: the widget is shown and must be solved. */
  challenged: boolean;
}

/** The starting values of the challenge's part of the context. */
export const NO_CHALLENGE = { challenged: false, recaptcha: '', recaptchaRound: 0 } as const;

/** The form's check: once challenged, the widget must be solved before the attempt is sent. */
export function challengeIssues(context: PasswordChallengeContext): FieldIssue[] {
  return context.challenged && context.recaptcha === '' ? [{ field: 'recaptcha', rule: 'recaptcha' }] : [];
}

/** The token part of the request: present only once challenged (and solved). */
export function challengeToken(context: PasswordChallengeContext): { recaptchaToken?: string } {
  return context.challenged && context.recaptcha !== '' ? { recaptchaToken: context.recaptcha } : {};
}

/** The challenge's actions (the widget's, plus `markChallenged` and `spendChallengeToken`), for `setup({ actions })`. */
export function challengeActions<TContext extends PasswordChallengeContext & MachineContext, TEvent extends EventObject>() {
  const set = (assigner: (args: { context: TContext }) => Partial<PasswordChallengeContext>) =>
    assign<TContext, TEvent, undefined, TEvent, never>(assigner as (args: { context: TContext }) => Partial<TContext>);
  return {
    ...recaptchaActions<TContext, TEvent>(),
    markChallenged: set(() => ({ challenged: true })),
    /** A sent token is spent whatever the answer: the widget is reset for the next attempt. */
    spendChallengeToken: set(({ context }) => (context.recaptcha === '' ? {} : { recaptcha: '', recaptchaRound: context.recaptchaRound + 1 })),
  };
}

/** The widget's events while the form is shown; the widget is only there once challenged. */
export const CHALLENGE_ON = {
  'recaptcha.solve': { guard: 'isChallenged', ...RECAPTCHA_ON['recaptcha.solve'] },
  'recaptcha.expire': { guard: 'isChallenged', ...RECAPTCHA_ON['recaptcha.expire'] },
} as const;

/** The challenge's guard, for `setup({ guards })`. */
export const challengeGuards = {
  isChallenged: ({ context }: { context: PasswordChallengeContext }) => context.challenged,
};

/** `editing.challenge`: the account needs the challenge; the message and the widget are shown. */
export const CHALLENGE_STATES = { challenge: REFUSED } as const;

/** The server asked for the challenge. */
export const CHALLENGE_ROUTE = { guard: hasCode('loginChallengeRequired'), target: 'editing.challenge', actions: ['assignErrorCode', 'markChallenged'] } as const;
