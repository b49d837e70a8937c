import { type KyselyPlugin, PostgresQueryCompiler } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MAX_ATTEMPTS } from '../../../contract/index.ts';
import type { Database } from '../../../server/db/database.ts';
import { type FamilyActor, createFamily, requestToJoin } from '../../../server/domain/family.ts';
import { createRecaptchaVerifier } from '../../../server/domain/recaptcha.ts';
import { TestClock, createAccount, databases, outcome, openTestDatabase } from '../support.ts';

const compiler = new PostgresQueryCompiler();

/** Counts the statements that judge a join attempt: the look-up of the family by its reference. */
function evaluationCounter(): { plugin: KyselyPlugin; count: number } {
  const counter = {
    count: 0,
    plugin: {
      transformQuery: ({ node, queryId }) => {
        if (/from "families" where "ref" = /.test(compiler.compileQuery(node, queryId).sql)) counter.count++;
        return node;
      },
      transformResult: async ({ result }) => result,
    } satisfies KyselyPlugin,
  };
  return counter;
}

describe.each(databases)('family join holds on $name', ({ name }) => {
  let database: Database;
  let drop: () => Promise<void>;
  const clock = new TestClock();
  const recaptcha = createRecaptchaVerifier({ secret: null });

  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase(name));
  });
  afterAll(async () => {
    await drop();
  });

  async function actor(): Promise<FamilyActor> {
    const account = await createAccount({ db: database.db, clock }, { password: null });
    return { userId: account.id, category: 'PUBLIC', loginEmail: account.email };
  }

  it('evaluates at most six of 50 parallel wrong join attempts, and holds the rest unevaluated', async () => {
    const admin = await actor();
    const family = await createFamily(database.db, admin, { familyName: 'Guarded', nickname: 'Dad', role: 'FATHER', recaptcha: 'token' }, recaptcha, clock.now());
    const guesser = await actor();
    const counter = evaluationCounter();
    const db = database.db.withPlugin(counter.plugin);
    const wrong = family.code === '111111' ? '222222' : '111111';
    const input = { adminEmail: admin.loginEmail ?? '', familyRef: family.familyRef, code: wrong, nickname: 'Guess', role: 'CHILD' as const, recaptcha: 'token' };

    const results = await Promise.all(Array.from({ length: 50 }, () => outcome(requestToJoin(db, guesser, input, recaptcha, clock.now()))));

    expect(counter.count).toBeLessThanOrEqual(HOLD_MAX_ATTEMPTS + 1);
    expect(counter.count).toBeGreaterThan(0);
    expect(results.filter((code) => code === 'familyCodeMismatch')).toHaveLength(HOLD_MAX_ATTEMPTS);
    expect(results.filter((code) => code === 'held')).toHaveLength(50 - HOLD_MAX_ATTEMPTS);
    // Held: the right code is not even looked at.
    const before = counter.count;
    expect(await outcome(requestToJoin(db, guesser, { ...input, code: family.code }, recaptcha, clock.now()))).toBe('held');
    expect(counter.count).toBe(before);
  });
});
