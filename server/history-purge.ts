import type { Db } from './db/schema.ts';
import type { Clock } from './deps.ts';
import { purgeSignInHistory } from './domain/sign-in-history.ts';
import { describeError, type Logger } from './log.ts';

/** How often every account's sign-in history older than 90 days is purged (and once at start). */
export const HISTORY_PURGE_INTERVAL_MS = 6 * 60 * 60_000;

/**
 * Purges the sign-in history of every account at start and every six hours: recordSignIn already
 * drops an account's old rows when it signs in, this catches the accounts that no longer do.
 * Several instances purging at once delete the same rows; that is harmless.
 */
export function startHistoryPurge(options: { db: Db; clock: Clock; log: Logger }): { stop: () => void } {
  const run = () => {
    purgeSignInHistory(options.db, options.clock.now()).then(
      (purged) => {
        if (purged > 0) options.log.info('purged sign-in history', { rows: purged });
      },
      (error: unknown) => options.log.warn('sign-in history purge failed', { error: describeError(error) }),
    );
  };
  run();
  const timer = setInterval(run, HISTORY_PURGE_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
