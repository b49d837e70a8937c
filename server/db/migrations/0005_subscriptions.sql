-- Public newsletter subscriptions (/email-subscriptions): a request waits for its emailed link;
-- following the link records the services for the address. No account is involved, so these
-- links cannot live in link_tokens (keyed by user); the mechanism is the same: only the token's
-- SHA-256 is stored and one conditional UPDATE uses it.
CREATE TABLE subscription_requests (
  token_hash text PRIMARY KEY,
  email text NOT NULL CHECK (email = lower(email)),
  services text[] NOT NULL,
  lang text NOT NULL CHECK (lang IN ('zh_hant', 'en', 'zh_hans')),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX subscription_requests_email_idx ON subscription_requests (email);

CREATE TABLE email_subscriptions (
  email text PRIMARY KEY CHECK (email = lower(email)),
  services text[] NOT NULL,
  confirmed_at timestamptz NOT NULL
);
