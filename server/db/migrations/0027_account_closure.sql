-- Account closure (issue 23; docs/decisions/account-closure.md): a public or full member closes
-- the account; 14 days later a scheduled job erases its personal data. One row per closing account.
CREATE TABLE account_closures (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL,
  erase_at timestamptz NOT NULL
);
CREATE INDEX account_closures_erase_at_idx ON account_closures (erase_at);

-- The confirmation of an erasure is the one row naming the person after it: the job deletes it
-- once the outbox has delivered it (or given up).
ALTER TABLE outbox ADD COLUMN erase_when_sent boolean NOT NULL DEFAULT false;
