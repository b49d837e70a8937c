import type { ColumnType, Generated, Kysely } from 'kysely';
import type { AccountCategory, FamilyRole, Language } from '../../contract/index.ts';

/** Row types of the tables in server/db/migrations, for Kysely. */
export interface SchoolsTable {
  code: string;
  /** The English name. */
  name: string;
  /** Issue 26 (migration 0032): the Chinese name, null when not known (the English name is shown). */
  chinese_name?: ColumnType<string | null, string | null | undefined, string | null>;
  allow_qr_login: boolean;
  // Issue 12 (migration 0020): the school email, managed by the school administrator.
  school_email?: ColumnType<string | null, string | null | undefined, string | null>;
}

export type UserStatus = 'pending' | 'active';

export interface UsersTable {
  id: string;
  login_id: string;
  login_email: string | null;
  contact_email: string | null;
  category: AccountCategory;
  display_name: string;
  school_code: string | null;
  password_hash: string | null;
  status: UserStatus;
  language: Language;
  subscriptions: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Date;
  activated_at: Date | null;
  // Issue 4 (migration 0006): the basic profile.
  title: ColumnType<string | null, string | null | undefined, string | null>;
  chinese_surname: ColumnType<string, string | undefined, string>;
  chinese_given_name: ColumnType<string, string | undefined, string>;
  english_surname: ColumnType<string, string | undefined, string>;
  english_given_name: ColumnType<string, string | undefined, string>;
  nickname: ColumnType<string | null, string | null | undefined, string | null>;
  /** The nickname's look-alike key (server/domain/name-key.ts), unique when set (migration 0022). */
  nickname_key: ColumnType<string | null, string | null | undefined, string | null>;
  gender: ColumnType<string | null, string | null | undefined, string | null>;
  year_of_birth: ColumnType<number | null, number | null | undefined, number | null>;
  roles: ColumnType<string[], string[] | undefined, string[]>;
  region: ColumnType<string | null, string | null | undefined, string | null>;
  district: ColumnType<string | null, string | null | undefined, string | null>;
  address_line1_zh: ColumnType<string, string | undefined, string>;
  address_line2_zh: ColumnType<string, string | undefined, string>;
  address_line1_en: ColumnType<string, string | undefined, string>;
  address_line2_en: ColumnType<string, string | undefined, string>;
  mobile_country_code: ColumnType<string | null, string | null | undefined, string | null>;
  mobile_number: ColumnType<string | null, string | null | undefined, string | null>;
  mobile_verified_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  parent_interests: ColumnType<string[], string[] | undefined, string[]>;
  // Issue 9 (migration 0011): the confirmed two-factor address of a school administrator.
  mfa_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: Date;
  last_seen_at: Date;
  /** The session's name outside the server (migration 0015): the id hash never leaves it. */
  public_id: Generated<string>;
  user_agent: string | null;
  address: string | null;
  /** When this session last gave a step-up proof (migration 0025, server/domain/step-up.ts). */
  proved_at: Date | null;
}

export type LinkTokenKind = 'activation' | 'buyer_activation' | 'reset';

