-- Issue 23: passkeys (WebAuthn; docs/decisions/passkeys.md).

-- An account's passkeys. credential_id is the authenticator's credential id (base64url), unique
-- across accounts; public_key the COSE public key (base64url). sign_count is the newest signature
-- counter seen: an assertion with a lower one (a cloned authenticator) is refused. transports are
-- the browser's hints (`internal`, `hybrid`…), comma-separated. Names and dates are personal data
-- (the my-data export lists them); the key never leaves the server.
CREATE TABLE passkeys (
  credential_id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  public_key text NOT NULL,
  sign_count bigint NOT NULL DEFAULT 0,
  transports text NOT NULL DEFAULT '',
  name text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkeys_user ON passkeys (user_id, created_at);

-- Single-use challenges, alive 5 minutes. binding is what the ceremony belongs to: the hash of the
-- session id (registration, step-up) or of the pre-sign-in cookie (sign-in). One DELETE … RETURNING
-- consumes a challenge, so of two uses of one challenge exactly one goes on.
CREATE TABLE passkey_challenges (
  challenge text PRIMARY KEY,
  purpose text NOT NULL CHECK (purpose IN ('registration', 'signIn', 'stepUp')),
  binding text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX passkey_challenges_expiry ON passkey_challenges (expires_at);
