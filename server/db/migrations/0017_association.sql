-- Account association (issue 11; docs/decisions/association.md): a full member's old student
-- accounts. A removed association keeps its row (removed_at), so removing it again is told apart
-- from an id that never was the member's. A student account has at most one active association:
-- the partial unique index decides between parallel requests.
CREATE TABLE user_relationships (
  id text PRIMARY KEY,
  member_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  associate_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  nature text NOT NULL CHECK (nature IN ('OLD_STUDENT_ACCOUNT')),
  created_at timestamptz NOT NULL,
  removed_at timestamptz,
  CONSTRAINT user_relationships_not_self CHECK (member_id <> associate_id)
);
CREATE UNIQUE INDEX user_relationships_one_active_idx ON user_relationships (associate_id) WHERE removed_at IS NULL;
CREATE INDEX user_relationships_member_idx ON user_relationships (member_id, created_at);
