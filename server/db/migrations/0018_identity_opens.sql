-- Which account a third-party identity opens (issue 10; docs/decisions/third-party.md):
-- NULL for the identity's own account, or one of its owner's old student accounts (an active
-- row in user_relationships, checked when chosen and again at every sign-in: once the
-- association is removed the identity opens its own account again).
ALTER TABLE user_identities ADD COLUMN opens_user_id text REFERENCES users (id) ON DELETE SET NULL;
