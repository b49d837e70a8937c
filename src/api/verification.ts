import * as profile from '../../contract/calls/profile.ts';
import * as emailSubscriptions from '../../contract/calls/email-subscriptions.ts';
import type { EmailVerifyRequest, EmailVerifyResult, MobileState } from '../../contract/schemas/profile.ts';
import { call } from './client.ts';
import { fromCall } from './from-call.ts';

/**
 * The verification actors (email change, verification links, mobile codes, public subscription),
 * each one declared call. Apart from the other actors so only the pages that use them download them.
 */

/** Every kind, the subscription too: the server hands that one to the subscription rules. */
export function verifyEmailLink(request: EmailVerifyRequest, signal?: AbortSignal): Promise<EmailVerifyResult> {
  return call(profile.emailVerify, request, { signal });
}

/** The profile's mobile number and whether it is verified (`GET /api/profile`, read for that field only). */
export async function fetchProfileMobile(signal?: AbortSignal): Promise<MobileState | null> {
  return (await call(profile.profile, undefined, { signal })).mobile;
}

/** The real actors, keyed by the names the emailChange, emailVerification, mobileVerification and publicSubscription machines declare. */
export const verificationActors = {
  requestChange: fromCall(profile.emailChange),
  fetchStatus: fromCall(profile.emailChangeStatus),
  verifyLink: fromCall(profile.emailVerify),
  sendCode: fromCall(profile.mobileSendCode),
  verifyCode: fromCall(profile.mobileVerify),
  subscribe: fromCall(emailSubscriptions.subscribe),
};
