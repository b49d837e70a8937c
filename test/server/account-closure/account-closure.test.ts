import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_CLOSURE_GRACE_MS, eraseClosedAccounts } from '../../../server/domain/account-closure.ts';
import { MINUTE, PASSWORD, PUBLIC_URL, createAccount, databases, emailsTo, signIn, useTestServer, type TestServer } from '../support.ts';

const STATUS = '/api/profile/closure';
const CLOSE = '/api/profile/closure/close';
const CANCEL = '/api/profile/closure/cancel';
const SETTINGS = { supportEmail: 'help@portal.test', publicUrl: PUBLIC_URL };

/**
 * Every table, and the columns of it that can hold a person's data. A table added without a row
 * here fails the first test until its personal data is handled by the erasure (and listed), or
 * it is listed with no such column. The erasure test then looks for the person in every column of
 * every table, listed or not.
 */
const PERSONAL_DATA: Record<string, readonly string[]> = {
  schema_migrations: [],
  app_meta: [],
  schools: [],
  school_email_domains: [],
  users: ['id', 'login_id', 'login_email', 'contact_email', 'display_name', 'chinese_surname', 'chinese_given_name', 'english_surname', 'english_given_name', 'nickname', 'nickname_key', 'gender', 'year_of_birth', 'address_line1_zh', 'address_line2_zh', 'address_line1_en', 'address_line2_en', 'mobile_country_code', 'mobile_number', 'parent_interests', 'mfa_email'],
  sessions: ['user_id', 'user_agent', 'address'],
  link_tokens: ['user_id'],
  outbox: ['recipient', 'subject', 'body_text', 'body_html'],
  holds: ['subject'],
  login_throttles: ['subject', 'address'],
  families: ['name'],
  family_members: ['user_id', 'nickname'],
  subscription_requests: ['email', 'user_id'],
  email_subscriptions: ['email'],
  teacher_profiles: ['user_id', 'username', 'teacher_email'],
  school_staff: ['user_id', 'school_email', 'ch_full_name', 'en_full_name'],
  email_changes: ['user_id', 'email'],
  mobile_codes: ['user_id', 'country_code', 'mobile_number'],
  otp_codes: ['user_id'],
  mfa_challenges: ['user_id', 'email'],
  login_qr_codes: ['user_id'],
  user_identities: ['user_id', 'email', 'subject', 'opens_user_id'],
  oidc_flows: ['user_id'],
  pending_identities: ['email', 'subject'],
  sign_in_history: ['user_id', 'user_agent', 'address'],
  known_browsers: ['user_id', 'browser_key'],
  upgrades: ['user_id', 'email', 'data'],
  user_relationships: ['member_id', 'associate_id'],
  // A checked association waiting for its confirmation (migration 0031): lives 5 minutes, erased with either account (ON DELETE CASCADE); the session is a hash.
  association_tickets: ['member_id', 'associate_id'],
  // The school's own list: a record the school keeps about an address stays the school's (docs/decisions/account-closure.md).
  org_accounts: [],
  org_account_imports: ['created_by'],
  data_exports: ['user_id'],
  account_closures: ['user_id'],
  // Sessions ended from elsewhere (migration 0029): an HMAC of a random id, why and when; no user.
  ended_sessions: [],
  // A school administrator's second factor (docs/decisions/authenticator.md): erased with the user (ON DELETE CASCADE).
  authenticators: ['user_id', 'secret'],
  recovery_codes: ['user_id', 'code_hash'],
  // Passkeys (docs/decisions/passkeys.md): erased with the user (ON DELETE CASCADE); challenges hold no person (a hash of the session or the pre-sign-in cookie), live 5 minutes.
  passkeys: ['user_id', 'credential_id', 'public_key', 'name'],
  passkey_challenges: [],
  // The step-up dialog's emailed codes (docs/decisions/step-up.md): a hash of the session and of the code, no person; live 10 minutes.
  step_up_codes: [],
};

async function tablesOf(server: TestServer): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(server.db);
  return rows.rows.map((row) => row.table_name);
}

