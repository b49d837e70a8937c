-- Hardening (issue 13): the outbox never gives up silently, and look-alike nicknames are one name.

-- An email still undelivered 24 hours after its retries began is marked failed: the worker leaves
-- it alone and `npm run outbox -- list` shows it to operators, `retry <id>` sends it again.
ALTER TABLE outbox ADD COLUMN failed_at timestamptz;
-- When the current run of retries began: NULL for the first run (created_at), else the moment an
-- operator retried the message.
ALTER TABLE outbox ADD COLUMN retry_from timestamptz;
-- Emails the previous rule gave up after 8 attempts are failed ones now.
UPDATE outbox SET failed_at = next_attempt_at WHERE channel = 'email' AND sent_at IS NULL AND attempts >= 8;
CREATE INDEX outbox_failed_idx ON outbox (failed_at) WHERE failed_at IS NOT NULL;

-- The nickname's look-alike key (server/domain/name-key.ts: NFKC, case, invisible characters and
-- UTS #39 confusable skeletons folded): one account per key. Rows written before this migration
-- get theirs when the server starts (backfillNicknameKeys).
ALTER TABLE users ADD COLUMN nickname_key text;
CREATE UNIQUE INDEX users_nickname_look_alike_key ON users (nickname_key) WHERE nickname_key IS NOT NULL;
