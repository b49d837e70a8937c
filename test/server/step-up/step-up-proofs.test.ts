import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { TOTP_PERIOD_SECONDS } from '../../../server/domain/authenticator.ts';
import { createSession } from '../../../server/domain/sessions.ts';
import { requireRecentProof, STEP_UP_VALIDITY_MS } from '../../../server/domain/step-up.ts';
import { sessionSecret } from '../../../server/http.ts';
import { sentCode, wrongCode as otherCode } from '../code-support.ts';
import { HOUR, MINUTE, PASSWORD, createAccount, databases, emailsTo, mfaCookieOf, signIn, useTestServer, type AccountFixture } from '../support.ts';

const PROOFS = '/api/profile/step-up/proofs';
const CODE = '/api/profile/step-up/authenticator-code';
const SEND = '/api/profile/step-up/email-code/send';
const EMAILED = '/api/profile/step-up/email-code';

/**
 * Which proofs the step-up dialog offers each account, and the authenticator app's code as a proof
 * (docs/decisions/step-up.md). One password hash per file (support.ts hashOnce).
 */
describe.each(databases)('step-up proofs on $name', ({ name }) => {
  const server = useTestServer(name);
  const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
  const codeAt = (secret: string, ms = server.clock.ms) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });
  const wrongCode = (secret: string) => String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');

  /** Whether the account's session (its only one) may make a sensitive action now. */
  async function guard(account: AccountFixture): Promise<string> {
    const row = await server.db.selectFrom('sessions').select('id_hash').where('user_id', '=', account.id).orderBy('created_at', 'desc').executeTakeFirst();
    return requireRecentProof(server.db, row?.id_hash ?? '', server.clock.now()).then(
      () => 'allowed',
      (error: { code?: string }) => error.code ?? 'thrown',
    );
  }

  /** An administrator with a confirmed authenticator app, signed in, its proof of the set-up spent by the clock. */
  async function adminWithAuthenticator(): Promise<{ account: AccountFixture; secret: string; session: string }> {
    const account = await createAccount(server, { category: 'SCHOOL_ADMINISTRATOR' });
    const session = await signIn(server, account.loginId);
    expect((await server.post('/api/profile/step-up/password', { currentPassword: PASSWORD }, { cookie: session })).status).toBe(200);
    const { secret } = (await server.post('/api/profile/authenticator/begin', undefined, { cookie: session })).body.data;
    expect((await server.post('/api/profile/authenticator/confirm', { code: codeAt(secret) }, { cookie: session })).status).toBe(200);
    // The set-up's proof lapses, and the confirming code's step passes.
    server.clock.advance(STEP_UP_VALIDITY_MS);
    return { account, secret, session };
  }

  it('offers each account the proofs it has: password, passkey, authenticator app', async () => {
    const member = await createAccount(server);
    expect((await server.get(PROOFS, { cookie: await signIn(server, member.loginId) })).body.data).toEqual({ password: true, passkey: false, authenticator: false, email: false });

    // A third-party-only account (no password) with a passkey.
    const google = await createAccount(server, { password: null });
    await server.db
      .insertInto('passkeys')
      .values({ credential_id: `cred-${google.id}`, user_id: google.id, public_key: 'key', sign_count: 0, transports: '', name: 'Phone', created_at: server.clock.now(), last_used_at: null })
      .execute();
    const rawId = await createSession(server.db, google.id, { secret: sessionSecret(server.deps), now: server.clock.now() });
    expect((await server.get(PROOFS, { cookie: `portal_session=${rawId}` })).body.data).toEqual({ password: false, passkey: true, authenticator: false, email: true });

    // An administrator's authenticator counts once confirmed, not while its set-up is pending.
    const admin = await createAccount(server, { category: 'SCHOOL_ADMINISTRATOR' });
    const adminSession = await signIn(server, admin.loginId);
    await server.post('/api/profile/step-up/password', { currentPassword: PASSWORD }, { cookie: adminSession });
    const { secret } = (await server.post('/api/profile/authenticator/begin', undefined, { cookie: adminSession })).body.data;
    expect((await server.get(PROOFS, { cookie: adminSession })).body.data).toEqual({ password: true, passkey: false, authenticator: false, email: false });
    await server.post('/api/profile/authenticator/confirm', { code: codeAt(secret) }, { cookie: adminSession });
    expect((await server.get(PROOFS, { cookie: adminSession })).body.data).toEqual({ password: true, passkey: false, authenticator: true, email: false });

    // No password and no login email (a student signing in with a login QR code): nothing the dialog can take.
    const qrOnly = await createAccount(server, { password: null, email: null });
    const qrSession = await createSession(server.db, qrOnly.id, { secret: sessionSecret(server.deps), now: server.clock.now() });
    expect((await server.get(PROOFS, { cookie: `portal_session=${qrSession}` })).body.data).toEqual({ password: false, passkey: false, authenticator: false, email: false });

    expect((await server.get(PROOFS)).status).toBe(401);
  });

  /** An account without a password (a login email only) and a session of it. */
  async function passwordless(options: { language?: 'en' | 'zh_hant' | 'zh_hans' } = {}): Promise<{ account: AccountFixture; session: string }> {
    const account = await createAccount(server, { password: null, ...options });
    const rawId = await createSession(server.db, account.id, { secret: sessionSecret(server.deps), now: server.clock.now() });
    return { account, session: `portal_session=${rawId}` };
  }

  it('emails a code to an account without a password, in its language, as an outbox row; the code proves this session for 10 minutes, once', async () => {
    const { account, session } = await passwordless({ language: 'zh_hant' });
    const sent = await server.post(SEND, undefined, { cookie: session });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ expiresAt: new Date(server.clock.ms + 10 * MINUTE).toISOString(), resendAt: new Date(server.clock.ms + MINUTE).toISOString() });
    const [email] = await emailsTo(server, account.email ?? '');
    expect(email?.subject).toBe('你的教育平台確認驗證碼');
    const code = await sentCode(server.db, account.email ?? '');
    expect(await guard(account)).toBe('stepUpRequired');

    const proved = await server.post(EMAILED, { code }, { cookie: session });
    expect(proved.status).toBe(200);
    expect(proved.body.data).toEqual({ provedUntil: new Date(server.clock.ms + STEP_UP_VALIDITY_MS).toISOString() });
    expect(await guard(account)).toBe('allowed');
    // Used: refused, and no guess counted.
    expect((await server.post(EMAILED, { code }, { cookie: session })).body.error.code).toBe('codeNotFound');
    server.clock.advance(STEP_UP_VALIDITY_MS);
    expect(await guard(account)).toBe('stepUpRequired');
  });

  it('binds the code to the session that asked, refuses it late, and sends at most one a minute', async () => {
    const { account, session } = await passwordless();
    expect((await server.post(SEND, undefined, { cookie: session })).status).toBe(200);
    const code = await sentCode(server.db, account.email ?? '');
    const tooSoon = await server.post(SEND, undefined, { cookie: session });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error).toMatchObject({ code: 'codeResendTooSoon', holdUntil: new Date(server.clock.ms + MINUTE).toISOString() });
    expect(await emailsTo(server, account.email ?? '')).toHaveLength(1);

    // Another browser of the account has no code.
    const otherId = await createSession(server.db, account.id, { secret: sessionSecret(server.deps), now: server.clock.now() });
    expect((await server.post(EMAILED, { code }, { cookie: `portal_session=${otherId}` })).body.error.code).toBe('codeNotFound');

    server.clock.advance(10 * MINUTE);
    const late = await server.post(EMAILED, { code }, { cookie: session });
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('codeExpired');
  });

  it('holds the codes after 5 wrong ones in 24 hours, even the right one; the hold ends by itself', async () => {
    const { account, session } = await passwordless();
    await server.post(SEND, undefined, { cookie: session });
    const code = await sentCode(server.db, account.email ?? '');
    for (let i = 0; i < 5; i++) expect((await server.post(EMAILED, { code: otherCode(code) }, { cookie: session })).body.error.code).toBe('codeWrong');
    const sixth = await server.post(EMAILED, { code: otherCode(code) }, { cookie: session });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatchObject({ code: 'stepUpCodeHeld', holdUntil: new Date(server.clock.ms + 24 * HOUR).toISOString() });
    expect((await server.post(EMAILED, { code }, { cookie: session })).body.error.code).toBe('stepUpCodeHeld');
    expect(await guard(account)).toBe('stepUpRequired');
    server.clock.advance(24 * HOUR);
    const later = await createSession(server.db, account.id, { secret: sessionSecret(server.deps), now: server.clock.now() });
    const cookie = `portal_session=${later}`;
    await server.post(SEND, undefined, { cookie });
    expect((await server.post(EMAILED, { code: await sentCode(server.db, account.email ?? '') }, { cookie })).status).toBe(200);
  });

  it('sends 10 codes a day at most, and none to an account with a password or without a login email', async () => {
    const { session } = await passwordless();
    for (let i = 0; i < 10; i++) {
      expect((await server.post(SEND, undefined, { cookie: session })).status).toBe(200);
      server.clock.advance(MINUTE);
    }
    const limited = await server.post(SEND, undefined, { cookie: session });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('stepUpSendLimit');

    const member = await createAccount(server);
    expect((await server.post(SEND, undefined, { cookie: await signIn(server, member.loginId) })).body.error.code).toBe('forbidden');
    const noEmail = await createAccount(server, { password: null, email: null });
    const rawId = await createSession(server.db, noEmail.id, { secret: sessionSecret(server.deps), now: server.clock.now() });
    expect((await server.post(SEND, undefined, { cookie: `portal_session=${rawId}` })).body.error.code).toBe('forbidden');
  });

  it("proves an administrator with the app's current code for 10 minutes; the same code works once", async () => {
    const { account, secret, session } = await adminWithAuthenticator();
    expect(await guard(account)).toBe('stepUpRequired');
    const code = codeAt(secret);
    const proved = await server.post(CODE, { code }, { cookie: session });
    expect(proved.status).toBe(200);
    expect(proved.body.data).toEqual({ provedUntil: new Date(server.clock.now().getTime() + STEP_UP_VALIDITY_MS).toISOString() });
    expect(await guard(account)).toBe('allowed');

    // Replayed: refused, and it proves nothing more.
    const replayed = await server.post(CODE, { code }, { cookie: session });
    expect(replayed.status).toBe(400);
    expect(replayed.body.error.code).toBe('authenticatorCodeUsed');

    server.clock.advance(STEP_UP_VALIDITY_MS - 1);
    expect(await guard(account)).toBe('allowed');
    server.clock.advance(1);
    expect(await guard(account)).toBe('stepUpRequired');
  });

  it('refuses a wrong code and an expired one (older than the step before now), proving nothing', async () => {
    const { account, secret, session } = await adminWithAuthenticator();
    const wrong = await server.post(CODE, { code: wrongCode(secret) }, { cookie: session });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('authenticatorCodeWrong');
    const expired = await server.post(CODE, { code: codeAt(secret, server.clock.ms - 2 * STEP_MS) }, { cookie: session });
    expect(expired.body.error.code).toBe('authenticatorCodeWrong');
    expect(await guard(account)).toBe('stepUpRequired');
    // Not six digits: the contract refuses it before anything is counted.
    expect((await server.post(CODE, { code: '12ab' }, { cookie: session })).body.error.code).toBe('invalidPayload');
  });

  it("a code that signed in cannot prove again, and one that proved cannot sign in", async () => {
    const { account, secret, session } = await adminWithAuthenticator();
    const code = codeAt(secret);
    expect((await server.post(CODE, { code }, { cookie: session })).status).toBe(200);
    const login = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD });
    const mfa = mfaCookieOf(login) ?? '';
    const signInWithIt = await server.post('/auth/mfa/code', { kind: 'authenticator', code }, { cookie: mfa });
    expect(signInWithIt.body.error.code).toBe('authenticatorCodeUsed');
  });

  it('holds the codes after 5 wrong ones in 24 hours (the login counts too); the password still proves, and the hold ends', async () => {
    const { account, secret, session } = await adminWithAuthenticator();
    // Two wrong codes at the two-factor login and three in the dialog: one count per account.
    const login = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD });
    const mfa = mfaCookieOf(login) ?? '';
    for (let i = 0; i < 2; i++) expect((await server.post('/auth/mfa/code', { kind: 'authenticator', code: wrongCode(secret) }, { cookie: mfa })).body.error.code).toBe('authenticatorCodeWrong');
    for (let i = 0; i < 3; i++) expect((await server.post(CODE, { code: wrongCode(secret) }, { cookie: session })).body.error.code).toBe('authenticatorCodeWrong');
    const sixth = await server.post(CODE, { code: wrongCode(secret) }, { cookie: session });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.code).toBe('stepUpCodeHeld');
    expect(typeof sixth.body.error.holdUntil).toBe('string');
    // Held: even the right code is refused meanwhile.
    const right = await server.post(CODE, { code: codeAt(secret) }, { cookie: session });
    expect(right.body.error.code).toBe('stepUpCodeHeld');
    expect(await guard(account)).toBe('stepUpRequired');
    // Another proof is not held.
    expect((await server.post('/api/profile/step-up/password', { currentPassword: PASSWORD }, { cookie: session })).status).toBe(200);

    // The hold ends by itself (a day later: the session has ended too, so a new one asks).
    server.clock.advance(24 * HOUR + STEP_MS);
    const later = await signIn(server, account.loginId);
    expect((await server.post(CODE, { code: codeAt(secret) }, { cookie: later })).status).toBe(200);
  });

  it('answers authenticatorNotSetUp to an account without an app', async () => {
    const member = await createAccount(server);
    const session = await signIn(server, member.loginId);
    const answer = await server.post(CODE, { code: '123456' }, { cookie: session });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('authenticatorNotSetUp');
  });
});
