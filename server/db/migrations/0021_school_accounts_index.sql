-- The single sign-on export (issue 12) reads a school's accounts page by page in login ID order
-- (keyset paging: login_id > the last one seen): one index answers each page without a sort.
CREATE INDEX users_school_login_idx ON users (school_code, login_id);
