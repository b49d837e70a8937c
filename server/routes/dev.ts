import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import { EmailSchema, LanguageSchema } from '../../contract/index.ts';
import type { Deps } from '../deps.ts';
import { createPendingAccount } from '../domain/accounts.ts';
import { listOutbox, type OutboxEntry } from '../mail/outbox.ts';
import { accountSettings } from '../http.ts';
import { readPgliteSteps, resetPgliteSteps } from '../db/database.ts';
import { eventLoopDelayMonitor } from '../load-shedding.ts';
import { validated } from './mount.ts';

/** POST /dev/api/buyer-invitations: what a school's purchasing system would do in production. */
export const BuyerInvitationSchema = v.object({ email: EmailSchema, lang: LanguageSchema });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** Message text as HTML with every http(s) URL clickable. */
export function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = match[0];
    html += escapeHtml(text.slice(last, match.index)) + `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
}

export function mailboxPage(entries: OutboxEntry[], to: string): string {
  const items = entries
    .map(
      (entry) => `<article>
<h2>${escapeHtml(entry.subject)}</h2>
<p class="meta">To <a href="?to=${encodeURIComponent(entry.to)}">${escapeHtml(entry.to)}</a> · <time datetime="${entry.createdAt}">${entry.createdAt}</time></p>
<pre>${linkify(entry.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title>
<style>
body { font-family: system-ui, "Noto Sans CJK TC", sans-serif; margin: 0; padding: 1.5rem; color: #1a1a1a; background: #fff; line-height: 1.5; }
main { max-width: 48rem; margin: 0 auto; }
form { display: flex; gap: .5rem; align-items: end; flex-wrap: wrap; margin-bottom: 1.5rem; }
label { display: block; font-weight: 600; }
input { font: inherit; padding: .375rem .5rem; min-width: 18rem; }
button, .clear { font: inherit; padding: .375rem .75rem; }
article { border-top: 1px solid #ccc; padding: 1rem 0; }
h2 { font-size: 1.125rem; margin: 0; }
.meta { color: #444; margin: .25rem 0 .5rem; }
pre { white-space: pre-wrap; word-break: break-word; font-family: inherit; margin: 0; }
a { color: #1d4ed8; }
:focus-visible { outline: 3px solid #fbbf24; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>Development mailbox</h1>
<p>Every email and SMS the portal has written to its outbox, newest first (SMS are headed “SMS” and addressed to +&lt;country code&gt;&lt;number&gt;). This page exists only in development.</p>
<form method="get" action="/dev/mailbox">
<div><label for="to">Recipient (email address, or + and the mobile number for SMS)</label><input id="to" name="to" type="text" autocomplete="off" value="${escapeHtml(to)}"></div>
<button type="submit">Show</button>
<a class="clear" href="/dev/mailbox">Show all</a>
</form>
<p>${entries.length === 0 ? 'No messages.' : `${entries.length} message${entries.length === 1 ? '' : 's'}${to ? ` to ${escapeHtml(to)}` : ''}.`}</p>
${items}
</main>
</body>
</html>
`;
}

/**
 * The `to` filter as typed: an SMS recipient is `+<digits>`, and a `+` left unencoded in a query
 * string arrives as a space, so bare digits get their `+` back.
 */
export function recipientFilter(raw: string | undefined): string {
  const to = raw?.trim().slice(0, 254) ?? '';
  return /^\d{4,}$/.test(to) ? `+${to}` : to;
}

/** Mounted at /dev in development only. */
export function devRoutes(deps: Deps): Hono {
  const app = new Hono();

  app.get('/api/outbox', async (c) => {
    const to = recipientFilter(c.req.query('to'));
    return c.json({ data: await listOutbox(deps.database.db, to ? { to } : {}) });
  });

  app.get('/mailbox', async (c) => {
    const to = recipientFilter(c.req.query('to'));
    const entries = await listOutbox(deps.database.db, to ? { to } : {});
    c.header('Cache-Control', 'no-store');
    return c.html(mailboxPage(entries, to));
  });

  app.post('/api/buyer-invitations', validated('json', BuyerInvitationSchema), async (c) => {
    const input = c.req.valid('json' as never) as v.InferOutput<typeof BuyerInvitationSchema>;
    const loginId = `buyer_${randomBytes(5).toString('hex')}`;
    const displayName = input.email.slice(0, input.email.indexOf('@'));
    const { userId } = await createPendingAccount(
      deps.database.db,
      { loginId, email: input.email, displayName, category: 'SCHOOL_PURCHASER', language: input.lang },
      accountSettings(deps),
      deps.clock.now(),
    );
    return c.json({ data: { userId, loginId, email: input.email } });
  });

  // `npm run bench` reads the event-loop delay inside the server, reset before each scenario.
  if (deps.config.eventLoopMonitor) {
    const monitor = eventLoopDelayMonitor();
    // PGlite's synchronous steps on its own thread beside the main thread's delay, fetched from the
    // thread (server/db/database.ts); none on PostgreSQL.
    app.get('/api/event-loop-delay', async (c) => {
      const loop = monitor.read();
      return c.json({ data: { ...loop, pglite: await readPgliteSteps() } });
    });
    app.post('/api/event-loop-delay/reset', async (c) => {
      monitor.reset();
      await resetPgliteSteps();
      return c.json({ data: {} });
    });
  }

  return app;
}
