-- Profiles, verification and newsletters (issue 4): the basic profile's fields on users, the
-- teacher and parent profiles, school staff names, teacher email domains, pending email changes,
-- mobile codes, and profile subscription changes (a subscription request tied to a user).

ALTER TABLE users
  ADD COLUMN title text CHECK (title IN ('mr', 'mrs', 'miss', 'ms')),
  ADD COLUMN chinese_surname text NOT NULL DEFAULT '',
  ADD COLUMN chinese_given_name text NOT NULL DEFAULT '',
  ADD COLUMN english_surname text NOT NULL DEFAULT '',
  ADD COLUMN english_given_name text NOT NULL DEFAULT '',
  -- The profile's nickname; unique ignoring case when set (users_nickname_key below).
  ADD COLUMN nickname text,
  ADD COLUMN gender text CHECK (gender IN ('male', 'female')),
  ADD COLUMN year_of_birth integer CHECK (year_of_birth BETWEEN 1900 AND 2100),
  ADD COLUMN roles text[] NOT NULL DEFAULT '{}',
  ADD COLUMN region text CHECK (region IN ('HONGKONG', 'MACAU', 'CHINA', 'OTHER')),
  ADD COLUMN district text,
  ADD COLUMN address_line1_zh text NOT NULL DEFAULT '',
  ADD COLUMN address_line2_zh text NOT NULL DEFAULT '',
  ADD COLUMN address_line1_en text NOT NULL DEFAULT '',
  ADD COLUMN address_line2_en text NOT NULL DEFAULT '',
  -- The verified mobile number (country calling code without '+', national digits).
  ADD COLUMN mobile_country_code text,
  ADD COLUMN mobile_number text,
  ADD COLUMN mobile_verified_at timestamptz,
  ADD COLUMN parent_interests text[] NOT NULL DEFAULT '{}';

CREATE UNIQUE INDEX users_nickname_key ON users (lower(nickname)) WHERE nickname IS NOT NULL;

CREATE TABLE teacher_profiles (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  teacher_type text NOT NULL CHECK (teacher_type IN ('registered', 'preService', 'prePrimary', 'universityTeacher', 'retired', 'others')),
  institution text NOT NULL,
  username text NOT NULL DEFAULT '',
  teaching_levels text[] NOT NULL DEFAULT '{}',
  special_curricula text[] NOT NULL DEFAULT '{}',
  subjects text[] NOT NULL DEFAULT '{}',
  duties text[] NOT NULL DEFAULT '{}',
  duty_remark text NOT NULL DEFAULT '',
  interests text[] NOT NULL DEFAULT '{}',
  -- The teacher email, set when its /teacher-auths/verify link is followed.
  teacher_email text CHECK (teacher_email = lower(teacher_email)),
  teacher_email_verified_at timestamptz,
  updated_at timestamptz NOT NULL
);

-- Teacher email domains a school accepts (managed by its administrator with the school tools).
CREATE TABLE school_email_domains (
  school_code text NOT NULL REFERENCES schools (code) ON DELETE CASCADE,
  domain text NOT NULL CHECK (domain = lower(domain)),
  PRIMARY KEY (school_code, domain)
);

-- A school-based teacher's entry as the school knows it (/school-staff-info).
CREATE TABLE school_staff (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  school_code text NOT NULL REFERENCES schools (code),
  school_email text CHECK (school_email = lower(school_email)),
  ch_full_name text NOT NULL DEFAULT '',
  en_full_name text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL
);

-- Login, contact and teacher email changes waiting for their emailed link. Only the token's
-- SHA-256 is stored; one conditional UPDATE spends it (as link_tokens).
CREATE TABLE email_changes (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('login', 'contact', 'teacher')),
  email text NOT NULL CHECK (email = lower(email)),
  lang text NOT NULL CHECK (lang IN ('zh_hant', 'en', 'zh_hans')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- Set when a newer request of the same kind replaced this one.
  superseded_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX email_changes_user_idx ON email_changes (user_id, kind);
CREATE INDEX email_changes_email_idx ON email_changes (email, kind);

-- The latest SMS code per user (one row: a resend replaces it). Only the code's HMAC is stored.
CREATE TABLE mobile_codes (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  country_code text NOT NULL,
  mobile_number text NOT NULL,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  resend_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);

-- A profile subscription change is a subscription request tied to its user: following the link
-- replaces users.subscriptions instead of writing email_subscriptions.
ALTER TABLE subscription_requests ADD COLUMN user_id text REFERENCES users (id) ON DELETE CASCADE;
