-- The account's security page (issue 10): the sessions signed in now, the history of sign-ins
-- and attempts, and the browsers an account has signed in from (docs/decisions/account-security.md).

-- A session shows the browser and system it was started from, and is named to the browser by an
-- opaque public id: the id hash never leaves the server. Sessions started before this migration
-- have no user agent and show as an unknown browser.
ALTER TABLE sessions ADD COLUMN public_id uuid NOT NULL DEFAULT gen_random_uuid();
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN address text;
CREATE UNIQUE INDEX sessions_public_id_key ON sessions (public_id);

-- One row per sign-in or attempt on a known account, written in the transaction of the outcome
-- it records. Kept 90 days (purged by recordSignIn for the account and by purgeSignInHistory).
CREATE TABLE sign_in_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  method text NOT NULL,
  outcome text NOT NULL,
  user_agent text,
  address text
);
CREATE INDEX sign_in_history_user_at_idx ON sign_in_history (user_id, at DESC);
CREATE INDEX sign_in_history_at_idx ON sign_in_history (at);

-- The browsers (browser name and system name, versions left out) an account has signed in from
-- successfully: a successful sign-in from one not here is "a browser not seen before".
CREATE TABLE known_browsers (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  browser_key text NOT NULL,
  first_seen_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, browser_key)
);
