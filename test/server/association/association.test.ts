import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountCategory } from '../../../contract/index.ts';
import { ASSOCIATION_TICKET_MS } from '../../../server/domain/association.ts';
import { ACCOUNT_BUDGET, FREE_ATTEMPTS } from '../../../server/domain/login-throttle.ts';
import { passwordPool } from '../../../server/domain/passwords.ts';
import { PASSWORD, type TestResponse, createAccount, databases, signIn, useTestServer, tableCounts, uniqueLoginId } from '../support.ts';

const LIST = '/api/users/associate/get';
const CHECK = '/api/users/associate/check';
const ASSOCIATE = '/api/users/associate';
const REMOVE = '/api/users/associate/remove';
const WRONG = 'Wrong-Password-1';

let addressCounter = 0;
/** A client address no other test uses (documentation range 203.0.113.0/24). */
const newAddress = () => `203.0.113.${++addressCounter}`;

describe.each(databases)('account association on $name', ({ name }) => {
  // One trusted proxy: the client address is the last X-Forwarded-For entry.
  const server = useTestServer(name, { env: { TRUST_PROXY: '1' } });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  async function member(category: AccountCategory = 'FULL_MEMBER') {
    const account = await createAccount(server, { category });
    return { ...account, cookie: await signIn(server, account.loginId) };
  }
  const student = (options: { category?: AccountCategory; status?: 'active' | 'pending'; password?: string | null } = {}) =>
    createAccount(server, { category: options.category ?? 'STUDENT', email: null, ...(options.status ? { status: options.status } : {}), ...(options.password !== undefined ? { password: options.password } : {}) });

  const check = (cookie: string, cityId: string, password: string, address = newAddress(), extra: { recaptchaToken?: string } = {}): Promise<TestResponse> =>
    server.post(CHECK, { cityId, password, ...extra }, { cookie, headers: { 'x-forwarded-for': address } });
  const spend = (cookie: string, ticket: string): Promise<TestResponse> => server.post(ASSOCIATE, { ticket }, { cookie });
  /** The page's two steps: the check, then (if it answered a ticket) the association spending it. */
  const associate = async (cookie: string, cityId: string, password: string, address = newAddress(), extra: { recaptchaToken?: string } = {}): Promise<TestResponse> => {
    const checked = await check(cookie, cityId, password, address, extra);
    return checked.status === 200 ? spend(cookie, checked.body.data.ticket) : checked;
  };
  const ticketOf = async (cookie: string, cityId: string, password: string) => {
    const checked = await check(cookie, cityId, password);
    expect(checked.status, checked.text).toBe(200);
    return checked.body.data.ticket as string;
  };
  const ticketCount = async () => Number((await server.db.selectFrom('association_tickets').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const remove = (cookie: string, id: string) => server.post(REMOVE, { id }, { cookie });
  const list = async (cookie: string) => {
    const response = await server.get(LIST, { cookie });
    expect(response.status).toBe(200);
    return response.body.data.associations as Array<{ id: string; cityId: string; displayName: string; associatedAt: string }>;
  };
  const refusal = (response: TestResponse) => ({ status: response.status, code: response.body?.error?.code });

  describe('GET /api/users/associate/get', () => {
    it('asks for the challenge when the student account is over its budget of wrong passwords, and associates once it is solved (never a lockout)', async () => {
      const full = await member();
      const old = await student();
      await server.db
        .insertInto('login_throttles')
        .values({ subject: old.id, address: '#budget', attempts: ACCOUNT_BUDGET, window_started_at: server.clock.now(), last_attempt_at: server.clock.now(), held_until: null, last_refused: false })
        .execute();
      const address = newAddress();
      const challenged = await associate(full.cookie, old.loginId, PASSWORD, address);
      expect([challenged.status, challenged.body.error.code]).toEqual([429, 'loginChallengeRequired']);
      // The development stand-in accepts any non-empty token, as on the login page.
      const passed = await associate(full.cookie, old.loginId, PASSWORD, address, { recaptchaToken: 'solved-by-a-person' });
      expect(passed.status, passed.text).toBe(200);
      expect(passed.body.data.account.cityId).toBe(old.loginId);
    });

    it('lists nothing before the first association', async () => {
      const full = await member();
      expect(await list(full.cookie)).toEqual([]);
    });

    it('refuses every account that is not a full member with non_full_member, and needs a session', async () => {
      for (const category of ['PUBLIC', 'STUDENT_MEMBER', 'STUDENT', 'SCHOOL_BASED_TEACHER'] as const) {
        const other = await member(category);
        for (const response of [await server.get(LIST, { cookie: other.cookie }), await check(other.cookie, 'anyone', PASSWORD), await spend(other.cookie, 'x'), await remove(other.cookie, 'x')]) {
          expect(refusal(response), category).toEqual({ status: 403, code: 'non_full_member' });
        }
      }
      expect(refusal(await server.get(LIST))).toEqual({ status: 401, code: 'unauthorized' });
    });
  });

  describe('POST /api/users/associate/check, then POST /api/users/associate with its ticket', () => {
    it('answers the checked account’s login ID and category with a ticket, and associates nothing until the ticket is spent', async () => {
      const full = await member();
      const old = await student();
      const response = await check(full.cookie, old.loginId.toUpperCase(), old.password);
      expect(response.status, response.text).toBe(200);
      expect(response.body.data).toEqual({ ticket: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), cityId: old.loginId, category: 'STUDENT' });
      expect(await list(full.cookie)).toEqual([]);
      // Only the ticket's hash is kept.
      const rows = await server.db.selectFrom('association_tickets').selectAll().where('member_id', '=', full.id).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.ticket_hash).not.toBe(response.body.data.ticket);
      expect((await spend(full.cookie, response.body.data.ticket)).status).toBe(200);
      expect((await list(full.cookie)).map((a) => a.cityId)).toEqual([old.loginId]);
    });

    it('spends a ticket once: a second use, and of 20 parallel uses all but one, answer associationTicketInvalid', async () => {
      const full = await member();
      const old = await student();
      const ticket = await ticketOf(full.cookie, old.loginId, old.password);
      expect((await spend(full.cookie, ticket)).status).toBe(200);
      expect(refusal(await spend(full.cookie, ticket))).toEqual({ status: 400, code: 'associationTicketInvalid' });

      const other = await student();
      const parallel = await ticketOf(full.cookie, other.loginId, other.password);
      const responses = await Promise.all(Array.from({ length: 20 }, () => spend(full.cookie, parallel)));
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      expect(responses.filter((r) => r.status !== 200).map(refusal)).toEqual(Array.from({ length: 19 }, () => ({ status: 400, code: 'associationTicketInvalid' })));
      const rows = await server.db.selectFrom('user_relationships').select('id').where('associate_id', '=', other.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('lets a ticket wait 5 minutes and not longer', async () => {
      const full = await member();
      const [late, inTime] = [await student(), await student()];
      const lateTicket = await ticketOf(full.cookie, late.loginId, late.password);
      const inTimeTicket = await ticketOf(full.cookie, inTime.loginId, inTime.password);
      expect(ASSOCIATION_TICKET_MS).toBe(5 * 60_000);
      server.clock.advance(ASSOCIATION_TICKET_MS - 1_000);
      expect((await spend(full.cookie, inTimeTicket)).status).toBe(200);
      server.clock.advance(1_000);
      expect(refusal(await spend(full.cookie, lateTicket))).toEqual({ status: 400, code: 'associationTicketInvalid' });
      // A lapsed ticket goes when the next check is made.
      await ticketOf(full.cookie, late.loginId, late.password);
      expect(await server.db.selectFrom('association_tickets').select('ticket_hash').where('expires_at', '<=', server.clock.now()).execute()).toEqual([]);
    });

    it('binds a ticket to the session that asked: another session of the same member, or another member, cannot spend it (and does not spend it)', async () => {
      const full = await member();
      const otherSession = await signIn(server, full.loginId);
      const someoneElse = await member();
      const old = await student();
      const ticket = await ticketOf(full.cookie, old.loginId, old.password);
      expect(refusal(await spend(otherSession, ticket))).toEqual({ status: 400, code: 'associationTicketInvalid' });
      expect(refusal(await spend(someoneElse.cookie, ticket))).toEqual({ status: 400, code: 'associationTicketInvalid' });
      expect(await list(someoneElse.cookie)).toEqual([]);
      expect((await spend(full.cookie, ticket)).status).toBe(200);
    });

    it('refuses an unknown ticket, and makes no ticket for a refused check', async () => {
      const full = await member();
      const old = await student();
      expect(refusal(await spend(full.cookie, 'A'.repeat(43)))).toEqual({ status: 400, code: 'associationTicketInvalid' });
      const before = await ticketCount();
      const pub = await createAccount(server, { category: 'PUBLIC' });
      for (const [cityId, password] of [[old.loginId, WRONG], [pub.loginId, pub.password], [full.loginId, full.password]] as const) {
        expect((await check(full.cookie, cityId, password)).status).not.toBe(200);
      }
      expect(await ticketCount()).toBe(before);
    });

    it('checks the account again when the ticket is spent: associated meanwhile, or no longer a student account', async () => {
      const full = await member();
      const rival = await member();
      const [taken, upgraded] = [await student(), await student()];
      const takenTicket = await ticketOf(full.cookie, taken.loginId, taken.password);
      const upgradedTicket = await ticketOf(full.cookie, upgraded.loginId, upgraded.password);
      expect((await associate(rival.cookie, taken.loginId, taken.password)).status).toBe(200);
      expect(refusal(await spend(full.cookie, takenTicket))).toEqual({ status: 409, code: 'alreadyHasActiveAssociation' });
      await server.db.updateTable('users').set({ category: 'STUDENT_MEMBER' }).where('id', '=', upgraded.id).execute();
      expect(refusal(await spend(full.cookie, upgradedTicket))).toEqual({ status: 400, code: 'notStudent' });
      expect(await list(full.cookie)).toEqual([]);
    });

    it('associates a student account proven by its login ID and password, and lists it', async () => {
      const full = await member();
      const old = await student();
      const response = await associate(full.cookie, old.loginId.toUpperCase(), old.password);
      expect(response.status).toBe(200);
      const account = { id: expect.any(String), cityId: old.loginId, displayName: `Test ${old.loginId}`, associatedAt: server.clock.now().toISOString() };
      expect(response.body.data).toEqual({ account, associations: [account] });
      expect(await list(full.cookie)).toEqual([response.body.data.account]);
    });

    it('answers wrongPasswordOrUserNotFound alike for a wrong password, an unknown login ID, and an account that cannot sign in', async () => {
      const full = await member();
      const old = await student();
      const pending = await student({ status: 'pending', password: null });
      for (const [cityId, password] of [[old.loginId, WRONG], [uniqueLoginId('nobody'), PASSWORD], [pending.loginId, PASSWORD]] as const) {
        const response = await associate(full.cookie, cityId, password);
        expect(response.body).toEqual({ error: { code: 'wrongPasswordOrUserNotFound', message: expect.any(String) } });
        expect(response.status).toBe(400);
      }
      expect(await list(full.cookie)).toEqual([]);
    });

    it('checks the password with the login’s argon2id path and counts wrong ones with the login’s: no faster guessing here than on /auth/login', async () => {
      const full = await member();
      const old = await student();
      const address = newAddress();
      const verify = vi.spyOn(passwordPool(), 'verify');
      for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await associate(full.cookie, old.loginId, WRONG, address)).body.error.code).toBe('wrongPasswordOrUserNotFound');
      expect(verify).toHaveBeenCalledTimes(FREE_ATTEMPTS);
      // The next attempt, even with the right password, waits; so does a login from that address.
      const held = await associate(full.cookie, old.loginId, old.password, address);
      expect(held.status).toBe(429);
      expect(held.body.error).toMatchObject({ code: 'loginThrottled', holdUntil: new Date(server.clock.ms + 1_000).toISOString() });
      const login = await server.post('/auth/login', { loginId: old.loginId, password: old.password }, { headers: { 'x-forwarded-for': address } });
      expect(login.body.error.code).toBe('loginThrottled');
      expect(verify).toHaveBeenCalledTimes(FREE_ATTEMPTS);
      // Wrong logins count against the association form as well.
      const other = await student();
      const otherAddress = newAddress();
      for (let i = 0; i < FREE_ATTEMPTS; i++) {
        await server.post('/auth/login', { loginId: other.loginId, password: WRONG }, { headers: { 'x-forwarded-for': otherAddress } });
      }
      expect((await associate(full.cookie, other.loginId, other.password, otherAddress)).body.error.code).toBe('loginThrottled');
      // After the wait the right password associates.
      server.clock.advance(1_000);
      expect((await associate(full.cookie, old.loginId, old.password, address)).status).toBe(200);
    });

    it('answers notStudent for a right password of an account that is not a student account, and only then', async () => {
      const full = await member();
      for (const category of ['PUBLIC', 'STUDENT_MEMBER', 'FULL_MEMBER', 'SCHOOL_BASED_TEACHER'] as const) {
        const other = await createAccount(server, { category });
        expect(refusal(await associate(full.cookie, other.loginId, other.password)), category).toEqual({ status: 400, code: 'notStudent' });
        expect(refusal(await associate(full.cookie, other.loginId, WRONG)), category).toEqual({ status: 400, code: 'wrongPasswordOrUserNotFound' });
      }
      expect(await list(full.cookie)).toEqual([]);
    });

    it('answers invalid_relationship_nature for the member’s own account', async () => {
      const full = await member();
      expect(refusal(await associate(full.cookie, full.loginId, full.password))).toEqual({ status: 400, code: 'invalid_relationship_nature' });
    });

    it('answers duplicated_relationship_nature when the member associates the same account again', async () => {
      const full = await member();
      const old = await student();
      expect((await associate(full.cookie, old.loginId, old.password)).status).toBe(200);
      expect(refusal(await associate(full.cookie, old.loginId, old.password))).toEqual({ status: 409, code: 'duplicated_relationship_nature' });
      expect(await list(full.cookie)).toHaveLength(1);
    });

    it('answers alreadyHasActiveAssociation when another member has the account associated', async () => {
      const first = await member();
      const second = await member();
      const old = await student();
      expect((await associate(first.cookie, old.loginId, old.password)).status).toBe(200);
      expect(refusal(await associate(second.cookie, old.loginId, old.password))).toEqual({ status: 409, code: 'alreadyHasActiveAssociation' });
      expect(await list(second.cookie)).toEqual([]);
    });

    it('associates an account in parallel requests exactly once', async () => {
      const members = [await member(), await member(), await member()];
      const old = await student();
      const responses = await Promise.all([...members, ...members].map((m) => associate(m.cookie, old.loginId, old.password)));
      expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
      const codes = responses.filter((r) => r.status !== 200).map((r) => r.body.error.code);
      expect(codes.every((code) => code === 'alreadyHasActiveAssociation' || code === 'duplicated_relationship_nature')).toBe(true);
      const rows = await server.db.selectFrom('user_relationships').select('member_id').where('associate_id', '=', old.id).execute();
      expect(rows).toHaveLength(1);
    });

    it('refuses a missing login ID or password with both fields at once, changing nothing', async () => {
      const full = await member();
      const before = await tableCounts(server.db);
      const response = await server.post(CHECK, { cityId: ' ', password: '' }, { cookie: full.cookie });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({
        code: 'invalidPayload',
        fields: [
          { field: 'cityId', rule: 'required' },
          { field: 'password', rule: 'required' },
        ],
      });
      expect(await tableCounts(server.db)).toEqual(before);
    });
  });

  describe('POST /api/users/associate/remove', () => {
    it('removes the member’s association; the account can then be associated again, by anyone', async () => {
      const full = await member();
      const old = await student();
      const kept = await student();
      const { id } = (await associate(full.cookie, old.loginId, old.password)).body.data.account;
      server.clock.advance(1_000);
      const keptId = (await associate(full.cookie, kept.loginId, kept.password)).body.data.account.id;
      const response = await remove(full.cookie, id);
      expect(response.status).toBe(200);
      expect(response.body.data.account).toMatchObject({ id, cityId: old.loginId });
      expect(response.body.data.associations.map((a: { id: string }) => a.id)).toEqual([keptId]);
      expect((await list(full.cookie)).map((a) => a.cityId)).toEqual([kept.loginId]);
      const other = await member();
      expect((await associate(other.cookie, old.loginId, old.password)).status).toBe(200);
    });

    it('answers not_exist_user_relationship for an unknown id and for another member’s association, which stays', async () => {
      const owner = await member();
      const other = await member();
      const old = await student();
      const { id } = (await associate(owner.cookie, old.loginId, old.password)).body.data.account;
      expect(refusal(await remove(other.cookie, id))).toEqual({ status: 404, code: 'not_exist_user_relationship' });
      expect(refusal(await remove(other.cookie, 'no-such-id'))).toEqual({ status: 404, code: 'not_exist_user_relationship' });
      expect(await list(owner.cookie)).toHaveLength(1);
    });

    it('answers inactiveAssociateAccount for an association already removed; of parallel removals exactly one succeeds', async () => {
      const full = await member();
      const old = await student();
      const { id } = (await associate(full.cookie, old.loginId, old.password)).body.data.account;
      const responses = await Promise.all([remove(full.cookie, id), remove(full.cookie, id), remove(full.cookie, id)]);
      expect(responses.map((r) => r.status).sort()).toEqual([200, 400, 400]);
      expect(responses.filter((r) => r.status === 400).every((r) => r.body.error.code === 'inactiveAssociateAccount')).toBe(true);
      expect(refusal(await remove(full.cookie, id))).toEqual({ status: 400, code: 'inactiveAssociateAccount' });
    });
  });
});
