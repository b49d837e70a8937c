-- The account core: schools, users, sessions, emailed link tokens, the outbox and holds.
-- Plain PostgreSQL 15 (also runs on PGlite). Times are written by the application's clock.

CREATE TABLE schools (
  code text PRIMARY KEY,
  name text NOT NULL,
  allow_qr_login boolean NOT NULL DEFAULT false
);

CREATE TABLE users (
  id text PRIMARY KEY,
  login_id text NOT NULL,
  login_email text,
  contact_email text,
  category text NOT NULL CHECK (category IN (
    'PUBLIC', 'SCHOOL_BASED_TEACHER', 'INDIVIDUAL_TEACHER', 'STUDENT', 'SCHOOL_ADMINISTRATOR',
    'SCHOOL', 'CORPORATE_ADMINISTRATOR', 'OTHER', 'STUDENT_MEMBER', 'FULL_MEMBER', 'SCHOOL_PURCHASER'
  )),
  display_name text NOT NULL,
  school_code text REFERENCES schools (code),
  password_hash text,
  status text NOT NULL CHECK (status IN ('pending', 'active')),
  language text NOT NULL DEFAULT 'zh_hant' CHECK (language IN ('zh_hant', 'en', 'zh_hans')),
  subscriptions text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  activated_at timestamptz,
  -- Login IDs and login emails are stored lower-case; login accepts either.
  CONSTRAINT users_login_id_key UNIQUE (login_id),
  CONSTRAINT users_login_email_key UNIQUE (login_email),
  CONSTRAINT users_login_id_lower CHECK (login_id = lower(login_id)),
  CONSTRAINT users_login_email_lower CHECK (login_email = lower(login_email))
);

-- id_hash is HMAC-SHA256 of the cookie value: a leaked table cannot be replayed as cookies.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);

-- token_hash is SHA-256 of the token in the emailed link.
CREATE TABLE link_tokens (
  token_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('activation', 'buyer_activation', 'reset')),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX link_tokens_user_id_idx ON link_tokens (user_id, kind);

CREATE TABLE outbox (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body_text text NOT NULL,
  created_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  sent_at timestamptz,
  last_error text
);
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL;
CREATE INDEX outbox_recipient_idx ON outbox (recipient, id);

-- Incorrect attempts per subject and kind (forgot-password now; family join, OTP, two-factor later).
CREATE TABLE holds (
  subject text NOT NULL,
  kind text NOT NULL,
  attempts integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  held_until timestamptz,
  PRIMARY KEY (subject, kind)
);

CREATE TABLE app_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
