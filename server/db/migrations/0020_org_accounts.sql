-- Issue 12: the school email list (/org_account) and the school's own settings
-- (docs/decisions/org-accounts.md).

-- SPEC §3 Organisation account list record. Emails are stored lower-case, one per school.
-- teacher_type is the list's group: PRE_SERVICE (shown as Student), UNIVERSITY_TEACHER (Staff).
CREATE TABLE org_accounts (
  id text PRIMARY KEY,
  school_code text NOT NULL REFERENCES schools (code) ON DELETE CASCADE,
  email_address text NOT NULL CHECK (email_address = lower(email_address) AND length(email_address) BETWEEN 1 AND 254),
  ch_full_name text NOT NULL DEFAULT '' CHECK (char_length(ch_full_name) <= 100),
  en_full_name text NOT NULL DEFAULT '' CHECK (char_length(en_full_name) <= 100),
  remark text NOT NULL DEFAULT '' CHECK (char_length(remark) <= 100),
  teacher_type text NOT NULL CHECK (teacher_type IN ('PRE_SERVICE', 'UNIVERSITY_TEACHER')),
  updated_at timestamptz NOT NULL,
  -- Who made the last change; kept as a login ID too, so the record still says who after the account is gone.
  updated_by text REFERENCES users (id) ON DELETE SET NULL,
  updated_by_login text NOT NULL,
  -- What the list's search reads: one lower-case text, so a search is one substring test per row.
  search_text text GENERATED ALWAYS AS (lower(email_address || ' ' || ch_full_name || ' ' || en_full_name)) STORED,
  CONSTRAINT org_accounts_email_key UNIQUE (school_code, email_address)
);
CREATE INDEX org_accounts_school_updated ON org_accounts (school_code, updated_at DESC, id);

-- A checked import waiting for its confirmation: the records as checked, applied once
-- (applied_at set in the applying transaction) by the administrator who checked it.
CREATE TABLE org_account_imports (
  id text PRIMARY KEY,
  school_code text NOT NULL REFERENCES schools (code) ON DELETE CASCADE,
  created_by text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  applied_at timestamptz,
  record_count integer NOT NULL,
  records jsonb NOT NULL
);
CREATE INDEX org_account_imports_created ON org_account_imports (created_at);

-- The school email (SPEC §6: managed by the school administrator). QR login stays allow_qr_login.
ALTER TABLE schools ADD COLUMN school_email text CHECK (school_email = lower(school_email));
