/**
 * The error-code catalogue: every refusal the API can answer with. Codes that SPEC §8 names are
 * kept verbatim; the others are ours (docs/api.md lists each with its calls).
 * Each code maps to the HTTP status the server answers with.
 */
export const ERROR_CODES = {
  // Protocol and generic
  malformedJson: 400,
  /** The body, or a query string, is not valid UTF-8 (refused, never replaced with U+FFFD). */
  invalidEncoding: 400,
  /** The JSON body nests arrays and objects deeper than MAX_JSON_DEPTH (contract/text.ts). */
  jsonTooDeep: 400,
  invalidPayload: 400,
  /** A field holds a control character (NUL, a line break, …; contract/text.ts). */
  controlCharacter: 400,
  payloadTooLarge: 413,
  /** The request's address (path and query) is longer than the server reads. */
  uriTooLong: 414,
  /** The request's head (address and headers) is longer than the server reads (answered before routing). */
  headersTooLarge: 431,
  unauthorized: 401,
  forbidden: 403,
  crossSiteRequest: 403,
  notFound: 404,
  recaptchaFailed: 400,
  held: 429,
  /**
   * Too many requests of this kind from this network, or for this login or email, in a short
   * time (account discovery; docs/decisions/holds.md): wait until `holdUntil`.
   */
  tooManyRequests: 429,
  internal: 500,
  /** The process is saturated: shed before any work, with `Retry-After` (server/load-shedding.ts). */
  serverBusy: 503,

  // Login and session
  loginFailed: 401,
  accountInactive: 403,
  /** Too many wrong passwords for this account from this address: wait until `holdUntil`. */
  loginThrottled: 429,
  /** This account has had too many wrong passwords from browsers it does not know: send the attempt again with a reCAPTCHA token (`recaptchaToken`). */
  loginChallengeRequired: 429,

  // Third-party sign-in (SPEC §8 Third-party link; issue 10)
  /** The third-party identity is already linked to another account (SPEC §8, verbatim). */
  identifierUsed: 409,
  /** The third-party sign-in failed for a reason the person cannot fix: try again (SPEC §8 "unknown failure"). */
  thirdPartyFailed: 400,
  identityNotLinked: 404,
  /** Unlinking would leave the account with no way to sign in. */
  lastSignInMethod: 409,
  signInChoiceInvalid: 400,

  // Registration
  loginIdTaken: 409,
  emailTaken: 409,
  termsNotAccepted: 400,

  // Passwords (new-password policy and change)
  currentPasswordIncorrect: 400,
  passwordTooShort: 400,
  passwordTooSimple: 400,
  passwordTooCommon: 400,
  passwordSameAsOld: 400,
  passwordMismatch: 400,

  // Activation and reset links (SPEC §8 Activation and reset pages)
  recordNotFound: 404,
  wrongUrl: 400,
  alreadyUsed: 410,
  expired: 410,
  userNotFound: 404,

  // Forgot password (SPEC §8)
  emailNotFound: 404,
  loginIdNotFound: 404,
  accountHasNoEmail: 409,

  // Association (SPEC §8, verbatim)
  wrongPasswordOrUserNotFound: 400,
  notStudent: 400,
  inactiveAssociateAccount: 400,
  alreadyHasActiveAssociation: 409,
  non_full_member: 403,
  invalid_relationship_nature: 400,
  duplicated_relationship_nature: 409,
  not_exist_user_relationship: 404,

  // Family home (SPEC §8); SPEC describes these without code strings, so the names are ours
  familyNoLoginEmail: 403,
  familyFunctionalAccount: 403,
  familyStudentOnly: 403,
  /** Issue 13: teachers, school administrators and other accounts SPEC §6 gives no family permission (not functional, not students). */
  familyAccountType: 403,
  familyFull: 409,
  familyCodeExpired: 410,
  familyAdminEmailNotFound: 404,
  familyCodeMismatch: 400,
  familyNotFound: 404,
  familyCannotCreateOrJoin: 409,
  indecentLanguage: 400,

  // Family details (SPEC §8)
  familyDismissed: 409,
  familyLeft: 409,
  familyKicked: 409,
  familyNotMember: 403,
  familyRequestNotFound: 404,
  familyMemberNotFound: 404,
  familyNotAdmin: 403,
  familyAlreadyProcessed: 409,
  familyCannotWithdrawProcessed: 409,
  familySingleAdmin: 409,
  familyMultipleAdmin: 409,
  familyAlreadyAdmin: 409,
  familyNoLongerAdmin: 409,
  familyMemberNotAdmin: 409,
  familyInviteLimit: 429,

  // Profiles, verification and newsletters (issue 4); SPEC §8 describes these without code strings
  nicknameTaken: 409,
  loginEmailTaken: 409,
  loginEmailPending: 409,
  emailDomainNotAccepted: 400,
  linkInvalid: 400,
  linkDuplicated: 409,
  codeWrong: 400,
  codeExpired: 410,
  codeNotFound: 404,
  smsSendFailed: 424,
  mobileNotMobile: 400,
  codeResendTooSoon: 429,
  smsLimit: 429,
  emailUnchanged: 400,
  emailChangeLimit: 429,
  schoolInfoReadOnly: 403,
  schoolStaffOnly: 403,

  // OTP login (issue 9, SPEC §8 OTP); SPEC describes these without code strings
  otpUnknownLogin: 404,
  otpNoEmail: 409,
  otpSchoolAdmin: 403,
  otpHeld: 429,
  otpSendLimit: 429,
  // Two-factor for school administrators (issue 9, SPEC §8 Two-factor: 04 is mfaExpired, 07 mfaEmailNotUsable)
  mfaExpired: 410,
  mfaNotCompleted: 409,
  mfaEmailNotAcceptable: 400,
  mfaEmailInUse: 409,
  mfaEmailPending: 409,
  mfaEmailTeacherVerified: 409,
  mfaEmailNotUsable: 400,
  /** The administrator's own login email offered as the second factor: a reset and the second factor would reach one inbox (issue 26). */
  mfaEmailIsLoginEmail: 409,
  // Login QR code (issue 9): both tell the user to contact the school administrator
  qrCodeInvalid: 400,
  qrLoginNotAllowed: 403,
  // Membership upgrades (issue 11); SPEC §8 Upgrade gives one message for every failure, these say more
  /** The account's category cannot take this upgrade (or has taken it). */
  upgradeNotEligible: 403,
  /** A step was sent before the steps it follows were done (or after the progress lapsed). */
  upgradeStepMissing: 409,
  /** As many upgrade codes as allowed in 24 hours were sent. */
  upgradeSendLimit: 429,
  /** The account to link to is not a member account. */
  upgradeLinkNotMember: 400,
  /** Full-member upgrade: the phone step was sent before a mobile number was verified by SMS in this upgrade. */
  upgradePhoneUnverified: 409,
  // The account's security page (issue 10)
  sessionNotFound: 404,
  sessionIsCurrent: 409,
  // The school email list (issue 12; docs/decisions/org-accounts.md)
  /** The record is not (or no longer) in the school's list. */
  orgAccountNotFound: 404,
  /** The account may read the list but not change it (SPEC §6 org_account.write). */
  orgAccountReadOnly: 403,
  /** The account may not read the school's list (SPEC §6 org_account.read). */
  orgAccountNoAccess: 403,
  /** The import file is not an .xlsx workbook (a renamed binary, a damaged file). */
  importFileInvalid: 400,
  /** The import file is larger than the limit. */
  importFileTooLarge: 413,
  /** The file's parts inflate to more than the limit (a zip bomb): refused before it is parsed. */
  importFileInflatesTooMuch: 413,
  /** More records than an import may hold (SPEC §9: 1,000), or a sheet that uses a row past them (issue 21). */
  importTooManyRecords: 400,
  /** The file has no records. */
  importFileEmpty: 400,
  /** The checked import is unknown, was applied already or has expired: check the file again. */
  importNotFound: 410,
  // School tools (issue 12)
  /** Staff registration: the email's domain is no school's teacher email domain. */
  staffEmailDomainNotAccepted: 400,
  /** School settings: another school has claimed a teacher email domain (a domain belongs to one school; `fields` names each). */
  teacherDomainTaken: 409,
  /** School settings: a public mail service's domain (gmail.com, qq.com, netvigator.com …) cannot be a teacher email domain. */
  teacherDomainPublic: 400,
  /** Single sign-on export: the school has no teacher email domain to make sign-in names in. */
  ssoExportNoDomain: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** Which rule a field broke; the client turns these into the SPEC §5 messages. */
export const FIELD_RULES = [
  'required',
  'format',
  'numeric',
  'sameAs',
  'maxLength',
  'minLength',
  'sixDigits',
  'indecent',
  'taken',
  'recaptcha',
  'complexity',
  'common',
  'sameAsOld',
  'accepted',
  'incorrect',
  'controlCharacter',
  /** A year outside the accepted range; the message names the range (`FIELD_YEAR_RANGES`, issue 13). */
  'yearRange',
  // The school email list (issue 12, SPEC §5 record editing)
  'duplicated',
  'improper',
  /** The email's domain is not a teacher email domain of any school (staff registration). */
  'schoolDomain',
  /** School settings: the teacher email domain belongs to another school (`emailDomains.<domain>`). */
  'domainTaken',
  /** School settings: the teacher email domain is a public mail service's. */
  'publicDomain',
] as const;
export type FieldRule = (typeof FIELD_RULES)[number];

export interface FieldIssue {
  /** Dotted path of the field in the payload, e.g. `newPassword`. */
  field: string;
  rule: FieldRule;
}

/** Body of every 4xx/5xx answer. */
export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    /** ISO time until which the subject is held (code `held`), or the next password attempt waits (`loginThrottled`), or requests may be made again (`tooManyRequests`). */
    holdUntil?: string;
    /** Per-field problems (code `invalidPayload` and the password-policy codes). */
    fields?: FieldIssue[];
  };
}

export interface DataBody<T> {
  data: T;
}
