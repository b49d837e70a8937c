-- Other processes on one PostgreSQL learn that what a session lookup reads (session_accounts:
-- sessions, users, schools, family_members) has changed, so a process-local cache of session rows
-- can stop reusing them (server/db/change-feed.ts, docs/decisions/server.md). One notification per
-- statement; PostgreSQL folds identical notifications of one transaction and sends them at commit.
-- Inserts into sessions, users and schools are left out (a new row is in nobody's cache), and so are last_seen_at
-- refreshes (a cached row is read again within 2 seconds anyway). The payload is the table's schema,
-- so instances on other schemas of the same database (tests) can ignore it.
CREATE FUNCTION notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_account_changes', TG_TABLE_SCHEMA);
  RETURN NULL;
END;
$$;

CREATE TRIGGER sessions_account_change AFTER DELETE OR TRUNCATE OR UPDATE OF id_hash, user_id, created_at ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
CREATE TRIGGER users_account_change AFTER UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
CREATE TRIGGER schools_account_change AFTER UPDATE OR DELETE OR TRUNCATE ON schools
  FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
CREATE TRIGGER family_members_account_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON family_members
  FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
