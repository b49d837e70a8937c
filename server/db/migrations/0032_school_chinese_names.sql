-- Issue 26 item 11: a school has a Chinese and an English name (SPEC). `name` stays the English
-- name; `chinese_name` is the Chinese one, shown on Chinese pages (src/i18n/school-name.ts) and in
-- emails and exports to a Chinese reader. Empty for a school whose Chinese name is not known yet:
-- the English name is shown then.
ALTER TABLE schools ADD COLUMN chinese_name text;
