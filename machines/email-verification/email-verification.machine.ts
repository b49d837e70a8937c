import { assign, setup } from 'xstate';
import type { EmailVerificationKind, EmailVerifyRequest, EmailVerifyResult } from '../../contract/schemas/verification.ts';
import { actorOutput, calling, childrenOf, errorCodeActions, failTo, failureHoldUntil, flowTypes, formGuards, hasCode, unprovided, type FailureCode } from '../form.ts';

/** Which page the link was opened on (login, contact or teacher email, a subscription change…) and the link's token. */
export type EmailVerificationInput = EmailVerifyRequest;

export interface EmailVerificationContext {
  kind: EmailVerificationKind;
  token: string;
  /** What the link applied, once verified. */
  result: EmailVerifyResult | null;
  errorCode: FailureCode | null;
  /** ISO time until which the account's two-factor login is held (state `held`, kind `mfa`). */
  holdUntil: string | null;
}

export type EmailVerificationEvent = { type: 'retry' };

function initialContext({ input }: { input: EmailVerificationInput }): EmailVerificationContext {
  return { kind: input.kind, token: input.token, result: null, errorCode: null, holdUntil: null };
}

function verifyInput({ context }: { context: EmailVerificationContext }): EmailVerifyRequest {
  return { kind: context.kind, token: context.token };
}

const actors = {
  verifyLink: unprovided<EmailVerifyResult, EmailVerifyRequest>('emailVerification', 'verifyLink'),
};

export const emailVerificationMachine = setup({
  types: { ...flowTypes<EmailVerificationContext, EmailVerificationEvent, EmailVerificationInput>(), children: childrenOf(actors) },
  actors,
  guards: {
    ...formGuards,
  },
  actions: {
    assignResult: assign({ result: ({ event }) => actorOutput<EmailVerifyResult>(event, 'verifyLink') }),
    assignHoldUntil: assign({ holdUntil: ({ event }) => failureHoldUntil(event) }),
    ...errorCodeActions<EmailVerificationContext, EmailVerificationEvent>(),
  },
}).createMachine({
  id: 'emailVerification',
  context: initialContext,
  initial: 'checking',
  states: {
    checking: calling('verifyLink', {
      input: verifyInput,
      onDone: { target: 'verified', actions: 'assignResult' },
      onError: [
        /** The same link followed again (another tab, a mail scanner): the change is already in force. */
        { guard: hasCode('alreadyUsed'), target: 'alreadyVerified' },
        { guard: hasCode('expired'), target: 'expired' },
        /** Between the request and the click, another account took the address. */
        { guard: hasCode('linkDuplicated', 'loginEmailTaken', 'emailTaken'), target: 'duplicated' },
        { guard: hasCode('linkInvalid', 'invalidPayload'), target: 'invalid' },
        /** A two-factor link while the account's two-factor login is held: nothing confirmed, the page says until when. */
        { guard: hasCode('held'), target: 'held', actions: 'assignHoldUntil' },
        failTo('checkFailed'),
      ],
    }),
    /** No answer (network, server): the link may be fine, so offer to try again. */
    checkFailed: {
      tags: ['error'],
      on: { retry: { target: 'checking', actions: 'clearError' } },
    },
    verified: { type: 'final', tags: ['done'] },
    alreadyVerified: { type: 'final', tags: ['done'] },
    expired: { type: 'final', tags: ['error'] },
    invalid: { type: 'final', tags: ['error'] },
    duplicated: { type: 'final', tags: ['error'] },
    held: { type: 'final', tags: ['error'] },
  },
});

