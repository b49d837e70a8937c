-- Password-login throttling (docs/decisions/login-throttling.md). One row per (subject, address):
-- subject is an account id, or 'login:' and the typed login for an unknown account, or '*' for
-- the whole address (its wrong passwords in a window, to find a flooding address). `attempts` is
-- reserved before the password is evaluated; `held_until` is when the next attempt may be
-- evaluated. A right password deletes its pair's row.
CREATE TABLE login_throttles (
  subject text NOT NULL,
  address text NOT NULL,
  attempts integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  last_attempt_at timestamptz NOT NULL,
  held_until timestamptz,
  -- Whether the last attempt was refused inside a delay (read back by the same upsert).
  last_refused boolean NOT NULL DEFAULT false,
  PRIMARY KEY (subject, address)
);
CREATE INDEX login_throttles_last_attempt_idx ON login_throttles (last_attempt_at);
