-- Third-party sign-in (issue 10 part A, docs/decisions/third-party.md).

-- One row per third-party identity linked to an account: an identity opens one account only.
CREATE TABLE user_identities (
  provider text NOT NULL,
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  email text,
  linked_at timestamptz NOT NULL,
  PRIMARY KEY (provider, subject)
);
CREATE INDEX user_identities_user ON user_identities (user_id);

-- An OpenID Connect authorization in progress, bound to the browser by a cookie whose HMAC is
-- id_hash. State, nonce and PKCE verifier are checked on the way back; used_at makes the row
-- single-use, so a replayed callback is refused before any token request.
CREATE TABLE oidc_flows (
  id_hash text PRIMARY KEY,
  purpose text NOT NULL,
  -- Whether the sign-in runs in a popup: the callback page then tells its opener and closes itself.
  in_popup boolean NOT NULL,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- An identity that signed in but is linked to no account, waiting for /third-party-link
-- (login name and password). Bound to the browser by a cookie; single-use.
CREATE TABLE pending_identities (
  id_hash text PRIMARY KEY,
  provider text NOT NULL,
  subject text NOT NULL,
  email text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
