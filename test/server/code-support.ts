import { type KyselyPlugin, PostgresQueryCompiler } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../../server/db/database.ts';
import type { Db } from '../../server/db/schema.ts';
import type { AccountSettings } from '../../server/domain/settings.ts';
import type { Logger } from '../../server/log.ts';
import { listOutbox } from '../../server/mail/outbox.ts';
import { type DatabaseKind, openTestDatabase, PUBLIC_URL } from './support.ts';

/*
 * What the specs of sent codes share (OTP login by email, mobile verification by SMS, two-factor
 * login): reading the code from the dev mailbox, a wrong one, a call's outcome, statement counts,
 * and a database per describe block (the server is useTestServer in support.ts).
 */

/** The six digits of the newest message (email or SMS) to `to`, as the dev mailbox shows it. */
export async function sentCode(db: Db, to: string): Promise<string> {
  const [message] = await listOutbox(db, { to });
  const match = /\b(\d{6})\b/.exec(message?.text ?? '');
  if (!match?.[1]) throw new Error(`no code sent to ${to}`);
  return match[1];
}

/** A different six-digit code than the right one. */
export function wrongCode(right: string): string {
  return right === '000000' ? '111111' : '000000';
}

/** The device cookie a response set, as a request's cookie header (`portal_device=…`). */
export function deviceCookieOf(setCookie: string | null): string | undefined {
  const match = /(?:^|,\s*)portal_device=([^;]*)/.exec(setCookie ?? '');
  return match?.[1] ? `portal_device=${match[1]}` : undefined;
}

/** `ok`, or the code of the domain's refusal. */
export { outcome } from './support.ts';

type CountedTable = 'users' | 'sessions' | 'otp_codes' | 'mobile_codes' | 'outbox' | 'holds';

/** Row counts of `tables`, to show that a call changed nothing (or what it changed). */
export async function rowCounts(db: Db, tables: readonly CountedTable[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

const compiler = new PostgresQueryCompiler();

/** Counts the statements sent through `plugin`: every one, or those whose SQL matches `only`. */
export function statementCounter(only?: RegExp): { plugin: KyselyPlugin; count: number } {
  const counter = {
    count: 0,
    plugin: {
      transformQuery: ({ node, queryId }) => {
        if (!only || only.test(compiler.compileQuery(node, queryId).sql)) counter.count++;
        return node;
      },
      transformResult: async ({ result }) => result,
    } satisfies KyselyPlugin,
  };
  return counter;
}

/** A logger writing each line as JSON into `lines`, so a spec can show what was (not) logged. */
export function logInto(lines: string[]): Logger {
  const capture = (level: string) => (message: string, fields?: Record<string, unknown>) => lines.push(JSON.stringify({ level, message, ...fields }));
  return { info: capture('info'), warn: capture('warn'), error: capture('error') };
}

/** The database of a describe block that calls the domain directly: opened before its tests, dropped after. */
export function suiteDatabase(kind: DatabaseKind): Pick<Database, 'db'> {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await opened?.drop();
  });
  return {
    get db() {
      if (!opened) throw new Error('the suite database is used before it opened');
      return opened.database.db;
    },
  };
}

/** The settings the OTP domain calls take in these specs. */
export const OTP_SETTINGS: AccountSettings = {
  policy: { minLength: 8, complexity: 3 },
  publicUrl: PUBLIC_URL,
  supportEmail: 'support@portal.test',
  sessionSecret: 'test-secret-for-otp-codes-0123456789',
};
