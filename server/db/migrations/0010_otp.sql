-- The latest one-time password per account (one row: a new code replaces it). Only the code's
-- HMAC is stored; used_at makes it single-use (docs/decisions/otp-login.md).
CREATE TABLE otp_codes (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  resend_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);