export interface LinkTokensTable {
  token_hash: string;
  kind: LinkTokenKind;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export type OutboxChannel = 'email' | 'sms';

export interface OutboxTable {
  id: Generated<number>;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  body_text: string;
  /** The HTML part of an email (0023); null for SMS. */
  body_html: Generated<string | null>;
  created_at: Date;
  attempts: Generated<number>;
  next_attempt_at: Date;
  sent_at: Date | null;
  last_error: string | null;
  /** Set when an email was still undelivered 24 hours after its retries began (migration 0022). */
  failed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the current run of retries began, if an operator retried it; else created_at. */
  retry_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Migration 0026: an erased account's confirmation, deleted once delivered. */
  erase_when_sent: Generated<boolean>;
}

export interface HoldsTable {
  subject: string;
  kind: string;
  attempts: number;
  window_started_at: Date;
  held_until: Date | null;
}

/** Password-login throttling per (account or typed login, address), and per address ('*'). */
export interface LoginThrottlesTable {
  subject: string;
  address: string;
  attempts: number;
  window_started_at: Date;
  last_attempt_at: Date;
  held_until: Date | null;
  last_refused: boolean;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface FamiliesTable {
  id: string;
  name: string;
  ref: string;
  code: string;
  code_created_at: Date;
  code_expires_at: Date;
  created_at: Date;
  dismissed_at: Date | null;
}

/** The first five show a screen (one per person at a time); the last three close the row. */
export type FamilyMemberRowStatus = 'pending' | 'active' | 'declined' | 'kicked' | 'dismissed' | 'left' | 'withdrawn' | 'acknowledged';

export interface FamilyMembersTable {
  id: string;
  seq: Generated<number>;
  family_id: string;
  user_id: string;
  nickname: string;
  family_role: FamilyRole;
  is_admin: boolean;
  status: FamilyMemberRowStatus;
  requested_at: Date;
  processed_at: Date | null;
  admin_revoked_at: Date | null;
  closed_at: Date | null;
}

export interface SubscriptionRequestsTable {
  token_hash: string;
  /** Lower-cased. */
  email: string;
  services: string[];
  lang: Language;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
  /** Set for a profile subscription change (migration 0006); null for the public page. */
  user_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Confirmed public newsletter subscriptions, one row per lower-cased address. */
export interface EmailSubscriptionsTable {
  email: string;
  services: string[];
  confirmed_at: Date;
}

export interface TeacherProfilesTable {
  user_id: string;
  teacher_type: string;
  institution: string;
  username: string;
  teaching_levels: string[];
  special_curricula: string[];
  subjects: string[];
  duties: string[];
  duty_remark: string;
  interests: string[];
  teacher_email: string | null;
  teacher_email_verified_at: Date | null;
  updated_at: Date;
}

export interface SchoolEmailDomainsTable {
  school_code: string;
  domain: string;
}

export interface SchoolStaffTable {
  user_id: string;
  school_code: string;
  school_email: string | null;
  ch_full_name: string;
  en_full_name: string;
  updated_at: Date;
}

export type EmailChangeRowKind = 'login' | 'contact' | 'teacher';

export interface EmailChangesTable {
  token_hash: string;
  user_id: string;
  kind: EmailChangeRowKind;
  email: string;
  lang: Language;
  expires_at: Date;
  used_at: Date | null;
  superseded_at: Date | null;
  created_at: Date;
}

export interface MobileCodesTable {
  user_id: string;
  country_code: string;
  mobile_number: string;
  code_hash: string;
  expires_at: Date;
  resend_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export interface OtpCodesTable {
  user_id: string;
  code_hash: string;
  expires_at: Date;
  resend_at: Date;
  used_at: Date | null;
  created_at: Date;
}

/** A sign-in waiting for its second factor (migration 0011). */
export interface MfaChallengesTable {
  id_hash: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  email: string | null;
  link_hash: string | null;
  sent_at: Date | null;
  confirmed_at: Date | null;
  completed_at: Date | null;
}

/** An account's authenticator app (migration 0026); confirmed_at null while its set-up awaits the first code. */
export interface AuthenticatorsTable {
  user_id: string;
  secret: string;
  created_at: Date;
  confirmed_at: Date | null;
  /** The newest time step whose code was accepted (bigint: read as a string by pg, a number by PGlite). */
  last_step: Generated<string | number>;
}

/** An account's single-use recovery codes, as SHA-256 hashes (migration 0026). */
export interface RecoveryCodesTable {
  user_id: string;
  code_hash: string;
  created_at: Date;
  used_at: Date | null;
}

/** An account's passkeys (migration 0030; docs/decisions/passkeys.md). */
export interface PasskeysTable {
  credential_id: string;
  user_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  /** The newest signature counter seen (bigint: a string from pg, a number from PGlite). */
  sign_count: Generated<string | number>;
  /** Comma-separated transport hints. */
  transports: Generated<string>;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** The step-up dialog’s emailed code, one per session that asked (migration 0033). */
export interface StepUpCodesTable {
  session_hash: string;
  code_hash: string;
  expires_at: Date;
  resend_at: Date;
  used_at: Date | null;
  created_at: Date;
}

/** Single-use passkey challenges, 5 minutes (migration 0030). */
export interface PasskeyChallengesTable {
  challenge: string;
  purpose: 'registration' | 'signIn' | 'stepUp';
  /** Hash of the session id or of the pre-sign-in cookie. */
  binding: string;
  expires_at: Date;
}

export interface LoginQrCodesTable {
  user_id: string;
  code_id: string;
  secret_hash: string;
  created_at: Date;
  expires_at: Date;
  lost_at: Date | null;
}

/** Account association (migration 0017): a full member's old student account while `removed_at` is null. */
export interface UserRelationshipsTable {
  id: string;
  member_id: string;
  associate_id: string;
  nature: 'OLD_STUDENT_ACCOUNT';
  created_at: Date;
  removed_at: Date | null;
}

/** Migration 0031: a checked association, spent once within 5 minutes by the session that asked (server/domain/association.ts). */
export interface AssociationTicketsTable {
  /** SHA-256 of the random ticket the browser holds. */
  ticket_hash: string;
  /** The asking session's id hash. */
  session_hash: string;
  member_id: string;
  associate_id: string;
  expires_at: Date;
}

/** A membership upgrade in progress (migration 0016, server/domain/upgrades.ts). */
export interface UpgradesTable {
  user_id: string;
  kind: string;
  step: string;
  email: string | null;
  code_hash: string | null;
  code_expires_at: Date | null;
  code_resend_at: Date | null;
  code_used_at: Date | null;
  email_verified_at: Date | null;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  completed_at: Date | null;
}

/** A third-party identity linked to an account (migration 0014). */
export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  linked_at: Date;
  /** The account a sign-in opens when not the owner's: an associated old student account (migration 0018). */
  opens_user_id: Generated<string | null>;
}

/** An OpenID Connect authorization in progress (migration 0014). */
export interface OidcFlowsTable {
  id_hash: string;
  purpose: string;
  in_popup: boolean;
  user_id: string | null;
  state: string;
  nonce: string;
  code_verifier: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

/** An identity linked to no account, waiting for /third-party-link (migration 0014). */
export interface PendingIdentitiesTable {
  id_hash: string;
  provider: string;
  subject: string;
  email: string | null;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface DB {
  schools: SchoolsTable;
  users: UsersTable;
  sessions: SessionsTable;
  link_tokens: LinkTokensTable;
  outbox: OutboxTable;
  holds: HoldsTable;
  mfa_challenges: MfaChallengesTable;
  authenticators: AuthenticatorsTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  passkey_challenges: PasskeyChallengesTable;
  login_throttles: LoginThrottlesTable;
  app_meta: AppMetaTable;
  families: FamiliesTable;
  family_members: FamilyMembersTable;
  subscription_requests: SubscriptionRequestsTable;
  email_subscriptions: EmailSubscriptionsTable;
  teacher_profiles: TeacherProfilesTable;
  school_email_domains: SchoolEmailDomainsTable;
  school_staff: SchoolStaffTable;
  email_changes: EmailChangesTable;
  mobile_codes: MobileCodesTable;
  otp_codes: OtpCodesTable;
  step_up_codes: StepUpCodesTable;
  login_qr_codes: LoginQrCodesTable;
  user_relationships: UserRelationshipsTable;
  association_tickets: AssociationTicketsTable;
  upgrades: UpgradesTable;
  sign_in_history: SignInHistoryTable;
  known_browsers: KnownBrowsersTable;
  user_identities: UserIdentitiesTable;
  oidc_flows: OidcFlowsTable;
  pending_identities: PendingIdentitiesTable;
  data_exports: DataExportsTable;
  account_closures: AccountClosuresTable;
  ended_sessions: EndedSessionsTable;
}

/** Migration 0029: sessions ended by someone else, for 12 hours (server/domain/sessions.ts, endSessions). */
export interface EndedSessionsTable {
  id_hash: string;
  reason: string;
  ended_at: Generated<Date>;
}

/** Sign-ins and attempts on known accounts, 90 days (migration 0015, server/domain/sign-in-history.ts). */
export interface SignInHistoryTable {
  id: Generated<string>;
  user_id: string;
  at: Date;
  method: string;
  outcome: string;
  user_agent: string | null;
  address: string | null;
}

/** The browsers an account has signed in from (browser and system names, no versions). */
export interface KnownBrowsersTable {
  user_id: string;
  browser_key: string;
  first_seen_at: Date;
  last_seen_at: Date;
}

/** Migration 0025: the last download of each account's data (My data, at most one in 24 hours). */
export interface DataExportsTable {
  user_id: string;
  last_at: Date;
}

/** Migration 0026: accounts closing, erased by the scheduled job at `erase_at`. */
export interface AccountClosuresTable {
  user_id: string;
  requested_at: Date;
  erase_at: Date;
}

/** The database or a transaction on it: domain functions accept either. */
export type Db = Kysely<DB>;
