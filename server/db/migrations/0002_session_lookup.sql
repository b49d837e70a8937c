-- The session lookup behind every signed-in request, as a function: PL/pgSQL keeps the plan of
-- its query per connection, so a call is planned once instead of on every request (on PGlite
-- planning the three-table join was most of its cost). Batched: one call serves many requests.
CREATE FUNCTION session_accounts(hashes text[])
RETURNS TABLE (
  id_hash text,
  created_at timestamptz,
  last_seen_at timestamptz,
  id text,
  login_id text,
  login_email text,
  contact_email text,
  category text,
  display_name text,
  school_code text,
  status text,
  language text,
  allow_qr_login boolean
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT s.id_hash, s.created_at, s.last_seen_at, u.id, u.login_id, u.login_email, u.contact_email, u.category,
           u.display_name, u.school_code, u.status, u.language, sc.allow_qr_login
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN schools sc ON sc.code = u.school_code
    WHERE s.id_hash = ANY (hashes);
END
$$;
