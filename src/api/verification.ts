import { fromPromise } from 'xstate';
import type {
  EmailChangeKind,
  EmailChangeRequest,
  EmailChangeResult,
  EmailChangeStatus,
  EmailVerifyRequest,
  EmailVerifyResult,
  MobileSendCodeRequest,
  MobileState,
  ProfileData,
  MobileSendCodeResult,
  MobileVerifyRequest,
  MobileVerifyResult,
  PublicSubscriptionRequest,
  PublicSubscriptionResult,
} from '../../contract/schemas/profile.ts';
import { apiClient, send } from './client.ts';

/**
 * The verification calls of docs/api.md (email change, verification links, mobile codes, public
 * subscription), one typed function each, and the actors their machines declare. Apart from
 * `calls.ts`/`actors.ts` so only the pages that use them download them.
 */

export function requestEmailChange(request: EmailChangeRequest, signal?: AbortSignal): Promise<EmailChangeResult> {
  return send<EmailChangeResult>(apiClient, 'post', 'profile/email-change', { json: request, signal });
}

export function fetchEmailChangeStatus(kind: EmailChangeKind, signal?: AbortSignal): Promise<EmailChangeStatus> {
  return send<EmailChangeStatus>(apiClient, 'get', `profile/email-change?kind=${encodeURIComponent(kind)}`, { signal });
}

/** Every kind, the subscription too: the server hands that one to the subscription rules. */
export function verifyEmailLink(request: EmailVerifyRequest, signal?: AbortSignal): Promise<EmailVerifyResult> {
  return send<EmailVerifyResult>(apiClient, 'post', 'email-verifications', { json: request, signal });
}

/** The profile's mobile number and whether it is verified (`GET /api/profile`, read for that field only). */
export async function fetchProfileMobile(signal?: AbortSignal): Promise<MobileState | null> {
  return (await send<ProfileData>(apiClient, 'get', 'profile', { signal })).mobile;
}

export function sendMobileCode(request: MobileSendCodeRequest, signal?: AbortSignal): Promise<MobileSendCodeResult> {
  return send<MobileSendCodeResult>(apiClient, 'post', 'profile/mobile/send-code', { json: request, signal });
}

export function verifyMobileCode(request: MobileVerifyRequest, signal?: AbortSignal): Promise<MobileVerifyResult> {
  return send<MobileVerifyResult>(apiClient, 'post', 'profile/mobile/verify', { json: request, signal });
}

export function subscribePublic(request: PublicSubscriptionRequest, signal?: AbortSignal): Promise<PublicSubscriptionResult> {
  return send<PublicSubscriptionResult>(apiClient, 'post', 'email-subscriptions', { json: request, signal });
}

/** The real actors, keyed by the names the emailChange, emailVerification, mobileVerification and publicSubscription machines declare. */
export const verificationActors = {
  requestChange: fromPromise<EmailChangeResult, EmailChangeRequest>(({ input, signal }) => requestEmailChange(input, signal)),
  fetchStatus: fromPromise<EmailChangeStatus, { kind: EmailChangeKind }>(({ input, signal }) => fetchEmailChangeStatus(input.kind, signal)),
  verifyLink: fromPromise<EmailVerifyResult, EmailVerifyRequest>(({ input, signal }) => verifyEmailLink(input, signal)),
  sendCode: fromPromise<MobileSendCodeResult, MobileSendCodeRequest>(({ input, signal }) => sendMobileCode(input, signal)),
  verifyCode: fromPromise<MobileVerifyResult, MobileVerifyRequest>(({ input, signal }) => verifyMobileCode(input, signal)),
  subscribe: fromPromise<PublicSubscriptionResult, PublicSubscriptionRequest>(({ input, signal }) => subscribePublic(input, signal)),
};
