-- Family groups: one row per family, one row per person's membership or join request.
-- Every change takes the family row FOR UPDATE first, so the rules that span several rows
-- (at least one admin, capacity) are checked and changed inside one serialised transaction.

CREATE TABLE families (
  id text PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  -- The family reference number people type to join: unambiguous upper-case letters and digits.
  ref text NOT NULL,
  code text NOT NULL,
  code_created_at timestamptz NOT NULL,
  code_expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  dismissed_at timestamptz,
  CONSTRAINT families_ref_key UNIQUE (ref),
  CONSTRAINT families_ref_shape CHECK (ref ~ '^[A-Z0-9]{1,10}$'),
  CONSTRAINT families_code_shape CHECK (code ~ '^[0-9]{6}$')
);

-- Status: pending (a join request), active (a member), declined, kicked, dismissed (the family
-- was dismissed) are the person's current standing and show a screen; left, withdrawn and
-- acknowledged close the row for good and are kept only so a stale screen is told what happened.
CREATE TABLE family_members (
  id text PRIMARY KEY,
  -- Insertion order, so lists made within one clock tick still come out in a stable order.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  family_id text NOT NULL REFERENCES families (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  nickname text NOT NULL CHECK (char_length(nickname) BETWEEN 1 AND 100),
  family_role text NOT NULL CHECK (family_role IN (
    'FATHER', 'MOTHER', 'GUARDIAN', 'CHILD', 'GRANDPARENT', 'SIBLING', 'RELATIVE', 'OTHER'
  )),
  is_admin boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN (
    'pending', 'active', 'declined', 'kicked', 'dismissed', 'left', 'withdrawn', 'acknowledged'
  )),
  requested_at timestamptz NOT NULL,
  -- When an admin accepted, declined or kicked, or the family was dismissed.
  processed_at timestamptz,
  -- Set when the member's admin rights were removed: a later admin action is "no longer admin".
  admin_revoked_at timestamptz,
  closed_at timestamptz
);

-- One family per account: at most one row of a person is in a current status.
CREATE UNIQUE INDEX family_members_one_family_idx ON family_members (user_id)
  WHERE status IN ('pending', 'active', 'declined', 'kicked', 'dismissed');
CREATE INDEX family_members_family_idx ON family_members (family_id, status);
CREATE INDEX family_members_user_idx ON family_members (user_id, requested_at);
