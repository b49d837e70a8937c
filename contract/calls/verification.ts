import * as v from 'valibot';
import { declareCall } from '../call.ts';
import {
  EMAIL_CHANGE_KINDS,
  EmailChangeRequestSchema,
  EmailChangeResultSchema,
  EmailChangeStatusSchema,
  EmailVerifyRequestSchema,
  EmailVerifyResultSchema,
  MobileSendCodeRequestSchema,
  MobileSendCodeResultSchema,
  MobileVerifyRequestSchema,
  MobileVerifyResultSchema,
} from '../schemas/verification.ts';

/**
 * Email changes, emailed verification links and mobile codes (server/routes/verification.ts). Apart
 * from the profile calls, with their schemas (contract/schemas/verification.ts), so the pages that
 * make them (the full-member upgrade's phone step, the link and newsletter pages) do not download
 * the profile schemas (issue 26).
 */

export const emailChangeStatus = declareCall({
  name: 'emailChange.status',
  method: 'get',
  path: 'profile/email-change',
  session: true,
  request: v.object({ kind: v.picklist(EMAIL_CHANGE_KINDS, 'format') }),
  response: EmailChangeStatusSchema,
  codes: ['forbidden'],
  summary: 'The current address of a kind and the one waiting for its link.',
});

export const emailChange = declareCall({
  name: 'emailChange.request',
  method: 'post',
  path: 'profile/email-change',
  session: true,
  request: EmailChangeRequestSchema,
  response: EmailChangeResultSchema,
  codes: ['emailUnchanged', 'emailChangeLimit', 'emailDomainNotAccepted', 'loginEmailTaken', 'loginEmailPending', 'forbidden', 'recordNotFound', 'emailTaken', 'tooManyRequests'],
  summary: 'Emails a confirmation link to a new login, contact or teacher email.',
});

export const emailVerify = declareCall({
  name: 'emailVerification.verify',
  method: 'post',
  path: 'email-verifications',
  request: EmailVerifyRequestSchema,
  response: EmailVerifyResultSchema,
  codes: ['alreadyUsed', 'expired', 'linkInvalid', 'linkDuplicated', 'loginEmailTaken', 'emailTaken', 'held'],
  summary: "Follows an emailed confirmation link (no session needed). A two-factor link (kind `mfa`) answers `held` while the account's two-factor login is held.",
});

export const mobileSendCode = declareCall({
  name: 'mobile.sendCode',
  method: 'post',
  path: 'profile/mobile/send-code',
  session: true,
  request: MobileSendCodeRequestSchema,
  response: MobileSendCodeResultSchema,
  codes: ['mobileNotMobile', 'codeResendTooSoon', 'smsLimit', 'held', 'smsSendFailed'],
  summary: 'Sends a six-digit code by SMS.',
});

export const mobileVerify = declareCall({
  name: 'mobile.verify',
  method: 'post',
  path: 'profile/mobile/verify',
  session: true,
  request: MobileVerifyRequestSchema,
  response: MobileVerifyResultSchema,
  codes: ['mobileNotMobile', 'codeWrong', 'codeExpired', 'codeNotFound', 'held'],
  summary: 'Checks the SMS code; the number becomes verified.',
});
