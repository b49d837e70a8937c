-- Membership upgrades in progress (issue 11): one row per account and kind of upgrade, so a
-- dialog closed (or a page reloaded) half-way resumes at the step reached. The email-code step
-- is the same for every kind: the personal email, the HMAC of its six-digit code (single use),
-- when it expires and when a new one may be sent. Kind-specific answers go in `data`.
-- A row is kept RESUME window long after its last change (server/domain/upgrades.ts,
-- docs/decisions.md); an older one counts as absent and is replaced by the next start.
CREATE TABLE upgrades (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('studentMember', 'fullMember')),
  step text NOT NULL,
  email text,
  code_hash text,
  code_expires_at timestamptz,
  code_resend_at timestamptz,
  code_used_at timestamptz,
  email_verified_at timestamptz,
  data jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  PRIMARY KEY (user_id, kind)
);
