-- Issue 21: a teacher email domain belongs to one school (docs/decisions/org-accounts.md, domain
-- ownership). Staff registration and the teacher email change find a teacher's school by the
-- domain alone, so a domain two schools listed named neither, and one school could break
-- another's registration by listing its domain.

-- 1. Every domain in its folded form: trimmed, lower-case, without the root's trailing dot
--    (`Demo-School.edu.hk.` and `demo-school.edu.hk` are one name). Variants that fold alike in one
--    school become one row.
WITH old AS (
  DELETE FROM school_email_domains RETURNING school_code, rtrim(lower(btrim(domain)), '.') AS domain
)
INSERT INTO school_email_domains (school_code, domain)
SELECT DISTINCT school_code, domain FROM old WHERE domain <> '';

-- 2. A domain several schools list keeps one owner only where the data shows whose it is: the
--    school with strictly the most staff records and school email list addresses in that domain.
--    Where none has more (no evidence, or a tie), no school keeps it, as staff registration already
--    treated it: each administrator claims it again and the first save wins.
WITH contested AS (
  SELECT d.school_code, d.domain,
    (SELECT count(*) FROM school_staff s WHERE s.school_code = d.school_code AND substring(s.school_email FROM '@([^@]*)$') = d.domain)
    + (SELECT count(*) FROM org_accounts a WHERE a.school_code = d.school_code AND substring(a.email_address FROM '@([^@]*)$') = d.domain) AS evidence
  FROM school_email_domains d
  WHERE EXISTS (SELECT 1 FROM school_email_domains o WHERE o.domain = d.domain AND o.school_code <> d.school_code)
),
ranked AS (
  SELECT school_code, domain, evidence,
    rank() OVER (PARTITION BY domain ORDER BY evidence DESC) AS place,
    count(*) OVER (PARTITION BY domain, evidence) AS sharing
  FROM contested
)
DELETE FROM school_email_domains d
USING ranked r
WHERE d.school_code = r.school_code AND d.domain = r.domain AND NOT (r.place = 1 AND r.sharing = 1 AND r.evidence > 0);

-- 3. From now on the database holds both rules, whatever code writes: the folded form only, and
--    one school per domain. Two administrators saving the same domain at once: the second insert
--    waits for the first transaction and then finds the domain taken.
ALTER TABLE school_email_domains
  ADD CONSTRAINT school_email_domains_folded CHECK (domain = rtrim(lower(btrim(domain)), '.') AND domain <> '');
CREATE UNIQUE INDEX school_email_domains_domain_key ON school_email_domains (domain);
