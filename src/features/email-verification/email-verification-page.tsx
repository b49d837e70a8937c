import { useActorRef } from '@xstate/react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { ApiError } from '../../../contract/api-error.ts';
import { LinkTokenSchema } from '../../../contract/schemas/common.ts';
import type { EmailVerificationKind, EmailVerifyRequest, EmailVerifyResult } from '../../../contract/schemas/verification.ts';
import { emailVerificationMachine } from '../../../machines/email-verification/email-verification.machine.ts';
import { verifyEmailLink } from '../../api/verification.ts';
import { EmailVerificationView } from './email-verification-view.tsx';

/** A link without a usable token is invalid on its face: no call is made for it. */
const liveMachine = emailVerificationMachine.provide({
  actors: {
    verifyLink: fromPromise<EmailVerifyResult, EmailVerifyRequest>(async ({ input, signal }) => {
      if (!v.is(LinkTokenSchema, input.token)) throw new ApiError('linkInvalid', 400);
      return verifyEmailLink(input, signal);
    }),
  },
});

/**
 * `?token=` as text. The router reads query values as JSON where they parse, so a token that
 * looks like a number arrives as one and is taken back as text; anything else reads as no token.
 */
export function tokenOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' ? String(value) : '';
}

/** The page of `/login-emails/verify`, `/contact-emails/verify`, `/teacher-auths/verify` and `/subscriptions/verify`. */
export function EmailVerificationPage({ kind, token }: { kind: EmailVerificationKind; token: string }) {
  const actor = useActorRef(liveMachine, { input: { kind, token } });
  return <EmailVerificationView actor={actor} />;
}
