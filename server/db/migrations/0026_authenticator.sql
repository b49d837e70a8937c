-- Issue 23: an authenticator app (TOTP, RFC 6238) and recovery codes as a school administrator's
-- second factor, besides the emailed link (docs/decisions/authenticator.md).

-- One authenticator per account. confirmed_at is null while the set-up awaits its first code.
-- last_step is the newest 30-second time step whose code was accepted: a code of that step or an
-- earlier one is refused (a code works once, RFC 6238 §5.2), decided by one conditional UPDATE.
CREATE TABLE authenticators (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  secret text NOT NULL,
  created_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  last_step bigint NOT NULL DEFAULT -1
);

-- Ten single-use recovery codes per account, stored as SHA-256 of the code (80 random bits each).
-- used_at is set by the conditional UPDATE that spends one.
CREATE TABLE recovery_codes (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (user_id, code_hash)
);
