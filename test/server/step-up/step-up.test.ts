import { describe, expect, it } from 'vitest';
import { createSession } from '../../../server/domain/sessions.ts';
import { requireRecentProof, STEP_UP_VALIDITY_MS } from '../../../server/domain/step-up.ts';
import { sessionSecret } from '../../../server/http.ts';
import { createAccount, databases, PASSWORD, signIn, useTestServer } from '../support.ts';

const PROVE = '/api/profile/step-up/password';

describe.each(databases)('step-up on $name', ({ name }) => {
  // One database for the file, and one password account per test at most (each hash costs CPU).
  const server = useTestServer(name);

  async function idHashOf(userId: string): Promise<string> {
    const rows = await server.db.selectFrom('sessions').select('id_hash').where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
    return rows[0]?.id_hash ?? '';
  }

  async function guard(idHash: string): Promise<string> {
    return requireRecentProof(server.db, idHash, server.clock.now()).then(
      () => 'allowed',
      (error: { code?: string }) => error.code ?? 'thrown',
    );
  }

  it('lets a sensitive action through for 10 minutes after the password is typed again, in that session only', async () => {
    const account = await createAccount(server);
    const cookie = await signIn(server, account.loginId);
    const idHash = await idHashOf(account.id);
    expect(await guard(idHash)).toBe('stepUpRequired');

    const proved = await server.post(PROVE, { currentPassword: PASSWORD }, { cookie });
    expect(proved.status).toBe(200);
    expect(proved.body.data).toEqual({ provedUntil: new Date(server.clock.now().getTime() + STEP_UP_VALIDITY_MS).toISOString() });
    expect(await guard(idHash)).toBe('allowed');

    // Another browser of the same account has proved nothing.
    await signIn(server, account.loginId);
    const sessions = await server.db.selectFrom('sessions').select('id_hash').where('user_id', '=', account.id).execute();
    const other = sessions.map((session) => session.id_hash).find((hash) => hash !== idHash) ?? '';
    expect(await guard(other)).toBe('stepUpRequired');

    server.clock.advance(STEP_UP_VALIDITY_MS - 1);
    expect(await guard(idHash)).toBe('allowed');
    server.clock.advance(1);
    expect(await guard(idHash)).toBe('stepUpRequired');
  });

  it('refuses a wrong password at the field, throttles the sixth as login does, and the owner still signs in meanwhile', async () => {
    const account = await createAccount(server);
    const cookie = await signIn(server, account.loginId);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await server.post(PROVE, { currentPassword: 'Not-The-Password-1' }, { cookie });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({ code: 'currentPasswordIncorrect', fields: [{ field: 'currentPassword', rule: 'incorrect' }] });
    }
    const throttled = await server.post(PROVE, { currentPassword: PASSWORD }, { cookie });
    expect(throttled.status).toBe(429);
    expect(throttled.body.error).toMatchObject({ code: 'stepUpThrottled', holdUntil: new Date(server.clock.now().getTime() + 1_000).toISOString() });
    expect(await guard(await idHashOf(account.id))).toBe('stepUpRequired');

    // The dialog's count is its own: the login from the same network is not delayed.
    expect((await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD })).status).toBe(200);

    server.clock.advance(1_000);
    const proved = await server.post(PROVE, { currentPassword: PASSWORD }, { cookie });
    expect(proved.status).toBe(200);
  });

  it('tells an account without a password that it has none, and proves nothing', async () => {
    const account = await createAccount(server, { password: null });
    const rawId = await createSession(server.db, account.id, { secret: sessionSecret(server.deps), now: server.clock.now() });
    const answer = await server.post(PROVE, { currentPassword: 'Anything-at-all-1' }, { cookie: `portal_session=${rawId}` });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('stepUpNoPassword');
    expect(await guard(await idHashOf(account.id))).toBe('stepUpRequired');
  });

  it('answers 401 without a session and 400 for an empty password', async () => {
    expect((await server.post(PROVE, { currentPassword: PASSWORD })).status).toBe(401);
    const account = await createAccount(server);
    const cookie = await signIn(server, account.loginId);
    const empty = await server.post(PROVE, { currentPassword: '' }, { cookie });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('invalidPayload');
  });
});