/** The columns of `table` whose text holds any of `values` (the whole row is searched first: one query for most tables). */
async function columnsHolding(server: TestServer, table: string, values: readonly string[]): Promise<string[]> {
  const rowHit = sql.join(values.map((value) => sql`r::text LIKE ${`%${value}%`}`), sql` OR `);
  const any = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} AS r WHERE ${rowHit}`.execute(server.db);
  if (Number(any.rows[0]?.n ?? 0) === 0) return [];
  const columns = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ${table}`.execute(server.db);
  const found: string[] = [];
  for (const { column_name: column } of columns.rows) {
    const where = sql.join(values.map((value) => sql`${sql.ref(column)}::text LIKE ${`%${value}%`}`), sql` OR `);
    const hit = await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${where}`.execute(server.db);
    if (Number(hit.rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe.each(databases)('account closure on $name', ({ name }) => {
  const server = useTestServer(name);

  /** Closing needs a proof in the last 10 minutes (step-up): the password, then the call. */
  async function close(cookie: string) {
    const proof = await server.post('/api/profile/step-up/password', { currentPassword: PASSWORD }, { cookie });
    expect(proof.status).toBe(200);
    return server.post(CLOSE, undefined, { cookie });
  }

  it('knows every table: each is listed with the columns that hold personal data', async () => {
    expect(await tablesOf(server)).toEqual(Object.keys(PERSONAL_DATA).sort());
  });

  it('closes a public member: every session ends, signing in again shows the closure and cancels it, with an email at each step', async () => {
    const account = await createAccount(server);
    const cookie = await signIn(server, account.loginId);
    expect((await server.post(CLOSE, undefined, { cookie })).body.error.code).toBe('stepUpRequired');
    const closed = await close(cookie);
    expect(closed.status).toBe(200);
    const eraseAt = new Date(server.clock.now().getTime() + ACCOUNT_CLOSURE_GRACE_MS).toISOString();
    expect(closed.body.data).toEqual({ eraseAt });
    expect((await server.get(STATUS, { cookie })).status).toBe(401);
    expect((await emailsTo(server, account.email ?? ''))[0]?.subject).toBe('Your education platform account is being closed');

    server.clock.advance(13 * 24 * 60 * MINUTE);
    const again = await signIn(server, account.loginId);
    expect((await server.get(STATUS, { cookie: again })).body.data).toEqual({ eraseAt });
    expect((await close(again)).body.error.code).toBe('closureAlreadyRequested');
    expect((await server.post(CANCEL, undefined, { cookie: again })).status).toBe(200);
    expect((await server.get(STATUS, { cookie: again })).body.data).toEqual({ eraseAt: null });
    expect((await server.post(CANCEL, undefined, { cookie: again })).body.error.code).toBe('closureNotRequested');
    expect((await emailsTo(server, account.email ?? ''))[0]?.subject).toBe('The closure of your education platform account was cancelled');

    server.clock.advance(2 * 24 * 60 * MINUTE);
    expect(await eraseClosedAccounts(server.db, SETTINGS, server.clock.now())).toBe(0);
    expect(await server.db.selectFrom('users').select('id').where('id', '=', account.id).executeTakeFirst()).toBeDefined();
  });

  it('tells school-managed accounts to ask their school, and other categories that they cannot close here', async () => {
    const school = `CL${randomUUID().slice(0, 6).toUpperCase()}`;
    await server.db.insertInto('schools').values({ code: school, name: 'Closure School', allow_qr_login: false }).execute();
    const student = await createAccount(server, { category: 'STUDENT', schoolCode: school, email: null });
    const teacher = await createAccount(server, { category: 'INDIVIDUAL_TEACHER' });
    expect((await close(await signIn(server, student.loginId))).body.error.code).toBe('closureSchoolManaged');
    expect((await close(await signIn(server, teacher.loginId))).body.error.code).toBe('closureNotAllowed');
  });

  it('refuses the last admin of a family with other members until another member is an admin', async () => {
    const admin = await createAccount(server, { category: 'FULL_MEMBER' });
    const member = await createAccount(server);
    const family = randomUUID();
    const now = server.clock.now();
    await sql`INSERT INTO families (id, name, ref, code, code_created_at, code_expires_at, created_at) VALUES (${family}, 'The Closing Family', ${`R${family.slice(0, 7).toUpperCase()}`}, '123456', ${now}, ${now}, ${now})`.execute(server.db);
    for (const [user, isAdmin] of [[admin, true], [member, false]] as const) {
      await sql`INSERT INTO family_members (id, family_id, user_id, nickname, family_role, is_admin, status, requested_at) VALUES (${randomUUID()}, ${family}, ${user.id}, 'Nick', 'FATHER', ${isAdmin}, 'active', ${now})`.execute(server.db);
    }
    const cookie = await signIn(server, admin.loginId);
    expect((await close(cookie)).body.error.code).toBe('closureLastFamilyAdmin');
    await server.db.updateTable('family_members').set({ is_admin: true }).where('user_id', '=', member.id).execute();
    expect((await close(cookie)).status).toBe(200);
  });

  it('erases the personal data after 14 days, the confirmation delivered last, leaving the person in no column of any table', async () => {
    const account = await createAccount(server, { category: 'FULL_MEMBER' });
    const email = account.email ?? '';
    await server.db.updateTable('users').set({ chinese_surname: '閉', english_given_name: 'Closingname', mobile_country_code: '852', mobile_number: '98761234' }).where('id', '=', account.id).execute();
    const cookie = await signIn(server, account.loginId);
    // Data the account leaves in other tables: a download, a newsletter by address, a linked identity, a hold, a passkey, a family of its own.
    await server.app.request(`${PUBLIC_URL}/api/profile/my-data/download`, { method: 'POST', headers: { cookie, origin: PUBLIC_URL } });
    const now = server.clock.now();
    await server.db.insertInto('email_subscriptions').values({ email, services: ['newsletter'], confirmed_at: now }).execute();
    await server.db.insertInto('user_identities').values({ provider: 'google', subject: `g-${account.id}`, user_id: account.id, email, linked_at: now }).execute();
    await sql`INSERT INTO holds (subject, kind, attempts, window_started_at) VALUES (${account.id}, 'family_invite', 1, ${now})`.execute(server.db);
    await server.db.insertInto('passkeys').values({ credential_id: `cred-${account.id}`, user_id: account.id, public_key: 'pk', name: 'Closingname laptop', created_at: now, last_used_at: null }).execute();
    const family = randomUUID();
    await sql`INSERT INTO families (id, name, ref, code, code_created_at, code_expires_at, created_at) VALUES (${family}, 'Closingname Family', ${`R${family.slice(0, 7).toUpperCase()}`}, '123456', ${now}, ${now}, ${now})`.execute(server.db);
    await sql`INSERT INTO family_members (id, family_id, user_id, nickname, family_role, is_admin, status, requested_at) VALUES (${randomUUID()}, ${family}, ${account.id}, 'Closingname', 'FATHER', true, 'active', ${now})`.execute(server.db);
    expect((await close(cookie)).status).toBe(200);

    const person = [account.id, account.loginId, email, 'Closingname', '98761234'];
    const exists = async () => (await server.db.selectFrom('users').select('id').where('id', '=', account.id).executeTakeFirst()) !== undefined;
    server.clock.advance(ACCOUNT_CLOSURE_GRACE_MS - MINUTE);
    await eraseClosedAccounts(server.db, SETTINGS, server.clock.now());
    expect(await exists()).toBe(true);
    server.clock.advance(MINUTE);
    // (The earlier test's family admin, closed at the same time on this clock, goes too.)
    expect(await eraseClosedAccounts(server.db, SETTINGS, server.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await exists()).toBe(false);

    // Only the confirmation, waiting in the outbox, still names the person.
    const confirmation = await emailsTo(server, email);
    expect(confirmation.map((entry) => entry.subject)).toEqual(['Your education platform account has been closed']);
    const holding: string[] = [];
    for (const table of await tablesOf(server)) holding.push(...(await columnsHolding(server, table, person)));
    expect(holding.sort()).toEqual(['outbox.body_html', 'outbox.body_text', 'outbox.recipient']);

    // Delivered, it goes too.
    await server.db.updateTable('outbox').set({ sent_at: server.clock.now() }).where('recipient', '=', email).execute();
    await eraseClosedAccounts(server.db, SETTINGS, server.clock.now());
    const left: string[] = [];
    for (const table of await tablesOf(server)) left.push(...(await columnsHolding(server, table, person)));
    expect(left).toEqual([]);
    expect((await server.post('/auth/login', { loginId: account.loginId, password: account.password })).status).toBe(401);
  });
});
