import type { Db } from './db/schema.ts';
import type { Clock } from './deps.ts';
import { eraseClosedAccounts, type ClosureSettings } from './domain/account-closure.ts';
import { describeError, type Logger } from './log.ts';

/** How often closed accounts past their grace period are erased (and once at start). */
export const CLOSURE_JOB_INTERVAL_MS = 15 * 60_000;

/**
 * Erases closed accounts whose 14 days have passed, at start and every 15 minutes, like the
 * history purge. Instances running it at once skip each other's rows (`FOR UPDATE SKIP LOCKED`).
 */
export function startClosureJob(options: { db: Db; clock: Clock; log: Logger; settings: ClosureSettings }): { stop: () => void } {
  const run = () => {
    eraseClosedAccounts(options.db, options.settings, options.clock.now()).then(
      (erased) => {
        if (erased > 0) options.log.info('erased closed accounts', { accounts: erased });
      },
      (error: unknown) => options.log.warn('closed-account erasure failed', { error: describeError(error) }),
    );
  };
  run();
  const timer = setInterval(run, CLOSURE_JOB_INTERVAL_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
