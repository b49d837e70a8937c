/** Business constants of SPEC §9 and the enumerations of SPEC §3. */

export const FAMILY_NAME_MAX = 100;
export const NICKNAME_MAX = 100;
export const FAMILY_REF_MAX = 10;

/** More than HOLD_MAX_ATTEMPTS incorrect attempts within HOLD_WINDOW_HOURS hold the subject. */
export const HOLD_MAX_ATTEMPTS = 5;
export const HOLD_WINDOW_HOURS = 24;
/** How long an emailed subscription or email-change confirmation link works: the screens and the emails say the same (issue 13). */
export const CONFIRMATION_LINK_HOURS = 24;

export const CODE_LENGTH = 6;

/** How long an emailed one-time password is accepted (docs/decisions/otp-login.md). */
export const OTP_VALIDITY_MS = 10 * 60_000;
/**
 * How soon a new one-time password may be asked for. The server answers an earlier request
 * `codeResendTooSoon` with the time a new code may be asked for; with these two the page knows
 * until when the code already emailed works (it was sent OTP_RESEND_AFTER_MS before that time).
 */
export const OTP_RESEND_AFTER_MS = 60_000;

export const EMAIL_MAX = 254;
export const NAME_MAX = 100;
export const REMARK_MAX = 100;

/** Upper bound on any free-text field we accept, so 10 KB strings are refused early. */
export const TEXT_MAX = 1000;
/** argon2 is slow by design; refuse absurd inputs before hashing them. */
export const PASSWORD_MAX = 128;

export const PASSWORD_STRENGTH_LABELS = ['veryWeak', 'weak', 'fair', 'strong', 'veryStrong'] as const;
export type PasswordStrength = 0 | 1 | 2 | 3 | 4;
export const COMPLEXITY_MIN = 1;
export const COMPLEXITY_MAX = 4;
/** Defaults of the server settings PASSWORD_MIN_LENGTH and PASSWORD_COMPLEXITY (docs/decisions.md). */
export const DEFAULT_PASSWORD_MIN_LENGTH = 8;
export const DEFAULT_PASSWORD_COMPLEXITY = 3;

export const LOGIN_ID_MIN = 4;
export const LOGIN_ID_MAX = 30;
export const LOGIN_ID_PATTERN = /^[a-z0-9][a-z0-9_.-]*$/;

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const ANALYTICS_ENABLED_AT_START = false;

export const ACCOUNT_CATEGORIES = [
  'PUBLIC',
  'SCHOOL_BASED_TEACHER',
  'INDIVIDUAL_TEACHER',
  'STUDENT',
  'SCHOOL_ADMINISTRATOR',
  'SCHOOL',
  'CORPORATE_ADMINISTRATOR',
  'OTHER',
  'STUDENT_MEMBER',
  'FULL_MEMBER',
  'SCHOOL_PURCHASER',
] as const;
export type AccountCategory = (typeof ACCOUNT_CATEGORIES)[number];

export const PERMISSIONS = [
  'profile.teacher',
  'profile.parent',
  'emailForwarding',
  'loginQrCode',
  'student',
  'fullMember',
  'family',
  'org_account.read',
  'org_account.write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const SUBSCRIPTION_SERVICES = ['edPost', 'teacherInfo', 'parentInfo', 'studentInfo', 'DoNotCall'] as const;
export type SubscriptionService = (typeof SUBSCRIPTION_SERVICES)[number];

export const TITLES = ['mr', 'mrs', 'miss', 'ms'] as const;

export const GENDERS = ['male', 'female'] as const;
export const SELF_CLAIMED_ROLES = ['TEACHER', 'STUDENT', 'PARENT'] as const;
export const REGIONS = ['HONGKONG', 'MACAU', 'CHINA', 'OTHER'] as const;
