import pg from 'pg';

/** The channel migration 0009's triggers notify when a row a session lookup reads has changed. */
export const ACCOUNT_CHANGES_CHANNEL = 'portal_account_changes';
const RECONNECT_DELAY_MS = 1_000;

export interface ChangeFeed {
  /** True while the LISTEN connection is up, so other processes' changes are being heard. */
  live(): boolean;
  /**
   * Resolves once every notification committed before the call has been heard: the feed's own
   * connection notifies itself, and PostgreSQL delivers notices in commit order. Resolves at once
   * while the feed is down.
   */
  heard(): Promise<void>;
  close(): Promise<void>;
}

const MARK_PREFIX = 'heard:';

/**
 * Listens on ACCOUNT_CHANGES_CHANNEL with a connection of its own and calls `onChange` for every
 * notification another process sent (`fromOwnConnection`), and once more each time the connection
 * comes back (changes may have been missed meanwhile). While the connection is down `live()` is false and callers must not trust anything
 * they cached; it reconnects every second until closed.
 */
export interface ChangeFeedOptions {
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  /** Only notifications from this schema count (the payload names it); absent: all. */
  schema?: string;
  reconnectDelayMs?: number;
  /**
   * Whether a notification came from one of this process's own connections (its backend's PID):
   * those writes were counted when they were sent (server/db/write-counter.ts), and counting them
   * again when their notification arrives, later, would empty the cache a second time for nothing.
   */
  fromOwnConnection?: (processId: number) => boolean;
}

export async function openChangeFeed(url: string, onChange: () => void, options: ChangeFeedOptions = {}): Promise<ChangeFeed> {
  const reconnectDelayMs = options.reconnectDelayMs ?? RECONNECT_DELAY_MS;
  let client: pg.Client | null = null;
  let up = false;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let marks = 0;
  const waiting = new Map<string, () => void>();
  const release = () => {
    for (const resolve of waiting.values()) resolve();
    waiting.clear();
  };

  const retryLater = () => {
    if (!closed) timer = setTimeout(() => void attempt(), reconnectDelayMs);
  };
  const drop = (lost: pg.Client) => {
    if (client !== lost) return;
    up = false;
    release();
    client = null;
    lost.end().catch(() => {});
    retryLater();
  };
  const attempt = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: options.applicationName ?? 'portal-change-feed' });
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    next.on('notification', (message) => {
      const mark = message.payload;
      if (mark?.startsWith(MARK_PREFIX)) {
        waiting.get(mark)?.();
        waiting.delete(mark);
        return;
      }
      if (options.schema && message.payload !== options.schema) return;
      if (options.fromOwnConnection?.(message.processId)) return;
      onChange();
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${ACCOUNT_CHANGES_CHANNEL}`);
    } catch {
      drop(next);
      return;
    }
    if (client !== next) return;
    // Whatever changed while nobody listened: forget it all once.
    onChange();
    up = true;
  };

  // Starts without the cache when the first attempt fails; the feed keeps trying meanwhile.
  await attempt();
  return {
    live: () => up,
    heard: async () => {
      const current = client;
      if (!up || !current) return;
      const mark = `${MARK_PREFIX}${process.pid}:${++marks}`;
      const arrived = new Promise<void>((resolve) => waiting.set(mark, resolve));
      try {
        await current.query('SELECT pg_notify($1, $2)', [ACCOUNT_CHANGES_CHANNEL, mark]);
      } catch {
        waiting.delete(mark);
        return;
      }
      await arrived;
    },
    close: async () => {
      closed = true;
      up = false;
      release();
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
