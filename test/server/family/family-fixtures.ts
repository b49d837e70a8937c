import { expect } from 'vitest';
import type { AccountCategory, FamilyCreated, FamilyRole } from '../../../contract/index.ts';
import { type AccountFixture, type TestResponse, type TestServer, createAccount, signIn } from '../support.ts';

/** A signed-in person and the calls they make to /api/family. */
export interface Person {
  account: AccountFixture;
  email: string;
  cookie: string;
  /** Signs in again (a new session), for tests that move the clock past the session timeouts. */
  signInAgain(): Promise<void>;
  get(path: string): Promise<TestResponse>;
  post(path: string, body?: unknown): Promise<TestResponse>;
  del(path: string): Promise<TestResponse>;
}

export async function person(server: TestServer, options: { category?: AccountCategory; email?: string | null } = {}): Promise<Person> {
  const account = await createAccount(server, options);
  const self: Person = {
    account,
    email: account.email ?? '',
    cookie: await signIn(server, account.loginId),
    signInAgain: async () => {
      self.cookie = await signIn(server, account.loginId);
    },
    get: (path) => server.get(`/api/family${path}`, { cookie: self.cookie }),
    post: (path, body) => server.post(`/api/family${path}`, body, { cookie: self.cookie }),
    del: (path) => server.request('DELETE', `/api/family${path}`, { cookie: self.cookie }),
  };
  return self;
}

type People<N extends number, R extends Person[] = []> = R['length'] extends N ? R : People<N, [Person, ...R]>;

/** A few people, to destructure: `const [admin, member] = await people(server, 2)`. */
export async function people<N extends 1 | 2 | 3 | 4 | 5>(server: TestServer, count: N): Promise<People<N>> {
  return (await crowd(server, count)) as People<N>;
}

export async function crowd(server: TestServer, count: number): Promise<Person[]> {
  const out: Person[] = [];
  for (let i = 0; i < count; i++) out.push(await person(server));
  return out;
}

/** Moves the clock on; the people named sign in again (sessions lapse after an hour idle). */
export async function later(server: TestServer, ms: number, ...who: Person[]): Promise<void> {
  server.clock.advance(ms);
  for (const p of who) await p.signInAgain();
}

export function expectData(response: TestResponse): any {
  expect(response.status, response.text).toBe(200);
  return response.body.data;
}

export function expectRefused(response: TestResponse, code: string, status?: number): void {
  expect(response.body?.error?.code, `${response.status} ${response.text}`).toBe(code);
  if (status !== undefined) expect(response.status).toBe(status);
  else expect(response.status).toBeGreaterThanOrEqual(400);
}

export async function createFamily(
  admin: Person,
  overrides: Partial<{ familyName: string; nickname: string; role: FamilyRole; recaptcha: string }> = {},
): Promise<FamilyCreated> {
  return expectData(await admin.post('', { familyName: 'The Chans', nickname: 'Dad', role: 'FATHER', recaptcha: 'token', ...overrides }));
}

export function joinBody(family: { familyRef: string; code: string }, adminEmail: string, overrides: Record<string, unknown> = {}) {
  return { adminEmail, familyRef: family.familyRef, code: family.code, nickname: 'Kid', role: 'CHILD', recaptcha: 'token', ...overrides };
}

/** Sends a join request that must succeed and returns the requester's member id. */
export async function requestJoin(requester: Person, family: FamilyCreated, admin: Person, nickname = 'Kid'): Promise<string> {
  expect(expectData(await requester.post('/join', joinBody(family, admin.email, { nickname })))).toEqual({ status: 'pending' });
  const own = expectData(await requester.get('/request?lang=en')).ownRequest;
  return own.memberId as string;
}

export function handle(actor: Person, familyId: string, memberId: string, actions: string): Promise<TestResponse> {
  return actor.post('/handle-request', { familyId, memberId, actions, lang: 'en' });
}

/** Request and accept: the requester becomes an active member. */
export async function addMember(admin: Person, family: FamilyCreated, newcomer: Person, nickname = 'Kid', asAdmin = false): Promise<string> {
  const memberId = await requestJoin(newcomer, family, admin, nickname);
  expectData(await handle(admin, family.familyId, memberId, asAdmin ? 'ACCEPT_AND_GRANT_ADMIN' : 'ACCEPT'));
  return memberId;
}

export async function page(p: Person): Promise<string> {
  return expectData(await p.get('/currentPage')).page;
}

/** Everything a family call could change, to show that a refused call changed nothing. */
export async function familySnapshot(server: TestServer): Promise<unknown> {
  const [families, members, holds, outbox] = await Promise.all([
    server.db.selectFrom('families').selectAll().orderBy('id').execute(),
    server.db.selectFrom('family_members').selectAll().orderBy('id').execute(),
    server.db.selectFrom('holds').selectAll().orderBy('subject').orderBy('kind').execute(),
    server.db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return JSON.parse(JSON.stringify({ families, members, holds, outbox: Number(outbox.n) }));
}
