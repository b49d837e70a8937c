-- The HTML part of an email (issue 13, docs/decisions/emails.md): every email is composed as HTML
-- with a plain-text part (body_text). NULL for SMS rows and for emails written before this.
ALTER TABLE outbox ADD COLUMN body_html text;
