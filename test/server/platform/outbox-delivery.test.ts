import { describe, expect, it } from 'vitest';
import { silentLogger, type Logger } from '../../../server/log.ts';
import { enqueueEmail } from '../../../server/mail/outbox.ts';
import { listFailedEmails, outboxCommand } from '../../../server/mail/outbox-admin.ts';
import type { MailTransport, OutgoingEmail } from '../../../server/mail/transport.ts';
import { OUTBOX_LEASE_MS, OUTBOX_RETRY_FOR_MS, deliverDue, retryDelayMs, type WorkerDeps } from '../../../server/mail/worker.ts';
import { HOUR, MINUTE, databases, uniqueLoginId, useTestServer } from '../support.ts';

/** The outbox never silently gives up (issue 13): send timeout, lease renewal, 24 hours of retries, failed marking, the operator command. */
describe.each(databases)('outbox delivery on $name', ({ name }) => {
  const server = useTestServer(name);

  const address = () => `${uniqueLoginId('deliver')}@example.test`;
  const worker = (transport: MailTransport, extra: Partial<WorkerDeps> = {}): WorkerDeps => ({
    db: server.db,
    transport,
    clock: server.clock,
    from: 'Portal <no-reply@portal.test>',
    log: silentLogger,
    ...extra,
  });
  const rowOf = (to: string) => server.db.selectFrom('outbox').selectAll().where('recipient', '=', to).executeTakeFirstOrThrow();
  /** Sends whatever other specs left due, so each spec sees only its own rows. */
  const drain = async () => {
    server.clock.advance(2 * HOUR);
    await deliverDue(worker({ send: async () => {}, close() {} }));
  };
  const recording = (): MailTransport & { sent: OutgoingEmail[] } => {
    const sent: OutgoingEmail[] = [];
    return { sent, send: async (message) => void sent.push(message), close() {} };
  };
  const failing: MailTransport = {
    send: async () => {
      throw new Error('421 service not available');
    },
    close() {},
  };

  it('a send that hangs fails after the timeout, is recorded with its reason and retried later', async () => {
    await drain();
    const to = address();
    await enqueueEmail(server.db, { to, subject: 'Hang', text: 'Hi' }, server.clock.now());
    const hanging: MailTransport = { send: () => new Promise<void>(() => {}), close() {} };
    const started = Date.now();
    expect(await deliverDue(worker(hanging, { sendTimeoutMs: 50 }))).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
    const row = await rowOf(to);
    expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null, last_error: 'the send did not finish within 50 ms' });
    expect(row.next_attempt_at.getTime() - server.clock.now().getTime()).toBe(retryDelayMs(1));

    server.clock.advance(retryDelayMs(1));
    const transport = recording();
    await deliverDue(worker(transport));
    expect(transport.sent.map((m) => m.to)).toEqual([to]);
    expect((await rowOf(to)).sent_at).not.toBeNull();
  });

  it('renews the lease of the rows still waiting while a slow batch runs, so no other worker claims them', async () => {
    await drain();
    const recipients = [address(), address(), address()];
    for (const to of recipients) await enqueueEmail(server.db, { to, subject: 'Slow', text: 'Hi' }, server.clock.now());
    const sent: string[] = [];
    const claimedByOther: string[] = [];
    const other = recording();
    // Each send takes 3 minutes of the clock; during the second, another worker runs a pass
    // after the first lease (5 minutes) has passed.
    const slow: MailTransport = {
      send: async (message) => {
        server.clock.advance(3 * MINUTE);
        if (sent.length === 1) {
          await deliverDue(worker(other));
          claimedByOther.push(...other.sent.map((m) => m.to));
        }
        sent.push(message.to);
      },
      close() {},
    };
    const start = server.clock.now().getTime();
    expect(await deliverDue(worker(slow))).toBe(3);
    expect(server.clock.now().getTime() - start).toBeGreaterThan(OUTBOX_LEASE_MS);
    expect(sent).toEqual(recipients);
    expect(claimedByOther).toEqual([]);
    for (const to of recipients) expect((await rowOf(to)).sent_at).not.toBeNull();
  });

  it('gives back the rows it claimed but has not sent when it stops, so another worker sends them at once', async () => {
    await drain();
    const recipients = [address(), address(), address()];
    for (const to of recipients) await enqueueEmail(server.db, { to, subject: 'Stopping', text: 'Hi' }, server.clock.now());
    const stopping = new AbortController();
    const sent: string[] = [];
    // The process is told to stop while the first email is being sent.
    const stoppedDuringFirst: MailTransport = {
      send: async (message) => {
        sent.push(message.to);
        stopping.abort();
      },
      close() {},
    };
    expect(await deliverDue(worker(stoppedDuringFirst, { stopping: stopping.signal }))).toBe(1);
    expect(sent).toEqual(recipients.slice(0, 1));
    for (const to of recipients.slice(1)) {
      const row = await rowOf(to);
      expect(row.sent_at).toBeNull();
      expect(row.next_attempt_at.getTime()).toBeLessThanOrEqual(server.clock.now().getTime());
    }
    const other = recording();
    expect(await deliverDue(worker(other))).toBe(2);
    expect(other.sent.map((m) => m.to)).toEqual(recipients.slice(1));
  });

  it('retries with backoff capped at one hour for 24 hours, then marks the email failed and logs it as an error', async () => {
    await drain();
    const to = address();
    const created = server.clock.now().getTime();
    await enqueueEmail(server.db, { to, subject: 'Never delivered', text: 'Hi' }, server.clock.now());
    const errors: unknown[] = [];
    const log: Logger = { ...silentLogger, error: (message, fields) => errors.push({ message, fields }) };
    const attemptsAt: number[] = [];
    for (let pass = 0; pass < 100; pass++) {
      const before = await rowOf(to);
      if (before.failed_at) break;
      server.clock.ms = before.next_attempt_at.getTime();
      const mine: MailTransport = {
        send: async (message) => {
          if (message.to === to) attemptsAt.push(server.clock.now().getTime());
          await failing.send(message);
        },
        close() {},
      };
      await deliverDue(worker(mine, { log }));
    }
    const row = await rowOf(to);
    expect(row.failed_at).not.toBeNull();
    expect(row.sent_at).toBeNull();
    expect(row.last_error).toBe('421 service not available');
    const gaps = attemptsAt.slice(1).map((at, i) => at - (attemptsAt[i] as number));
    expect(gaps[0]).toBe(retryDelayMs(1));
    expect(Math.max(...gaps)).toBe(HOUR);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1] as number);
    // Still tried until 24 hours had passed, and given up at the first failure after.
    expect((attemptsAt.at(-2) as number) - created).toBeLessThan(OUTBOX_RETRY_FOR_MS);
    expect((attemptsAt.at(-1) as number) - created).toBeGreaterThanOrEqual(OUTBOX_RETRY_FOR_MS);
    expect(row.attempts).toBe(attemptsAt.length);
    expect(row.attempts).toBeGreaterThan(24);
    expect(errors).toEqual([expect.objectContaining({ fields: expect.objectContaining({ outboxId: row.id }) })]);

    // A failed email is not tried again by the worker, however long one waits.
    server.clock.advance(7 * 24 * HOUR);
    const transport = recording();
    await deliverDue(worker(transport));
    expect(transport.sent.filter((m) => m.to === to)).toEqual([]);
  });

  it('npm run outbox lists failed emails with their last error, and retry sends one again with 24 more hours', async () => {
    await drain();
    const to = address();
    await enqueueEmail(server.db, { to, subject: 'Operator', text: 'Hi' }, server.clock.now());
    const since = server.clock.now().getTime();
    while (!(await rowOf(to)).failed_at) {
      server.clock.ms = (await rowOf(to)).next_attempt_at.getTime();
      await deliverDue(worker(failing));
    }
    const { id } = await rowOf(to);
    const failedId = Number(id);
    expect((await listFailedEmails(server.db)).map((email) => email.id)).toContain(failedId);

    const listed = await outboxCommand(server.db, ['list'], server.clock.now());
    expect(listed.exitCode).toBe(0);
    const line = listed.lines.find((l) => l.startsWith(`#${failedId} `));
    expect(line).toContain(`to ${to}`);
    expect(line).toContain('"Operator"');
    expect(line).toContain('last error: 421 service not available');
    expect(listed.lines.at(-1)).toContain('npm run outbox -- retry <id>');

    const retried = await outboxCommand(server.db, ['retry', String(failedId)], server.clock.now());
    expect(retried).toEqual({ lines: [`Queued again: #${failedId}. The worker sends them within seconds.`], exitCode: 0 });
    const queued = await rowOf(to);
    expect(queued).toMatchObject({ failed_at: null, attempts: 0, sent_at: null });
    expect(queued.retry_from).toEqual(server.clock.now());
    expect(queued.next_attempt_at).toEqual(server.clock.now());
    expect(server.clock.now().getTime() - since).toBeGreaterThanOrEqual(OUTBOX_RETRY_FOR_MS);

    // The retry has 24 hours of its own: a failure now is retried, not failed at once.
    await deliverDue(worker(failing));
    expect((await rowOf(to)).failed_at).toBeNull();
    server.clock.ms = (await rowOf(to)).next_attempt_at.getTime();
    const transport = recording();
    await deliverDue(worker(transport));
    expect(transport.sent.map((m) => m.to)).toContain(to);
    expect((await listFailedEmails(server.db)).map((email) => email.id)).not.toContain(failedId);

    // An id that is not a failed email (sent now) is reported, and the exit code says so.
    expect(await outboxCommand(server.db, ['retry', String(failedId)], server.clock.now())).toEqual({
      lines: ['No failed email was queued again.', `#${failedId} is not a failed email (unknown, sent, waiting, or an SMS).`],
      exitCode: 1,
    });
    expect((await outboxCommand(server.db, ['retry'], server.clock.now())).exitCode).toBe(2);
    expect((await outboxCommand(server.db, ['retry', 'abc'], server.clock.now())).exitCode).toBe(2);
    expect((await outboxCommand(server.db, ['frobnicate'], server.clock.now())).exitCode).toBe(2);
    expect((await outboxCommand(server.db, [], server.clock.now())).lines[0]).toContain('Usage');
  });

  it('retry --all puts every failed email back in the queue', async () => {
    await drain();
    const recipients = [address(), address()];
    for (const to of recipients) await enqueueEmail(server.db, { to, subject: 'Both', text: 'Hi' }, server.clock.now());
    server.clock.advance(OUTBOX_RETRY_FOR_MS);
    await deliverDue(worker(failing));
    for (const to of recipients) expect((await rowOf(to)).failed_at).not.toBeNull();
    const result = await outboxCommand(server.db, ['retry', '--all'], server.clock.now());
    expect(result.exitCode).toBe(0);
    const transport = recording();
    await deliverDue(worker(transport));
    expect(transport.sent.map((m) => m.to)).toEqual(expect.arrayContaining(recipients));
    expect(await listFailedEmails(server.db)).toEqual([]);
  });
});
