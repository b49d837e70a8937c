import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AccountCategory } from '../../../contract/index.ts';
import { hashPassword } from '../../domain/passwords.ts';
import type { Db, SchoolsTable, UsersTable } from '../schema.ts';

/** The one password of every demo account (README lists them). */
export const DEMO_PASSWORD = 'Portal-Demo-2026';
export const DEMO_SCHOOL = { code: 'DEMO01', name: 'Demo Primary School', chinese_name: '示範小學', allow_qr_login: true } as const;

export type DemoSchool = Insertable<SchoolsTable>;

/** A demo account: active, in Traditional Chinese, signing in with DEMO_PASSWORD. */
export interface DemoAccount {
  readonly loginId: string;
  readonly email: string | null;
  readonly category: AccountCategory;
  readonly displayName: string;
  /** The demo school it belongs to, added first when missing; none for an account of no school. */
  readonly school?: DemoSchool;
  /** Columns beyond the common ones (names, roles, a two-factor email). */
  readonly columns?: Partial<Insertable<UsersTable>>;
}

/** One step of the seed, inside its transaction: the database and the one way to insert accounts. */
export interface SeedStep {
  readonly tx: Db;
  readonly now: Date;
  /** Inserts the accounts (and their schools) unless their login ID is taken. */
  readonly insertAccounts: (accounts: readonly DemoAccount[]) => Promise<void>;
}

let demoHash: Promise<string> | undefined;

/** One argon2 hash of DEMO_PASSWORD serves every demo account. */
function demoPasswordHash(): Promise<string> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  return demoHash;
}

/**
 * Runs `work` once per database: the `app_meta` marker `key` is written in the same transaction,
 * so of two processes starting at once only one seeds, and a step added later runs once on a
 * database seeded before it. Returns whether it ran.
 */
export async function seedOnce(db: Db, key: string, now: Date, work: (step: SeedStep) => Promise<void>): Promise<boolean> {
  const done = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
  if (done) return false;
  const passwordHash = await demoPasswordHash();
  return db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('app_meta')
      .values({ key, value: now.toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .execute();
    if (inserted.length === 0) return false;
    await work({ tx, now, insertAccounts: (accounts) => insertDemoAccounts(tx, accounts, passwordHash, now) });
    return true;
  });
}

/** Every demo account goes in here: active, in Traditional Chinese, its school added first when missing. */
async function insertDemoAccounts(tx: Db, accounts: readonly DemoAccount[], passwordHash: string, now: Date): Promise<void> {
  const schools = new Map(accounts.flatMap((account) => (account.school ? [[account.school.code, account.school] as const] : [])));
  for (const school of schools.values()) {
    await tx.insertInto('schools').values(school).onConflict((oc) => oc.column('code').doNothing()).execute();
  }
  await tx
    .insertInto('users')
    .values(
      accounts.map((account) => ({
        id: randomUUID(),
        login_id: account.loginId,
        login_email: account.email,
        contact_email: account.email,
        category: account.category,
        display_name: account.displayName,
        school_code: account.school?.code ?? null,
        password_hash: passwordHash,
        status: 'active' as const,
        language: 'zh_hant' as const,
        created_at: now,
        activated_at: now,
        ...account.columns,
      })),
    )
    .onConflict((oc) => oc.column('login_id').doNothing())
    .execute();
}
