-- Issue 23: the emailed one-time code as a step-up proof for accounts without a password
-- (docs/decisions/step-up.md). One row per session that asked (a new code replaces it); only the
-- code's HMAC is kept, used_at makes it single-use. No account column: the row holds nothing about
-- the person, and it proves nothing outside the session that asked.
CREATE TABLE step_up_codes (
  session_hash text PRIMARY KEY,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  resend_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX step_up_codes_expires ON step_up_codes (expires_at);
