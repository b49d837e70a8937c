import * as verification from '../../contract/calls/verification.ts';
import * as emailSubscriptions from '../../contract/calls/email-subscriptions.ts';
import type { EmailVerifyRequest, EmailVerifyResult } from '../../contract/schemas/verification.ts';
import { call } from './client.ts';
import { fromCall } from './from-call.ts';

/**
 * The verification actors (email change, verification links, mobile codes, public subscription),
 * each one declared call. Apart from the other actors so only the pages that use them download them.
 */

/** Every kind, the subscription too: the server hands that one to the subscription rules. */
export function verifyEmailLink(request: EmailVerifyRequest, signal?: AbortSignal): Promise<EmailVerifyResult> {
  return call(verification.emailVerify, request, { signal });
}

/** The real actors, keyed by the names the emailChange, emailVerification, mobileVerification and publicSubscription machines declare. */
export const verificationActors = {
  requestChange: fromCall(verification.emailChange),
  fetchStatus: fromCall(verification.emailChangeStatus),
  verifyLink: fromCall(verification.emailVerify),
  sendCode: fromCall(verification.mobileSendCode),
  verifyCode: fromCall(verification.mobileVerify),
  subscribe: fromCall(emailSubscriptions.subscribe),
};
