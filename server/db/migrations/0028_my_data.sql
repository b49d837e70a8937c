-- My data (issue 23; docs/decisions/my-data.md): a person downloads everything held about their
-- account at most once in 24 hours. One row per account: the time of its last download, claimed
-- by one conditional upsert in the transaction that makes the file, so parallel requests make one.
CREATE TABLE data_exports (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  last_at timestamptz NOT NULL
);
