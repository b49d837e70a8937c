-- The login QR code (issue 9): at most one per user. Only a random code id and the SHA-256 of
-- the code's secret are stored; the secret itself is HMAC(session secret, code id), so the
-- owner's page can draw the current code again while the table alone cannot be replayed
-- (docs/decisions/login-qr.md). Refreshing replaces the row: the old code dies in the same
-- statement. Losing keeps the row with lost_at set, so the page can say the code was lost.
CREATE TABLE login_qr_codes (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_id text NOT NULL,
  secret_hash text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  lost_at timestamptz,
  CONSTRAINT login_qr_codes_code_id_key UNIQUE (code_id)
);
