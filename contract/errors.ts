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
  sessionSignedOut: 401,
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
  /**
   * The instance should get no traffic now (readiness, server/ops/readiness.ts): migrations have
   * not all run, the database does not answer, the change feed is down, or the process is draining.
   */
  notReady: 503,

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
  /** Issue 26: the association's ticket (from the check) was used, expired, or is another session's. */
  associationTicketInvalid: 400,

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
  // Authenticator app and recovery codes as a school administrator's second factor (issue 23)
  /** An authenticator code that is not the app's code for now (or the minute around it). */
  authenticatorCodeWrong: 400,
  /** The app's right code, already used to sign in (or an older one after a newer was used): RFC 6238 §5.2. */
  authenticatorCodeUsed: 400,
  /** Not one of the account's unused recovery codes. */
  recoveryCodeWrong: 400,
  /** More than 5 wrong authenticator or recovery codes in 24 hours: the codes are held, the emailed link still works. */
  mfaCodeHeld: 429,
  /** The account has no authenticator app (confirmed, or a set-up to confirm) for this call. */
  authenticatorNotSetUp: 409,
  /** An authenticator app is set up already: remove it before setting up another. */
  authenticatorExists: 409,
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
  // Step-up (issue 23; docs/decisions/step-up.md)
  /** A sensitive action needs a fresh proof (within the last 10 minutes): the client opens the step-up dialog, then sends it again. */
  stepUpRequired: 403,
  /** Too many wrong passwords in the step-up dialog from this network: wait until `holdUntil`. */
  stepUpThrottled: 429,
  /** The account has no password to prove itself with (a third-party sign-in only). */
  stepUpNoPassword: 409,
  /** More than 5 wrong authenticator or recovery codes in 24 hours (the two-factor login's hold): codes are held; the password or a passkey still proves. */
  stepUpCodeHeld: 429,
  /** As many step-up codes as allowed in 24 hours were emailed (10). */
  stepUpSendLimit: 429,
  // Passkeys (issue 23; docs/decisions/passkeys.md)
  /** The passkey challenge expired (5 minutes), was used already, or belongs to another session or browser. */
  passkeyChallengeInvalid: 400,
  /** The passkey's answer did not verify: signature, origin, relying party or user verification. */
  passkeyInvalid: 400,
  /** No account has this passkey (sign-in), or it is not this account's (step-up). */
  passkeyUnknown: 401,
  /** The passkey's signature counter went backwards: a copied authenticator; refused. */
  passkeyCounterRegressed: 401,
  /** The passkey to rename or remove is not (or no longer) the account's. */
  passkeyNotFound: 404,
  /** This passkey is registered already. */
  passkeyExists: 409,
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
  // My data (issue 23; docs/decisions/my-data.md)
  /** The account's data was downloaded less than 24 hours ago. */
  myDataDailyLimit: 429,
  // Account closure (issue 23; docs/decisions/account-closure.md)
  /** A school-managed account: the school closes it. */
  closureSchoolManaged: 403,
  /** Only public and full members close their accounts here. */
  closureNotAllowed: 403,
  /** The last admin of a family with other members: hand over first. */
  closureLastFamilyAdmin: 409,
  /** The account is already closing. */
  closureAlreadyRequested: 409,
  /** The account is not closing: nothing to cancel. */
  closureNotRequested: 409,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Browser builds (Vite sets `import.meta.env.PROD`) take a code of the right shape as the server
 * answered it, so the catalogue (≈200 codes, 0.7 KiB br) stays out of every page's start chunk
 * (issue 26, item 14; docs/decisions/performance.md). The server's refusals are typed as catalogue
 * codes (`ErrorCode`); the server, development and tests check the catalogue.
 */
const TRUST_ANSWERED_CODES = (import.meta as { env?: { PROD?: boolean } }).env?.PROD === true;
const CODE_SHAPE = /^[A-Za-z]\w*$/;

