import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { RecaptchaVerifier } from './domain/recaptcha.ts';
import type { Logger } from './log.ts';

/** Where every time comes from, so tests can move it (session timeouts, link expiry, holds). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** Everything the app needs from outside; `createApp(deps)` builds no globals of its own. */
export interface Deps {
  config: Config;
  database: Database;
  clock: Clock;
  recaptcha: RecaptchaVerifier;
  log: Logger;
}
