-- Issue 9: email two-factor for school administrators (docs/decisions/mfa-login.md).

-- The confirmed two-factor address of an account: one account per address.
ALTER TABLE users ADD COLUMN mfa_email text CHECK (mfa_email = lower(mfa_email));
CREATE UNIQUE INDEX users_mfa_email_key ON users (mfa_email) WHERE mfa_email IS NOT NULL;

-- A sign-in waiting for its second factor, named by the `portal_mfa` cookie. Only HMACs of the
-- cookie's token and of the emailed link's token are stored. Confirming the link sets
-- confirmed_at; completing the sign-in deletes the row in the statement that checks it.
CREATE TABLE mfa_challenges (
  id_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  -- The address the link was sent to (during setup, not yet the account's).
  email text,
  link_hash text UNIQUE,
  sent_at timestamptz,
  confirmed_at timestamptz,
  completed_at timestamptz
);
CREATE INDEX mfa_challenges_user_id ON mfa_challenges (user_id);
