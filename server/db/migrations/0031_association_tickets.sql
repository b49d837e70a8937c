-- Issue 26 item 8 (docs/decisions/association.md, "The check, then the ticket"): a full member's
-- association is asked in two steps. The check proves the student account's password (as a login
-- does) and hands the browser a ticket; the association spends the ticket instead of the password.
-- A ticket is single-use and lives 5 minutes; only the SHA-256 of the random ticket is kept, bound
-- to the asking session (the hash of its id) and member. One DELETE … RETURNING spends it, so of
-- parallel uses of one ticket exactly one goes on. Erased with either account (ON DELETE CASCADE).
CREATE TABLE association_tickets (
  ticket_hash text PRIMARY KEY,
  session_hash text NOT NULL,
  member_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  associate_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX association_tickets_expiry ON association_tickets (expires_at);
CREATE INDEX association_tickets_associate ON association_tickets (associate_id);
