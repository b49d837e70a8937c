-- Issue 23: step-up (docs/decisions/step-up.md). When this session last proved who is at the
-- keyboard again (the password, or later a passkey or the current second factor). A sensitive
-- action (server/domain/step-up.ts `requireRecentProof`) needs it within the last 10 minutes.
-- Not in the change feed's trigger (0009): it is read straight from the table when it matters.
ALTER TABLE sessions ADD COLUMN proved_at timestamptz;
