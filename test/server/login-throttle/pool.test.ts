import { hash } from '@node-rs/argon2';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PasswordPool, PoolFullError } from '../../../server/domain/password-pool.ts';

const RIGHT = 'Correct-Horse-42';

describe('the password pool', () => {
  let stored: string;
  beforeAll(async () => {
    stored = await hash(RIGHT);
  });

  describe.each(['threads', 'async'] as const)('in %s mode', (mode) => {
    let pool: PasswordPool;
    beforeAll(() => {
      pool = new PasswordPool({ mode, size: 2 });
    });
    afterAll(async () => {
      await pool.close();
    });

    it('answers each of 24 parallel verifications rightly, and hashes that verify', async () => {
      const guesses = Array.from({ length: 24 }, (_, i) => (i % 3 === 0 ? RIGHT : `Wrong-${i}`));
      const answers = await Promise.all(guesses.map((guess, i) => pool.verify(stored, guess, { key: `addr${i % 4}` })));
      expect(answers).toEqual(guesses.map((guess) => guess === RIGHT));
      const made = await pool.hash('Another-Pass-9');
      expect(made).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(await pool.verify(made, 'Another-Pass-9')).toBe(true);
    });

    it('rejects a malformed hash without wedging the pool', async () => {
      await expect(pool.verify('not-a-hash', RIGHT)).rejects.toThrow();
      expect(await pool.verify(stored, RIGHT)).toBe(true);
    });
  });

  it('serves lanes round-robin: one job of a quiet lane overtakes a flooding lane’s queue', async () => {
    const pool = new PasswordPool({ mode: 'threads', size: 1 });
    try {
      const finished: string[] = [];
      const flood = Array.from({ length: 8 }, (_, i) => pool.verify(stored, `Wrong-${i}`, { key: 'flood' }).then(() => finished.push(`flood${i}`)));
      const quiet = pool.verify(stored, RIGHT, { key: 'school' }).then((ok) => {
        finished.push('school');
        return ok;
      });
      expect(await quiet).toBe(true);
      await Promise.all(flood);
      // At most the flood's running job and one more were ahead of it.
      expect(finished.indexOf('school')).toBeLessThanOrEqual(2);
    } finally {
      await pool.close();
    }
  });

  it('serves a low lane only when no other lane waits', async () => {
    const pool = new PasswordPool({ mode: 'threads', size: 1 });
    try {
      const finished: string[] = [];
      const low = Array.from({ length: 4 }, (_, i) => pool.verify(stored, `Wrong-${i}`, { key: 'flooder', low: true }).then(() => finished.push(`low${i}`)));
      const normal = Array.from({ length: 3 }, (_, i) => pool.verify(stored, RIGHT, { key: `pupil${i}` }).then(() => finished.push(`normal${i}`)));
      await Promise.all([...low, ...normal]);
      // The first low job was already running; every normal one finished before the remaining low ones.
      expect(finished.slice(0, 4).filter((name) => name.startsWith('normal'))).toHaveLength(3);
    } finally {
      await pool.close();
    }
  });

  it('refuses beyond maxQueuedPerLane for that lane only', async () => {
    const pool = new PasswordPool({ mode: 'threads', size: 1, maxQueuedPerLane: 2 });
    try {
      const first = [pool.verify(stored, 'a', { key: 'x' }), pool.verify(stored, 'b', { key: 'x' })];
      await expect(pool.verify(stored, 'c', { key: 'x' })).rejects.toBeInstanceOf(PoolFullError);
      expect(await pool.verify(stored, RIGHT, { key: 'y' })).toBe(true);
      expect(await Promise.all(first)).toEqual([false, false]);
      expect(pool.queued('x')).toBe(0);
    } finally {
      await pool.close();
    }
  });

  it('replaces a killed worker and finishes its job, so logins are not wedged', async () => {
    const pool = new PasswordPool({ mode: 'threads', size: 2 });
    try {
      const jobs = Array.from({ length: 6 }, (_, i) => pool.verify(stored, i % 2 ? RIGHT : 'Wrong-x', { key: `k${i}` }));
      // Kill both workers while they hash.
      await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.all(pool.workers().map((worker) => worker.terminate()));
      expect(await Promise.all(jobs)).toEqual([false, true, false, true, false, true]);
      expect(pool.restarts).toBeGreaterThanOrEqual(2);
      expect(await pool.verify(stored, RIGHT)).toBe(true);
    } finally {
      await pool.close();
    }
  });

  it('runs its workers at the lowest priority (Linux: a nice value per thread)', async () => {
    if (process.platform !== 'linux') return;
    const pool = new PasswordPool({ mode: 'threads', size: 2 });
    try {
      // Both workers have started and run a job.
      await Promise.all(Array.from({ length: 4 }, (_, i) => pool.verify(stored, RIGHT, { key: `k${i}` })));
      const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      const main = niceOf(readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8'));
      const tasks = (await import('node:fs')).readdirSync('/proc/self/task');
      const nice = tasks.map((task) => niceOf(readFileSync(`/proc/self/task/${task}/stat`, 'utf8')));
      expect(nice.filter((n) => n === 19).length).toBeGreaterThanOrEqual(2);
      expect(main).toBeLessThan(19);
    } finally {
      await pool.close();
    }
  });
  it('starts workers when work comes and ends them after idleRetireMs, then starts them again', async () => {
    const pool = new PasswordPool({ mode: 'threads', size: 2, idleRetireMs: 200 });
    try {
      expect(pool.workers()).toHaveLength(0);
      expect(await Promise.all([pool.verify(stored, RIGHT, { key: 'a' }), pool.verify(stored, 'Wrong-x', { key: 'b' })])).toEqual([true, false]);
      expect(pool.workers()).toHaveLength(2);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(pool.workers()).toHaveLength(0);
      // Retiring is not dying: nothing was restarted, and work starts a worker again.
      expect(pool.restarts).toBe(0);
      expect(await pool.verify(stored, RIGHT)).toBe(true);
      expect(pool.workers()).toHaveLength(1);
    } finally {
      await pool.close();
    }
  });
});
