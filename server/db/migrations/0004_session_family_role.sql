-- users/me carries the user's own family role in their active family (SPEC §3 userFamilyRoles).
-- It is read in the same session lookup as the account, so a family change shows on the next
-- request without a second query. The unique index family_members_one_family_idx keeps at most
-- one current row per person, so the join adds no rows.
DROP FUNCTION session_accounts(text[]);

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
  allow_qr_login boolean,
  family_role text
)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY
    SELECT s.id_hash, s.created_at, s.last_seen_at, u.id, u.login_id, u.login_email, u.contact_email, u.category,
           u.display_name, u.school_code, u.status, u.language, sc.allow_qr_login, fm.family_role
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    LEFT JOIN schools sc ON sc.code = u.school_code
    LEFT JOIN family_members fm ON fm.user_id = u.id AND fm.status = 'active'
    WHERE s.id_hash = ANY (hashes);
END
$$;
