import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../../server/security.ts';
import { enqueueEmail, listOutbox } from '../../../server/mail/outbox.ts';
import { renderEmail } from '../../../server/mail/templates.ts';
import type { MailTransport, OutgoingEmail } from '../../../server/mail/transport.ts';
import { deliverDue, retryDelayMs, startOutboxWorker } from '../../../server/mail/worker.ts';
import { silentLogger } from '../../../server/log.ts';
import { LANGUAGES } from '../../../contract/index.ts';
import { createAccount, databases, emailsTo, uniqueLoginId, useTestServer } from '../support.ts';

/** A transport that records what it sends and fails the first `failures` sends. */
function fakeTransport(failures = 0): MailTransport & { sent: OutgoingEmail[] } {
  let left = failures;
  const sent: OutgoingEmail[] = [];
  return {
    sent,
    send: async (message) => {
      if (left > 0) {
        left--;
        throw new Error('450 mailbox busy');
      }
      sent.push(message);
    },
    close() {},
  };
}

describe.each(databases)('outbox on $name', ({ name }) => {
  const server = useTestServer(name);

  const address = () => `${uniqueLoginId('mail')}@example.test`;
  const worker = (transport: MailTransport) => ({ db: server.db, transport, clock: server.clock, from: 'Portal <no-reply@portal.test>', log: silentLogger });

  describe('enqueueEmail', () => {
    it('writes the message in the same transaction as the change: a failing change leaves no email', async () => {
      const to = address();
      await expect(
        server.db.transaction().execute(async (tx) => {
          await enqueueEmail(tx, { to, subject: 'Hello', text: 'Body' }, server.clock.now());
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await emailsTo(server, to)).toEqual([]);

      await server.db.transaction().execute(async (tx) => {
        await enqueueEmail(tx, { to, subject: 'Hello', text: 'Body' }, server.clock.now());
      });
      expect(await emailsTo(server, to)).toHaveLength(1);
    });

    it('writes no activation email when the registration itself is refused', async () => {
      const existing = await createAccount(server);
      const to = address();
      const response = await server.post('/api/users/register', {
        loginId: existing.loginId,
        email: to,
        displayName: 'Someone',
        acceptTerms: true,
        recaptcha: 'token',
        lang: 'en',
      });
      expect(response.body.error.code).toBe('loginIdTaken');
      expect(await emailsTo(server, to)).toEqual([]);
    });
  });

  describe('the delivery worker', () => {
    it('sends due messages once and marks them sent', async () => {
      const to = address();
      await enqueueEmail(server.db, { to, subject: 'Welcome', text: 'Hi' }, server.clock.now());
      const transport = fakeTransport();
      await deliverDue(worker(transport));
      await deliverDue(worker(transport));
      const mine = transport.sent.filter((m) => m.to === to);
      expect(mine).toEqual([{ from: 'Portal <no-reply@portal.test>', to, subject: 'Welcome', text: 'Hi' }]);
      const row = await server.db.selectFrom('outbox').selectAll().where('recipient', '=', to).executeTakeFirstOrThrow();
      expect(row.sent_at).toEqual(server.clock.now());
      expect(row.last_error).toBeNull();
    });

    it('sends the HTML part with the text part', async () => {
      await deliverDue(worker(fakeTransport()));
      const to = address();
      await enqueueEmail(server.db, { to, subject: 'Both parts', text: 'Hi', html: '<p>Hi</p>' }, server.clock.now());
      const transport = fakeTransport();
      await deliverDue(worker(transport));
      expect(transport.sent.filter((m) => m.to === to)).toEqual([{ from: 'Portal <no-reply@portal.test>', to, subject: 'Both parts', text: 'Hi', html: '<p>Hi</p>' }]);
    });

    it('retries a failed delivery after a growing delay, then succeeds', async () => {
      await deliverDue(worker(fakeTransport()));
      const to = address();
      await enqueueEmail(server.db, { to, subject: 'Retry me', text: 'Hi' }, server.clock.now());
      const transport = fakeTransport(2);
      await deliverDue(worker(transport));
      let row = await server.db.selectFrom('outbox').selectAll().where('recipient', '=', to).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ attempts: 1, sent_at: null, last_error: '450 mailbox busy' });
      expect(row.next_attempt_at.getTime() - server.clock.now().getTime()).toBe(retryDelayMs(1));

      await deliverDue(worker(transport));
      expect(transport.sent).toEqual([]);
      server.clock.advance(retryDelayMs(1));
      await deliverDue(worker(transport));
      server.clock.advance(retryDelayMs(2));
      await deliverDue(worker(transport));
      row = await server.db.selectFrom('outbox').selectAll().where('recipient', '=', to).executeTakeFirstOrThrow();
      expect(row.attempts).toBe(2);
      expect(row.sent_at).not.toBeNull();
      expect(transport.sent.map((m) => m.to)).toEqual([to]);
      expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));
    });

    it('runs in the background until stopped', async () => {
      await deliverDue(worker(fakeTransport()));
      const to = address();
      await enqueueEmail(server.db, { to, subject: 'Background', text: 'Hi' }, server.clock.now());
      const transport = fakeTransport();
      const running = startOutboxWorker(worker(transport), 20);
      await expect.poll(() => transport.sent.map((m) => m.to), { timeout: 5000 }).toContain(to);
      await running.stop();
    });
  });

  describe('development mailbox', () => {
    it('GET /dev/api/outbox lists messages newest first, for one address or all', async () => {
      const to = address();
      const other = address();
      await enqueueEmail(server.db, { to, subject: 'First', text: 'one' }, server.clock.now());
      server.clock.advance(1000);
      await enqueueEmail(server.db, { to: other, subject: 'Other', text: 'x' }, server.clock.now());
      server.clock.advance(1000);
      await enqueueEmail(server.db, { to, subject: 'Second', text: 'two', html: '<p>two</p>' }, server.clock.now());

      const mine = await server.get(`/dev/api/outbox?to=${encodeURIComponent(to.toUpperCase())}`);
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual({
        data: [
          { to, subject: 'Second', text: 'two', html: '<p>two</p>', createdAt: server.clock.now().toISOString() },
          { to, subject: 'First', text: 'one', html: null, createdAt: new Date(server.clock.now().getTime() - 2000).toISOString() },
        ],
      });
      const all = await server.get('/dev/api/outbox');
      expect(all.body.data.slice(0, 3).map((m: { subject: string }) => m.subject)).toEqual(['Second', 'Other', 'First']);
    });

    it('GET /dev/mailbox shows the messages as a page with clickable links, without scripts', async () => {
      const to = address();
      await enqueueEmail(server.db, { to, subject: 'Activate <now>', text: 'Open http://portal.test/en/user-activate?code=abc&x=1 please' }, server.clock.now());
      const page = await server.get(`/dev/mailbox?to=${encodeURIComponent(to)}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(page.text).toContain('<a href="http://portal.test/en/user-activate?code=abc&amp;x=1">');
      expect(page.text).toContain('Activate &lt;now&gt;');
      expect(page.text).not.toMatch(/<script|onclick=|javascript:/i);
      expect(page.text).toContain(`value="${to}"`);
      expect(page.text).toContain('1 message');
    });

    it('POST /dev/api/buyer-invitations creates a pending school purchaser and emails the buyer link', async () => {
      const email = address();
      const response = await server.post('/dev/api/buyer-invitations', { email, lang: 'en' });
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ userId: expect.any(String), loginId: expect.stringMatching(/^buyer_[0-9a-f]{10}$/), email });
      const user = await server.db.selectFrom('users').selectAll().where('id', '=', response.body.data.userId).executeTakeFirstOrThrow();
      expect(user).toMatchObject({ category: 'SCHOOL_PURCHASER', status: 'pending', login_email: email });
      const [mail] = await listOutbox(server.db, { to: email });
      expect(mail?.subject).toBe('Activate your school purchaser account');
      expect(mail?.text).toMatch(/http:\/\/portal\.test\/en\/buyer-activate\?code=[A-Za-z0-9_-]{43}/);
      const again = await server.post('/dev/api/buyer-invitations', { email, lang: 'en' });
      expect(again.body.error.code).toBe('emailTaken');
    });
  });
});

describe('email templates', () => {
  it('render every message in the three languages with the link, login ID, validity and support address', async () => {
    for (const lang of LANGUAGES) {
      for (const template of ['activation', 'buyerActivation', 'passwordReset'] as const) {
        const email = await renderEmail(template, lang, {
          to: 'chan@example.test',
          displayName: 'Chan',
          loginId: 'chan_tm',
          link: 'http://portal.test/x?code=T',
          validHours: 72,
          supportEmail: 'help@portal.test',
        });
        expect(email.subject.length, `${lang} ${template}`).toBeGreaterThan(0);
        for (const part of ['Chan', 'chan_tm', 'http://portal.test/x?code=T', '72', 'help@portal.test']) {
          expect(email.text, `${lang} ${template}`).toContain(part);
        }
      }
    }
  });
});