export function isErrorCode(value: unknown): value is ErrorCode {
  if (TRUST_ANSWERED_CODES) return typeof value === 'string' && CODE_SHAPE.test(value);
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** A code's English message (an ICU message: `{holdUntil}`, `{supportEmail}`) and its note for translators. */
export interface ErrorMessage {
  en: string;
  description: string;
}

/**
 * What each code says, in English: `error.<code>` of locales/en.json (`npm run check:messages --
 * --write-en` writes it from here; the Chinese locales are translated by hand), the text the
 * screens show for the code, and the envelope's `message` for API clients
 * (server/domain/errors.ts `englishMessage`). A separate export from `ERROR_CODES` so that the
 * browser, which needs the codes and statuses, never bundles the texts: it downloads them with
 * the locales.
 */
export const ERROR_MESSAGES: { readonly [C in ErrorCode]: ErrorMessage } = {
  malformedJson: { en: 'The request could not be read. Please reload the page and try again.', description: 'Error: the server could not parse the request.' },
  invalidEncoding: { en: 'The request could not be read because of its character encoding. Please reload the page and try again.', description: 'Error: the request body or address is not valid UTF-8.' },
  jsonTooDeep: { en: 'The request could not be read because it is nested too deeply. Please reload the page and try again.', description: 'Error: the JSON request body nests lists or objects deeper than the server reads.' },
  invalidPayload: { en: 'Some of the information is not valid. Please check the form.', description: 'Error: the request failed validation on the server.' },
  controlCharacter: { en: 'Some of the information contains characters that cannot be used, such as line breaks or invisible control characters. Please retype it.', description: 'Error: a field holds a control character (NUL, a line break) the server refuses.' },
  payloadTooLarge: { en: 'The request is too large.', description: 'Error: the request body is over the size limit.' },
  uriTooLong: { en: 'The address of the request is too long.', description: 'Error: the request URL is over the server limit.' },
  headersTooLarge: { en: 'The request is too large.', description: 'Error: the request head (URL and headers) is over the server limit.' },
  unauthorized: { en: 'Please log in to continue.', description: 'Error: the call needs a signed-in session.' },
  sessionSignedOut: {
    en: 'You have been signed out. This browser was signed out from another device, or the password was changed. Please log in again.',
    description: 'Error: the call needs a signed-in session, and this browser\'s session was ended from elsewhere (security page, password change or reset, account closure).',
  },
  forbidden: { en: 'You do not have permission to do this.', description: 'Error: the account lacks the permission.' },
  crossSiteRequest: { en: 'The request was refused because it came from another site.', description: 'Error: a cross-site request was blocked.' },
  notFound: { en: 'What you asked for was not found.', description: 'Error: the API path or object does not exist.' },
  recaptchaFailed: { en: 'Please verify that you are not a robot.', description: 'Error: the reCAPTCHA token was refused.' },
  held: { en: 'Too many incorrect attempts. Please try again {retry}.', description: 'Error: more than 5 bad attempts in 24 hours; {retry} is when: "after <date and time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).' },
  tooManyRequests: { en: 'Too many requests from your network, or for this login or email address. Please try again {retry}.', description: 'Error: account-discovery calls (one-time password, forgot password, registration, email changes) refused for a while after too many from one network or for one login or email; {retry} is when: "after <date and time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).' },
  internal: { en: 'Something went wrong on our side. Please try again later.', description: 'Error: a server failure.' },
  serverBusy: { en: 'The portal is very busy right now. Please wait a few seconds and try again.', description: 'Error: the server shed the request because it is overloaded (HTTP 503); trying again shortly will work.' },
  notReady: { en: 'This server is not ready to serve requests. Please try again in a moment.', description: 'Error: the readiness probe of one server instance (HTTP 503), read by load balancers; the message says which check failed in the API, people rarely see it.' },
  loginFailed: { en: 'The login ID, login email or password is incorrect.', description: 'Error: sign-in refused.' },
  accountInactive: { en: 'This account is not activated yet. Please use the activation link in the email we sent you.', description: 'Error: sign-in to an account still pending activation.' },
  loginThrottled: { en: 'Too many incorrect passwords for this account from your network. Please try again {retry}, or log in with a one-time password.', description: 'Error: password login refused without checking, during the growing wait after repeated wrong passwords for this account from this address; {retry} is when: "after <date and time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).' },
  loginChallengeRequired: { en: 'Many incorrect passwords have been tried for this account. Please confirm you are not a robot, then log in again.', description: 'Error: password login refused until a reCAPTCHA is solved, because the account has had too many wrong passwords from browsers it does not know (never a lockout; its own browsers are not asked).' },
  identifierUsed: { en: 'This Google account is already linked to another account.', description: 'Error (third-party link): the identity already opens another account (SPEC §8 identifierUsed).' },
  thirdPartyFailed: { en: 'The sign-in with Google did not succeed. Please try again.', description: 'Error (third-party sign-in): unknown failure, try again (SPEC §8).' },
  identityNotLinked: { en: 'That Google account is not linked to this account any more.', description: 'Error (login information): unlinking an identity that is not linked.' },
  lastSignInMethod: { en: 'This is the only way left to sign in to this account, so it cannot be unlinked. Set a password first.', description: 'Error (login information): unlinking would leave no way to sign in.' },
  signInChoiceInvalid: { en: 'That account cannot be opened by this Google sign-in: choose this account or one of its associated old student accounts.', description: 'Error (login information): the chosen account is neither this account nor one of its active associations.' },
  loginIdTaken: { en: 'This login ID is already in use.', description: 'Error: registration with a login ID that exists.' },
  emailTaken: { en: 'This email address is already in use as a login email.', description: 'Error: registration with an email that exists.' },
  termsNotAccepted: { en: 'Please accept the terms of service.', description: 'Error: the terms of service were not accepted.' },
  currentPasswordIncorrect: { en: 'The current password is incorrect.', description: 'Error: change password with a wrong current password.' },
  passwordTooShort: { en: 'The new password is too short.', description: 'Error: the new password is under the minimum length.' },
  passwordTooSimple: { en: 'The new password is too simple.', description: 'Error: the new password has too few character classes.' },
  passwordTooCommon: { en: 'The new password is too common.', description: 'Error: the new password is a common password.' },
  passwordSameAsOld: { en: 'The new password must differ from the current password.', description: 'Error: the new password equals the old one.' },
  passwordMismatch: { en: 'The two new passwords are different.', description: 'Error: the confirmation does not match.' },
  recordNotFound: { en: 'The record of this link was not found.', description: 'Error (activation/reset link): no such record.' },
  wrongUrl: { en: 'The link is wrong. Please copy the whole link from the email.', description: 'Error (activation/reset link): malformed link.' },
  alreadyUsed: { en: 'This link has already been used.', description: 'Error (activation/reset link): used before.' },
  expired: { en: 'This link has expired.', description: 'Error (activation/reset link): too old.' },
  userNotFound: { en: 'The account of this link was not found.', description: 'Error (activation/reset link): the user no longer exists.' },
  emailNotFound: { en: 'No account uses this email address as its login email.', description: 'Error (forgot password): unknown email.' },
  loginIdNotFound: { en: 'No account has this login ID.', description: 'Error (forgot password): unknown login ID.' },
  accountHasNoEmail: { en: 'This account has no email address. Please contact your school administrator to reset the password.', description: 'Error (forgot password): the account has no login email.' },
  wrongPasswordOrUserNotFound: { en: 'The account does not exist or the password is incorrect', description: 'Error (account association), SPEC wording.' },
  notStudent: { en: 'Only student accounts can be associated.', description: 'Error (account association): the other account is not a student account.' },
  inactiveAssociateAccount: { en: 'Cannot unassociate', description: 'Error (account association), SPEC wording.' },
  alreadyHasActiveAssociation: { en: 'This student account is already associated with another member account.', description: 'Error (account association): the student account has an active association with another member account.' },
  non_full_member: { en: 'Your account cannot be associated to other accounts', description: 'Error (account association), SPEC wording.' },
  invalid_relationship_nature: { en: 'Your own account cannot be associated with itself.', description: 'Error (account association): the relationship cannot hold between these accounts (the member typed their own account).' },
  duplicated_relationship_nature: { en: 'Cannot be associated repeatedly', description: 'Error (account association), SPEC wording.' },
  not_exist_user_relationship: { en: 'This association does not exist.', description: 'Error (account association): no such association.' },
  associationTicketInvalid: {
    en: 'This check has expired or was already used. Please enter the password of the student account again.',
    description: 'Error (account association): the confirmation came too late (more than 5 minutes after the password was checked), twice, or from another browser session; the password must be checked again.',
  },
  familyNoLoginEmail: { en: 'Your account has no login email. Please add a login email to your profile first.', description: 'Error (family): the account needs a login email before using families.' },
  familyFunctionalAccount: { en: 'Functional accounts cannot join a family.', description: 'Error (family): functional (school) accounts are refused.' },
  familyStudentOnly: { en: 'Student accounts must be upgraded to a student membership before joining a family.', description: 'Error (family): a student-only account must upgrade first.' },
  familyAccountType: { en: 'Families are for personal accounts: public members, student members and full members. Teacher and school administrator accounts cannot join a family; use your personal account instead.', description: 'Error (family): a teacher, school administrator or other account type without the family permission.' },
  familyFull: { en: 'The family reaches its full capacity.', description: 'Error (family), SPEC wording: no more members allowed.' },
  familyCodeExpired: { en: 'The family code has expired. Please ask the family admin to regenerate it.', description: 'Error (family): the join code expired.' },
  familyAdminEmailNotFound: { en: 'No family admin uses this email address.', description: 'Error (family join): unknown admin email.' },
  familyCodeMismatch: { en: 'The family code does not match.', description: 'Error (family join): wrong code.' },
  familyNotFound: { en: 'The family was not found.', description: 'Error (family): no such family.' },
  familyCannotCreateOrJoin: { en: 'You cannot create or join a family now.', description: 'Error (family): creating or joining is not possible (already in one, say).' },
  indecentLanguage: { en: 'The text contains inappropriate language.', description: 'Error: a name or nickname contains indecent words.' },
  familyDismissed: { en: 'This family has been dismissed.', description: 'Error (family details): the family no longer exists.' },
  familyLeft: { en: 'You have left this family.', description: 'Error (family details): the member left.' },
  familyKicked: { en: 'You have been removed from this family.', description: 'Error (family details): the member was removed by an admin.' },
  familyNotMember: { en: 'You are not a member of this family.', description: 'Error (family details): not a member.' },
  familyRequestNotFound: { en: 'The join request was not found.', description: 'Error (family details): no such request.' },
  familyMemberNotFound: { en: 'The member was not found.', description: 'Error (family details): no such member.' },
  familyNotAdmin: { en: 'Only a family admin can do this.', description: 'Error (family details): an admin action by a non-admin.' },
  familyAlreadyProcessed: { en: 'This request has already been processed.', description: 'Error (family details): the request was handled before.' },
  familyCannotWithdrawProcessed: { en: 'A request that has been processed cannot be withdrawn.', description: 'Error (family details): withdrawing a handled request.' },
  familySingleAdmin: { en: 'You are the only admin: make another member an admin before leaving.', description: 'Error (family details): the only admin cannot leave.' },
  familyMultipleAdmin: { en: 'The family has other admins, so it cannot be dismissed.', description: 'Error (family details): dismissing with other admins.' },
  familyAlreadyAdmin: { en: 'This member is already an admin.', description: 'Error (family details): promoting an admin.' },
  familyNoLongerAdmin: { en: 'You are no longer a family admin.', description: 'Error (family details): the user lost admin rights.' },
  familyMemberNotAdmin: { en: 'This member is not an admin.', description: 'Error (family details): removing admin rights from a member who has none.' },
  familyInviteLimit: { en: 'You have sent as many invitations as allowed in 24 hours. Please try again later.', description: 'Error (family details): the admin reached the daily invitation limit (20 emails in 24 hours).' },
  nicknameTaken: { en: 'This nickname is already used. Please choose another one.', description: 'Error (profile): the nickname belongs to another user.' },
  loginEmailTaken: { en: 'This email is already another account’s login email.', description: 'Error (profile): the new login email is another account’s.' },
  loginEmailPending: { en: 'This email is waiting for confirmation on another account.', description: 'Error (profile): the new login email is pending on another account.' },
  emailDomainNotAccepted: { en: 'Email addresses of this domain are not accepted.', description: 'Error (profile): the email domain is refused by policy.' },
  linkInvalid: { en: 'This link is not valid.', description: 'Error (verification pages): an email verification link that is not valid.' },
  linkDuplicated: { en: 'This email address is already in use by another account.', description: 'Error (verification pages): the address was taken before the link was followed.' },
  codeWrong: { en: 'The verification code is wrong.', description: 'Error (mobile verification): a wrong SMS code.' },
  codeExpired: { en: 'The verification code has expired. Please ask for a new one.', description: 'Error (mobile verification): the SMS code expired.' },
  codeNotFound: { en: 'No verification code was found. Please ask for a new one.', description: 'Error (mobile verification): no code was sent to this number.' },
  smsSendFailed: { en: 'The SMS could not be sent. Please try again later.', description: 'Error (mobile verification): the SMS gateway failed.' },
  mobileNotMobile: { en: 'This is not a mobile number of the chosen country or region.', description: 'Error (mobile verification): the number is not a mobile number of that calling code.' },
  codeResendTooSoon: { en: 'Please wait before asking for a new code.', description: 'Error (mobile verification): a new code was asked for before the resend time.' },
  smsLimit: { en: 'You have asked for as many SMS codes as allowed in 24 hours. Please try again tomorrow.', description: 'Error (mobile verification): the account reached the daily limit of SMS codes (10 in 24 hours).' },
  emailUnchanged: { en: 'This is already your current email address.', description: 'Error (email change): the new address equals the current one.' },
  emailChangeLimit: { en: 'You have asked for as many email changes as allowed in 24 hours. Please try again tomorrow.', description: 'Error (email change): the account reached the daily limit of change requests (10 in 24 hours).' },
  schoolInfoReadOnly: { en: 'Students cannot change their school information. Please contact your school.', description: 'Error (profile): a student tried to change school information.' },
  schoolStaffOnly: { en: 'Only school-based teachers can use school staff info.', description: 'Error (school staff info): the account is not a school-based teacher.' },
  otpUnknownLogin: { en: 'Error 01: The login email or login name is invalid or unknown. Check it and try again.', description: 'Error (OTP login, SPEC code 01): no account has this login ID or login email. The code comes first, as SPEC §8 lists it (docs/decisions/messages.md).' },
  otpNoEmail: { en: 'This account has no login email, so no one-time password can be sent. Please log in with your password.', description: 'Error (OTP login): the account has no login email to send the code to.' },
  otpSchoolAdmin: { en: 'School administrators cannot log in with a one-time password. Please log in with your password.', description: 'Error (OTP login): school administrators must use the password (and two-factor) login.' },
  otpHeld: { en: 'Too many incorrect one-time passwords. Please try again {retry}, or log in with your password.', description: 'Error (OTP login): more than 5 wrong codes in 24 hours; {retry} is when: "after <date and time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).' },
  otpSendLimit: { en: 'As many one-time passwords as allowed in 24 hours have been sent to this account. Please log in with your password, or try again tomorrow.', description: 'Error (OTP login): the account reached the daily limit of emailed codes (10 in 24 hours).' },
  mfaExpired: { en: 'Error 04: The time limit for this login was exceeded. Please log in again.', description: 'Error (two-factor login, SPEC code 04): the pending login ran out; log in again. The code comes first, as SPEC §8 lists it (docs/decisions/messages.md).' },
  mfaNotCompleted: { en: 'The two-factor step is not done yet. Please follow the link in the email we sent you first.', description: "Error (two-factor login): 'Completed verification' pressed before the emailed link was followed." },
  authenticatorCodeWrong: { en: 'The code is wrong. Enter the 6-digit code your authenticator app shows now.', description: 'Error (two-factor login, authenticator set-up): a wrong authenticator code.' },
  authenticatorCodeUsed: { en: 'This code has been used already. Wait for the next code in your authenticator app.', description: 'Error (two-factor login): an authenticator code that already signed in works only once.' },
  recoveryCodeWrong: { en: 'This is not one of your unused recovery codes.', description: 'Error (two-factor login): a recovery code that is wrong or was used already.' },
  mfaCodeHeld: { en: 'Too many incorrect codes. Codes are on hold; please try again {retry}, or have a link emailed to your two-factor email.', description: 'Error (two-factor login): more than 5 wrong authenticator or recovery codes in 24 hours; {retry} is when: "after <date and time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).' },
  authenticatorNotSetUp: { en: 'No authenticator app is set up for this account.', description: 'Error (authenticator): the account has no authenticator app (or the set-up was not started).' },
  authenticatorExists: { en: 'An authenticator app is already set up. Remove it first to set up another.', description: 'Error (authenticator set-up): the account already has a confirmed authenticator app.' },
  mfaEmailNotAcceptable: { en: 'This email address is not acceptable for two-factor login. Please use another one.', description: 'Error (two-factor setup): a disposable-mail address.' },
  mfaEmailInUse: { en: 'This email address is already in use by another account.', description: "Error (two-factor setup): another account's login or two-factor email." },
  mfaEmailPending: { en: 'This email address belongs to an account that is pending activation.', description: 'Error (two-factor setup): the address belongs to an account not yet activated.' },
  mfaEmailTeacherVerified: { en: 'This email address is already verified as an individual teacher.', description: "Error (two-factor setup): an individual teacher's verified teacher email." },
  mfaEmailNotUsable: { en: 'Error 07: This email address cannot receive email. Please use another address.', description: 'Error (two-factor setup, SPEC code 07): an address that can never receive mail (a reserved domain). The code comes first, as SPEC §8 lists it (docs/decisions/messages.md).' },
  mfaEmailIsLoginEmail: {
    en: 'This is your login email. Please use a different address for two-factor login, so that a password reset and the second step never reach the same inbox.',
    description: "Error (two-factor setup): the administrator's own login email was given as the two-factor address.",
  },
  qrCodeInvalid: { en: 'This QR code cannot be used to log in: it may have expired, been replaced or reported lost. Please contact your school administrator.', description: 'Error (QR code login): the code is not a live login QR code (garbled, unknown, replaced, lost or expired).' },
  qrLoginNotAllowed: { en: 'This account cannot log in with a QR code. Please contact your school administrator.', description: 'Error (QR code login): the school does not allow QR login, or the account may not use it (school administrators, inactive accounts).' },
  upgradeNotEligible: { en: 'This account cannot take this upgrade.', description: 'Error (membership upgrade): the account category cannot be upgraded this way (or already was).' },
  upgradeStepMissing: { en: 'An earlier step of the upgrade is not done, or your progress has lapsed. Please start again.', description: 'Error (membership upgrade): a step was sent before the steps it follows, or after the kept progress lapsed.' },
  upgradeSendLimit: { en: 'As many verification codes as allowed in 24 hours have been sent. Please try again tomorrow.', description: 'Error (membership upgrade): the daily limit of emailed codes (10 in 24 hours) was reached.' },
  upgradeLinkNotMember: { en: 'This account is not a member account, so it cannot be linked.', description: 'Error (student-member upgrade): the login given at the link step is not a public or student member account.' },
  upgradePhoneUnverified: { en: 'Please verify your mobile number with the SMS code first.', description: 'Error (full-member upgrade): the phone step was sent before a mobile number was verified by SMS in this upgrade.' },
  sessionNotFound: { en: 'That session had already ended. The list now shows the sessions signed in now.', description: 'Error (security page): the session to sign out was not found (it ended already, or is not this account’s).' },
  sessionIsCurrent: { en: 'This is the session you are using. To end it, log out.', description: 'Error (security page): the session to sign out is the current one.' },
  stepUpRequired: { en: 'Please confirm it is you before you continue.', description: 'Error (step-up): a sensitive action needs a fresh proof of identity; the confirmation dialog opens.' },
  stepUpCodeHeld: {
    en: 'Too many incorrect codes. Codes are on hold; please try again {retry}, or confirm it is you another way.',
    description: 'Error (step-up dialog): more than 5 wrong authenticator or recovery codes in 24 hours hold the codes; {retry} is when: "after <date and time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).',
  },
  stepUpSendLimit: {
    en: 'As many codes as allowed in 24 hours have been emailed. Please try again {retry}, or confirm it is you another way.',
    description: 'Error (step-up dialog): the daily limit of emailed codes (10 in 24 hours) was reached; {retry} is when: "after <date and time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).',
  },
  stepUpThrottled: { en: 'Too many incorrect passwords. Please try again {retry}.', description: 'Error (step-up dialog): wrong passwords are throttled as at login; {retry} is when: "after <date and time> (Hong Kong time)" or "in N seconds" (src/i18n/hk-time.ts, hkRetry).' },
  passkeyChallengeInvalid: { en: 'This passkey request has expired or was already used. Please try again.', description: 'Error (passkeys): the single-use challenge (5 minutes) was used, expired or belongs to another browser.' },
  passkeyInvalid: { en: 'The passkey could not be verified. Please try again, or use another way.', description: 'Error (passkeys): the passkey answer did not verify (signature, site, or the device did not check it is you).' },
  passkeyUnknown: { en: 'This passkey is not registered for an account here. Use another way to sign in, then add the passkey on the login information page.', description: 'Error (passkey sign-in or confirmation): the passkey belongs to no account (or not to this one).' },
  passkeyCounterRegressed: { en: 'This passkey cannot be used: it may have been copied. Use another way to sign in, then remove it on the login information page.', description: 'Error (passkey sign-in): the signature counter went backwards, a sign of a cloned authenticator.' },
  passkeyNotFound: { en: 'That passkey was already removed. The list now shows your passkeys.', description: 'Error (login information, passkeys): the passkey to rename or remove is no longer the account’s.' },
  passkeyExists: { en: 'This passkey is already registered for your account.', description: 'Error (adding a passkey): the same passkey was added before.' },
  stepUpNoPassword: { en: 'Your account has no password to confirm it is you. Set one with "Forgot password" (we email you a link), then try again.', description: 'Error (step-up dialog): the account signs in only through a third party and has no password yet.' },
  orgAccountNotFound: { en: 'This record is no longer in the list.', description: 'Error (school email list, issue 12).' },
  orgAccountReadOnly: { en: 'You can read the school email list but not change it.', description: 'Error (school email list, issue 12).' },
  orgAccountNoAccess: { en: 'You do not have permission to view the school email list.', description: 'Error (school email list, issue 12).' },
  importFileInvalid: { en: 'The file is not an .xlsx spreadsheet. Save it as an Excel Workbook (.xlsx) and try again.', description: 'Error (school email list, issue 12).' },
  importFileTooLarge: { en: 'The file is larger than 512 KiB.', description: 'Error (school email list, issue 12).' },
  importFileInflatesTooMuch: { en: 'The file unpacks to more than an import allows (16 MiB). It may be damaged.', description: 'Error (school email list, issue 12).' },
  importTooManyRecords: { en: 'The sheet goes past row 1,001: an import holds at most 1,000 records under its header row. Split it into files of at most 1,000 records, with no empty rows between them.', description: 'Error (school email list, issue 12).' },
  importFileEmpty: { en: 'The file has no records under its header row.', description: 'Error (school email list, issue 12).' },
  importNotFound: { en: 'This check has expired or was imported already. Check the file again.', description: 'Error (school email list, issue 12).' },
  staffEmailDomainNotAccepted: { en: "This email address is not in your school's teacher email domains. Use the address your school gave you, or ask your school administrator to add its domain.", description: 'Error (staff registration): the email domain is not a teacher email domain of any school.' },
  teacherDomainTaken: { en: 'A teacher email domain can belong to one school only, and another school has already added it. If the domain is your school’s, please contact {supportEmail}.', description: 'Error (school settings): a teacher email domain is another school’s; the refused domains are named beside each one.' },
  teacherDomainPublic: { en: 'Public mail services (such as Gmail, Outlook, Yahoo, QQ, 163 or Netvigator) cannot be teacher email domains: anyone can open an address there. Add only domains your school controls.', description: 'Error (school settings): a teacher email domain is a public mail service’s; the refused domains are named beside each one.' },
  ssoExportNoDomain: { en: 'Your school has no teacher email domain yet, so there is no domain to make sign-in names in. Add one in the school settings first.', description: 'Error (single sign-on export): the school has no teacher email domain.' },
  myDataDailyLimit: { en: 'Your data can be downloaded once a day, and it was downloaded less than 24 hours ago. Please try again {retry}.', description: 'Error (My data, issue 23): one download per 24 hours; {retry} is when: "after <date and time> (Hong Kong time)" (src/i18n/hk-time.ts, hkRetry).' },
  closureSchoolManaged: { en: 'Your school manages this account. To close it, please ask your school.', description: 'Error (account closure, issue 23): a school-managed account.' },
  closureNotAllowed: { en: 'Only public members and full members can close their accounts here. Please contact us to close this account.', description: 'Error (account closure, issue 23): another account category.' },
  closureLastFamilyAdmin: { en: 'You are the only admin of a family with other members. Make another member an admin first, then close your account.', description: 'Error (account closure, issue 23): the last admin of a family with other members.' },
  closureAlreadyRequested: { en: 'This account is already being closed.', description: 'Error (account closure, issue 23): the closure was requested already.' },
  closureNotRequested: { en: 'This account is not being closed, so there is nothing to cancel.', description: 'Error (account closure, issue 23): cancel without a closure.' },
};

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
  /** A year outside the accepted range; the message names the range (`fieldYearRange`, issues 13 and 26). */
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
