import type { ErrorCode, FieldIssue } from '../../contract/index.ts';

export interface DomainErrorExtras {
  holdUntil?: Date;
  fields?: FieldIssue[];
  message?: string;
}

/** A refusal with a catalogue code; `app.onError` turns it into the 4xx envelope. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly holdUntil: Date | undefined;
  readonly fields: FieldIssue[] | undefined;

  constructor(code: ErrorCode, extras: DomainErrorExtras = {}) {
    super(extras.message ?? ERROR_MESSAGES[code] ?? code);
    this.name = 'DomainError';
    this.code = code;
    this.holdUntil = extras.holdUntil;
    this.fields = extras.fields;
  }
}

/**
 * English wording for developers and API clients; the browser shows its own translated text
 * chosen by `code`. Codes added to the catalogue later fall back to the code itself.
 */
export const ERROR_MESSAGES: Partial<Record<ErrorCode, string>> = {
  malformedJson: 'The request body is not valid JSON.',
  invalidEncoding: 'The request body or address is not valid UTF-8.',
  jsonTooDeep: 'The request body nests arrays and objects too deeply.',
  invalidPayload: 'Some fields are missing or invalid.',
  payloadTooLarge: 'The request body is too large.',
  controlCharacter: 'A field holds a control character (NUL, a line break, …), which no field accepts.',
  uriTooLong: 'The request address is too long.',
  headersTooLarge: 'The request head (address and headers) is too large.',
  unauthorized: 'Session has expired, please log in again and try.',
  forbidden: 'You are not allowed to do this.',
  crossSiteRequest: 'Requests from other sites are refused.',
  notFound: 'Nothing is here.',
  recaptchaFailed: 'Please verify that you are not a robot.',
  held: 'Too many attempts; please try again after the time shown.',
  tooManyRequests: 'Too many requests from this network or for this login; please try again after the time shown.',
  internal: 'Something went wrong, please try again later.',
  serverBusy: 'The server is too busy to answer now; please try again after the seconds in Retry-After.',
  loginFailed: 'The login ID or password is incorrect.',
  accountInactive: 'This account is not activated yet.',
  loginIdTaken: 'This login ID is already taken.',
  emailTaken: 'This email address is already used by another account.',
  termsNotAccepted: 'The terms of service must be accepted.',
  currentPasswordIncorrect: 'The current password is incorrect.',
  passwordTooShort: 'The new password is too short.',
  passwordTooSimple: 'The new password needs more kinds of characters.',
  passwordTooCommon: 'The new password is too common or too easy to guess.',
  passwordSameAsOld: 'The new password must differ from the current one.',
  passwordMismatch: 'The passwords are different.',
  recordNotFound: 'Record not found.',
  wrongUrl: 'The link is not correct.',
  alreadyUsed: 'The link has already been used.',
  expired: 'The link has expired.',
  userNotFound: 'User not found.',
  emailNotFound: 'No account has this email address.',
  loginIdNotFound: 'No account has this login ID.',
  accountHasNoEmail: 'This account has no email address; please contact your school administrator.',
  // Verification (issue 4): the same wording as the screens' English messages.
  loginEmailTaken: 'This email is already another account’s login email.',
  loginEmailPending: 'This email is waiting for confirmation on another account.',
  emailDomainNotAccepted: 'Email addresses of this domain are not accepted.',
  emailUnchanged: 'This is already your current email address.',
  linkInvalid: 'This link is not valid.',
  linkDuplicated: 'This email address is already in use by another account.',
  codeWrong: 'The verification code is wrong.',
  codeExpired: 'The verification code has expired. Please ask for a new one.',
  codeNotFound: 'No verification code was found. Please ask for a new one.',
  codeResendTooSoon: 'Please wait before asking for a new code.',
  smsLimit: 'Too many SMS codes in 24 hours; please try again later.',
  mobileNotMobile: 'This is not a mobile number of the chosen country or region.',
  smsSendFailed: 'The SMS could not be sent. Please try again later.',
  emailChangeLimit: 'Too many email change requests in 24 hours; please try again later.',
  // Profiles (issue 4)
  nicknameTaken: 'This nickname is already used by another account.',
  indecentLanguage: 'Please do not use indecent language.',
  schoolInfoReadOnly: 'School information cannot be changed here.',
  schoolStaffOnly: 'Only school-based teachers have school staff info.',
  otpUnknownLogin: 'The login email or login name is invalid or unknown.',
  otpNoEmail: 'This account has no login email to send a one-time password to.',
  otpSchoolAdmin: 'School administrators cannot log in with a one-time password; use the password login.',
  otpHeld: 'Too many incorrect one-time passwords; retry after the time shown, or log in with the password.',
  otpSendLimit: 'Too many one-time passwords sent to this account today.',
  // Login QR code (issue 9)
  qrCodeInvalid: 'This QR code cannot be used to log in. Please contact your school administrator.',
  identifierUsed: 'This third-party account is already linked to another account.',
  thirdPartyFailed: 'The third-party sign-in failed; please try again.',
  identityNotLinked: 'No such third-party account is linked to this account.',
  lastSignInMethod: 'Unlinking would leave the account with no way to sign in.',
  qrLoginNotAllowed: 'This account cannot log in with a QR code. Please contact your school administrator.',
  // School settings (issue 21)
  teacherDomainTaken: 'A teacher email domain belongs to one school, and another school has this one; `fields` names each.',
  teacherDomainPublic: "A public mail service's domain cannot be a teacher email domain; `fields` names each.",
};

/** A unique-constraint violation from PostgreSQL or PGlite, with the constraint's name. */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505') {
    const constraint = (error as { constraint?: unknown }).constraint;
    return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}
