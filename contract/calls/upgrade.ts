import { declareCall } from '../call.ts';
import { UserSchema } from '../schemas/account.ts';
import {
  FullInfoRequestSchema,
  StudentFinishRequestSchema,
  StudentSubscribeRequestSchema,
  UpgradeCodeRequestSchema,
  UpgradeEmailRequestSchema,
  UpgradeProgressRequestSchema,
  UpgradeProgressSchema,
  UpgradeStartRequestSchema,
  UpgradeTermsRequestSchema,
} from '../schemas/upgrade.ts';

/**
 * Membership upgrades (issue 11, SPEC §2 Upgrade popups, §4): the progress store and the
 * email-code step are shared by every kind of upgrade; the kind's own steps follow. Each step is
 * checked on the server against the progress kept there, so none can be skipped.
 */

const PASSWORD_CODES = ['passwordTooShort', 'passwordTooSimple', 'passwordTooCommon', 'passwordMismatch'] as const;

export const progress = declareCall({
  name: 'upgrade.progress',
  method: 'get',
  path: 'upgrades/progress',
  session: true,
  request: UpgradeProgressRequestSchema,
  response: UpgradeProgressSchema,
  codes: ['upgradeNotEligible'],
  summary: 'The step an upgrade has reached, kept by the server for the resume window (`intro` when nothing is kept).',
});

export const acceptTerms = declareCall({
  name: 'upgrade.acceptTerms',
  method: 'post',
  path: 'upgrades/terms',
  session: true,
  request: UpgradeTermsRequestSchema,
  response: UpgradeProgressSchema,
  codes: ['upgradeNotEligible'],
  summary: 'Accepts the upgrade terms: starts (or restarts) the upgrade at the email step.',
});

export const sendEmailCode = declareCall({
  name: 'upgrade.sendEmailCode',
  method: 'post',
  path: 'upgrades/email',
  session: true,
  request: UpgradeEmailRequestSchema,
  response: UpgradeProgressSchema,
  codes: ['upgradeNotEligible', 'upgradeStepMissing', 'loginEmailTaken', 'codeResendTooSoon', 'upgradeSendLimit', 'held', 'tooManyRequests'],
  summary: "Emails a six-digit code to the personal email (not another account's login email), in the account's language.",
});

export const verifyEmailCode = declareCall({
  name: 'upgrade.verifyEmailCode',
  method: 'post',
  path: 'upgrades/email/verify',
  session: true,
  request: UpgradeCodeRequestSchema,
  response: UpgradeProgressSchema,
  codes: ['upgradeNotEligible', 'upgradeStepMissing', 'codeWrong', 'codeExpired', 'codeNotFound', 'held'],
  summary: 'Checks the emailed code (usable once; more than 5 wrong codes in 24 hours hold the account).',
});

export const studentSubscribe = declareCall({
  name: 'upgrade.studentSubscribe',
  method: 'post',
  path: 'upgrades/student-member/subscribe',
  session: true,
  request: StudentSubscribeRequestSchema,
  response: UpgradeProgressSchema,
  codes: ['upgradeNotEligible', 'upgradeStepMissing'],
  summary: "Student-member upgrade: the newsletter choice (students' newsletter or none).",
});

export const studentFinish = declareCall({
  name: 'upgrade.studentFinish',
  method: 'post',
  path: 'upgrades/student-member/finish',
  session: true,
  request: StudentFinishRequestSchema,
  response: UserSchema,
  codes: ['upgradeNotEligible', 'upgradeStepMissing', 'loginEmailTaken', ...PASSWORD_CODES, 'wrongPasswordOrUserNotFound', 'upgradeLinkNotMember', 'loginThrottled', 'loginChallengeRequired'],
  summary: 'Student-member upgrade, last step: a password for the new member login, or an existing member account; the account becomes STUDENT_MEMBER at once.',
  // With a reCAPTCHA token once the member account's guessing budget is spent (up to 4,000 characters), as the login.
  bodyLimit: { bytes: 16 * 1024 },
});

export const start = declareCall({
  name: 'upgrade.start',
  method: 'post',
  path: 'upgrades/start',
  session: true,
  request: UpgradeStartRequestSchema,
  response: UpgradeProgressSchema,
  codes: ['upgradeNotEligible', 'upgradeStepMissing'],
  summary: 'Starts an upgrade without a terms step (full member, after its welcome) at the email step; a live one is kept as it is.',
});

export const fullPhone = declareCall({
  name: 'upgrade.fullPhone',
  method: 'post',
  path: 'upgrades/full-member/phone',
  session: true,
  response: UpgradeProgressSchema,
  codes: ['upgradeNotEligible', 'upgradeStepMissing', 'upgradePhoneUnverified'],
  summary: "Full-member upgrade: the phone step is done once the account's mobile number was verified by SMS after the email step.",
});

export const fullFinish = declareCall({
  name: 'upgrade.fullFinish',
  method: 'post',
  path: 'upgrades/full-member/finish',
  session: true,
  request: FullInfoRequestSchema,
  response: UserSchema,
  codes: ['upgradeNotEligible', 'upgradeStepMissing', 'upgradePhoneUnverified', 'loginEmailTaken'],
  summary: 'Full-member upgrade, last step: gender, year of birth and self-claimed roles; the account becomes FULL_MEMBER with its permissions at once.',
});
