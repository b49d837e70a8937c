import type { Db } from '../db/schema.ts';
import type { Clock } from '../deps.ts';
import type { Logger } from '../log.ts';
import { OUTBOX_MAX_ATTEMPTS } from './worker.ts';

/** Sends one SMS or throws; the caller decides what a failure means. */
export interface SmsGateway {
  send(sms: { to: string; text: string }): Promise<void>;
}

export interface HttpSmsGatewayOptions {
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token: string | null;
  timeoutMs: number;
}

/**
 * The configurable HTTP gateway (SMS_GATEWAY_URL): `POST {to, text}` as JSON; any 2xx is sent.
 * The error thrown names only the status or the network failure, never the message text.
 */
export function createHttpSmsGateway(options: HttpSmsGatewayOptions): SmsGateway {
  return {
    send: async (sms) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (options.token) headers.authorization = `Bearer ${options.token}`;
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ to: sms.to, text: sms.text }),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const name = error instanceof Error ? error.name : '';
        throw new Error(name === 'TimeoutError' ? `SMS gateway did not answer within ${options.timeoutMs} ms` : 'SMS gateway unreachable');
      }
      // The body is not read into any message or log: a gateway may echo the text, which holds the code.
      await response.body?.cancel().catch(() => {});
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}

export interface SmsDeliveryDeps {
  db: Db;
  gateway: SmsGateway;
  clock: Clock;
  log: Logger;
}

/**
 * Delivers one SMS outbox row now, once. Success marks it sent; a failure marks it given up for
 * good (attempts at the maximum, so no worker ever sends it late) and returns false.
 */
export async function deliverSmsNow(deps: SmsDeliveryDeps, outboxId: number): Promise<boolean> {
  const row = await deps.db
    .selectFrom('outbox')
    .select(['recipient', 'body_text'])
    .where('id', '=', outboxId)
    .where('channel', '=', 'sms')
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  if (!row) return false;
  try {
    await deps.gateway.send({ to: row.recipient, text: row.body_text });
    await deps.db.updateTable('outbox').set({ sent_at: deps.clock.now(), attempts: 1, last_error: null }).where('id', '=', outboxId).execute();
    return true;
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, 200);
    await deps.db
      .updateTable('outbox')
      .set({ attempts: OUTBOX_MAX_ATTEMPTS, last_error: reason, next_attempt_at: deps.clock.now() })
      .where('id', '=', outboxId)
      .execute();
    deps.log.warn('sms delivery failed; given up', { outboxId, reason });
    return false;
  }
}
