import type { ColumnType, Generated, Kysely } from 'kysely';
import type { AccountCategory, Language } from '../../contract/index.ts';

/** Row types of the tables in server/db/migrations, for Kysely. */
export interface SchoolsTable {
  code: string;
  name: string;
  allow_qr_login: boolean;
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
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: Date;
  last_seen_at: Date;
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
  created_at: Date;
  attempts: Generated<number>;
  next_attempt_at: Date;
  sent_at: Date | null;
  last_error: string | null;
}

export interface HoldsTable {
  subject: string;
  kind: string;
  attempts: number;
  window_started_at: Date;
  held_until: Date | null;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface DB {
  schools: SchoolsTable;
  users: UsersTable;
  sessions: SessionsTable;
  link_tokens: LinkTokensTable;
  outbox: OutboxTable;
  holds: HoldsTable;
  app_meta: AppMetaTable;
}

/** The database or a transaction on it: domain functions accept either. */
export type Db = Kysely<DB>;
