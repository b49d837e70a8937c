-- Sessions ended by someone else (issue 26, item 12; docs/decisions/account-security.md): signed out
-- from another browser on /profile/security, or everywhere by a password change or reset or an
-- account closure. The session's row goes as before; its id hash stays here for a while, so the
-- next request with that cookie is answered `sessionSignedOut` ("You have been signed out")
-- rather than `unauthorized` (an expired session). Holds no personal data: an HMAC of a random
-- id, why, and when. Rows older than a session's absolute lifetime (12 hours) answer nothing and
-- are pruned as new ones are written.
CREATE TABLE ended_sessions (
  id_hash text PRIMARY KEY,
  reason text NOT NULL,
  ended_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ended_sessions_ended_at ON ended_sessions (ended_at);
