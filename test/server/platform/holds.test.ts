import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MAX_ATTEMPTS } from '../../../contract/index.ts';
import type { Db } from '../../../server/db/schema.ts';
import { DomainError } from '../../../server/domain/errors.ts';
import { HOLD_DURATION_MS, type HoldKey, clearAttempts, currentHold, recordFailure, reserveAttempt } from '../../../server/domain/holds.ts';
import { type Database } from '../../../server/db/database.ts';
import { HOUR, MINUTE, TestClock, databases, openTestDatabase } from '../support.ts';

/**
 * A guessing game on a dummy kind, the way family join, OTP and two-factor will use holds:
 * reserve, evaluate, then record the failure or clear on success.
 */
async function guess(db: Db, key: HoldKey, answer: string, now: Date, evaluated: { count: number }): Promise<'right'> {
  const attempt = await reserveAttempt(db, key, now);
  evaluated.count++;
  // Give parallel attempts every chance to interleave between reservation and verdict.
  await new Promise((resolve) => setTimeout(resolve, 1));
  if (answer === 'secret') {
    await clearAttempts(db, key);
    return 'right';
  }
  return recordFailure(db, key, attempt, now, 'loginFailed');
}

async function outcome(promise: Promise<unknown>): Promise<{ code: string; holdUntil?: Date }> {
  try {
    await promise;
    return { code: 'ok' };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { code: error.code, ...(error.holdUntil ? { holdUntil: error.holdUntil } : {}) };
  }
}

let subjects = 0;
const keyFor = (): HoldKey => ({ subject: `subject-${++subjects}-${Math.random().toString(36).slice(2)}`, kind: 'test-guess' });

describe.each(databases)('holds on $name', ({ name }) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = new TestClock();

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(name));
  });
  afterAll(async () => {
    await drop();
  });

  it('tells the first five wrong answers they are wrong, holds on the sixth with its end time, and holds later ones unevaluated', async () => {
    const key = keyFor();
    const evaluated = { count: 0 };
    const now = clock.now();
    for (let i = 0; i < HOLD_MAX_ATTEMPTS; i++) {
      expect(await outcome(guess(database.db, key, 'wrong', now, evaluated))).toEqual({ code: 'loginFailed' });
    }
    const sixth = await outcome(guess(database.db, key, 'wrong', now, evaluated));
    expect(sixth.code).toBe('held');
    expect(sixth.holdUntil?.toISOString()).toBe(new Date(now.getTime() + HOLD_DURATION_MS).toISOString());
    expect(evaluated.count).toBe(6);

    const seventh = await outcome(guess(database.db, key, 'secret', now, evaluated));
    expect(seventh).toEqual({ code: 'held', holdUntil: sixth.holdUntil });
    expect(evaluated.count).toBe(6);
    expect(await currentHold(database.db, key, now)).toEqual(sixth.holdUntil);
  });

  it('lets at most six of 50 parallel wrong attempts be evaluated, and answers all the others held', async () => {
    const key = keyFor();
    const evaluated = { count: 0 };
    const now = clock.now();
    const results = await Promise.all(Array.from({ length: 50 }, () => outcome(guess(database.db, key, 'wrong', now, evaluated))));
    expect(evaluated.count).toBeLessThanOrEqual(HOLD_MAX_ATTEMPTS + 1);
    expect(results.filter((r) => r.code === 'loginFailed').length).toBeLessThanOrEqual(HOLD_MAX_ATTEMPTS);
    expect(results.filter((r) => r.code === 'held').length).toBeGreaterThanOrEqual(50 - HOLD_MAX_ATTEMPTS - 1);
    for (const r of results.filter((r) => r.code === 'held')) expect(r.holdUntil).toBeInstanceOf(Date);
    expect(await currentHold(database.db, key, now)).not.toBeNull();
  });

  it('starts counting afresh after a success', async () => {
    const key = keyFor();
    const evaluated = { count: 0 };
    const now = clock.now();
    for (let i = 0; i < HOLD_MAX_ATTEMPTS; i++) await outcome(guess(database.db, key, 'wrong', now, evaluated));
    expect(await outcome(guess(database.db, key, 'secret', now, evaluated))).toEqual({ code: 'ok' });
    for (let i = 0; i < HOLD_MAX_ATTEMPTS; i++) {
      expect((await outcome(guess(database.db, key, 'wrong', now, evaluated))).code).toBe('loginFailed');
    }
  });

  it('forgets failures older than the 24-hour window', async () => {
    const key = keyFor();
    const evaluated = { count: 0 };
    const start = clock.now().getTime();
    for (let i = 0; i < HOLD_MAX_ATTEMPTS; i++) await outcome(guess(database.db, key, 'wrong', new Date(start), evaluated));
    const nextDay = new Date(start + 24 * HOUR + MINUTE);
    for (let i = 0; i < HOLD_MAX_ATTEMPTS; i++) {
      expect((await outcome(guess(database.db, key, 'wrong', nextDay, evaluated))).code).toBe('loginFailed');
    }
    expect((await outcome(guess(database.db, key, 'wrong', nextDay, evaluated))).code).toBe('held');
  });

  it('releases the subject when the hold has run out', async () => {
    const key = keyFor();
    const evaluated = { count: 0 };
    const start = clock.now().getTime();
    for (let i = 0; i <= HOLD_MAX_ATTEMPTS; i++) await outcome(guess(database.db, key, 'wrong', new Date(start), evaluated));
    const justBefore = new Date(start + HOLD_DURATION_MS - MINUTE);
    expect((await outcome(guess(database.db, key, 'secret', justBefore, evaluated))).code).toBe('held');
    const after = new Date(start + HOLD_DURATION_MS + MINUTE);
    expect(await currentHold(database.db, key, after)).toBeNull();
    expect(await outcome(guess(database.db, key, 'secret', after, evaluated))).toEqual({ code: 'ok' });
  });

  it('counts each subject and each kind separately', async () => {
    const key = keyFor();
    const evaluated = { count: 0 };
    const now = clock.now();
    for (let i = 0; i <= HOLD_MAX_ATTEMPTS; i++) await outcome(guess(database.db, key, 'wrong', now, evaluated));
    expect((await outcome(guess(database.db, { ...key, kind: 'other-kind' }, 'wrong', now, evaluated))).code).toBe('loginFailed');
    expect((await outcome(guess(database.db, { ...key, subject: `${key.subject}-2` }, 'wrong', now, evaluated))).code).toBe('loginFailed');
  });
});
