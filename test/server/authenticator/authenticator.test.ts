import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { RECOVERY_CODE_COUNT } from '../../../contract/schemas/authenticator.ts';
import { TOTP_PERIOD_SECONDS } from '../../../server/domain/authenticator.ts';
import { MFA_CHALLENGE_MS } from '../../../server/domain/mfa-login.ts';
import { hmacSha256, randomToken } from '../../../server/domain/tokens.ts';
import { sessionSecret } from '../../../server/http.ts';
import { logInto } from '../code-support.ts';
import { HOUR, PASSWORD, createAccount, databases, emailsTo, mfaCookieOf, signIn, useTestServer, type AccountFixture } from '../support.ts';

/**
 * Issue 23: an authenticator app (TOTP) and recovery codes as a school administrator's second
 * factor. One database per file and one password hash (support.ts hashOnce): each administrator
 * below is a row, not a hash.
 */
describe.each(databases)('authenticator app and recovery codes on $name', ({ name }) => {
  const lines: string[] = [];
  const server = useTestServer(name, { log: logInto(lines) });
  const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

  const codeAt = (secret: string, ms = server.clock.ms) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: ms });

  async function pendingSignIn(account: AccountFixture): Promise<string> {
    const response = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD });
    const mfa = mfaCookieOf(response);
    if (!mfa) throw new Error(`no pending sign-in: ${response.status} ${response.text}`);
    return mfa;
  }

  /** The step-up proof the set-up calls need (docs/decisions/step-up.md): this session's password. */
  async function proven(session: string): Promise<string> {
    const proof = await server.post('/api/profile/step-up/password', { currentPassword: PASSWORD }, { cookie: session });
    expect(proof.status).toBe(200);
    return session;
  }

  const code = (mfa: string, kind: 'authenticator' | 'recoveryCode', value: string) => server.post('/auth/mfa/code', { kind, code: value }, { cookie: mfa });

  /** An administrator with a confirmed authenticator app: its secret, its recovery codes and a session. */
  async function adminWithAuthenticator(): Promise<{ account: AccountFixture; secret: string; recoveryCodes: string[]; session: string }> {
    const account = await createAccount(server, { category: 'SCHOOL_ADMINISTRATOR' });
    const session = await proven(await signIn(server, account.loginId));
    const begun = await server.post('/api/profile/authenticator/begin', undefined, { cookie: session });
    expect(begun.status).toBe(200);
    const { secret } = begun.body.data;
    // Set up in one step, signed in in the next (the confirming code's step is spent).
    const confirmed = await server.post('/api/profile/authenticator/confirm', { code: codeAt(secret) }, { cookie: session });
    expect(confirmed.status).toBe(200);
    server.clock.advance(STEP_MS);
    return { account, secret, recoveryCodes: confirmed.body.data.recoveryCodes, session };
  }

  it('sets up the app from its URI and a first code, shows ten recovery codes once, and emails a notice', async () => {
    const account = await createAccount(server, { category: 'SCHOOL_ADMINISTRATOR' });
    const session = await signIn(server, account.loginId);
    expect((await server.get('/api/profile/authenticator', { cookie: session })).body.data).toEqual({ addedAt: null, recoveryCodesLeft: 0 });
    // Step-up: no proof of this session yet.
    const unproven = await server.post('/api/profile/authenticator/begin', undefined, { cookie: session });
    expect(unproven.status).toBe(403);
    expect(unproven.body.error.code).toBe('stepUpRequired');
    await proven(session);
    const begun = await server.post('/api/profile/authenticator/begin', undefined, { cookie: session });
    const { secret, uri } = begun.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toBe(`otpauth://totp/Education%20Platform:${account.loginId}?issuer=Education%20Platform&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    expect((await server.post('/api/profile/authenticator/confirm', { code: wrong }, { cookie: session })).body.error.code).toBe('authenticatorCodeWrong');
    const confirmed = await server.post('/api/profile/authenticator/confirm', { code: codeAt(secret) }, { cookie: session });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.data.recoveryCodes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const c of codes) expect(c).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    // Only hashes are kept, and nothing of the secret or the codes reaches the logs.
    const stored = await server.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', account.id).execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines.join('\n')).not.toContain(codes[0]);
    expect((await server.get('/api/profile/authenticator', { cookie: session })).body.data).toEqual({ addedAt: server.clock.now().toISOString(), recoveryCodesLeft: 10 });
    expect((await server.post('/api/profile/authenticator/begin', undefined, { cookie: session })).body.error.code).toBe('authenticatorExists');
    const [notice] = await emailsTo(server, account.email ?? '');
    expect(notice?.subject).toBe('An authenticator app was set up for your account');
    expect(notice?.text).toContain('(Hong Kong time)');
  });

  it('refuses the authenticator calls to accounts that are not school administrators', async () => {
    const teacher = await createAccount(server, { category: 'SCHOOL_BASED_TEACHER' });
    const session = await proven(await signIn(server, teacher.loginId));
    const response = await server.post('/api/profile/authenticator/begin', undefined, { cookie: session });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('forbidden');
  });

  it('offers the factors, emails no link unasked, and signs in with a code that works only once', async () => {
    const { account, secret } = await adminWithAuthenticator();
    const mfaEmail = (await server.db.selectFrom('users').select('mfa_email').where('id', '=', account.id).executeTakeFirstOrThrow()).mfa_email ?? '';
    const linksBefore = (await emailsTo(server, mfaEmail)).length;
    const first = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD });
    expect(first.body.data).toEqual({ status: 'secondFactor', setupNeeded: false, expiresAt: new Date(server.clock.ms + MFA_CHALLENGE_MS).toISOString() });
    const mfa = mfaCookieOf(first) ?? '';
    expect((await emailsTo(server, mfaEmail)).length).toBe(linksBefore);
    expect((await server.get('/auth/mfa/factors', { cookie: mfa })).body.data).toEqual({ authenticator: true, recoveryCodes: 10, email: true });
    const used = codeAt(secret);
    const signedIn = await code(mfa, 'authenticator', used);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.loginId).toBe(account.loginId);
    expect((await server.get('/api/users/me', { cookie: signedIn.cookie })).status).toBe(200);
    expect(signedIn.setCookie).toMatch(/portal_mfa=;/);
    // The same code on the next sign-in (a replay, within its 30 seconds): refused.
    const again = await pendingSignIn(account);
    const replay = await code(again, 'authenticator', used);
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('authenticatorCodeUsed');
    server.clock.advance(STEP_MS);
    expect((await code(again, 'authenticator', codeAt(secret))).status).toBe(200);
  });

  it('holds the codes after more than 5 wrong ones in 24 hours, while the emailed link still signs in', async () => {
    const { account, secret } = await adminWithAuthenticator();
    const mfa = await pendingSignIn(account);
    const wrong = String((Number(codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 5; i++) expect((await code(mfa, 'authenticator', wrong)).body.error.code, `wrong code ${i}`).toBe('authenticatorCodeWrong');
    const sixth = await code(mfa, 'authenticator', wrong);
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toMatchObject({ code: 'mfaCodeHeld', holdUntil: new Date(server.clock.ms + 24 * HOUR).toISOString() });
    // The right code and a recovery code are held too: the hold is of the account's codes.
    expect((await code(mfa, 'authenticator', codeAt(secret))).body.error.code).toBe('mfaCodeHeld');
    expect((await code(mfa, 'recoveryCode', 'anything')).body.error.code).toBe('mfaCodeHeld');
    // The owner is not locked out: the emailed link is another factor with its own count.
    const sent = await server.post('/auth/mfa/resend', undefined, { cookie: mfa });
    expect(sent.status).toBe(200);
    expect(sent.body.data.step).toBe('waiting');
    const history = await server.db.selectFrom('sign_in_history').select('outcome').where('user_id', '=', account.id).execute();
    expect(history.map((row) => row.outcome)).toEqual(expect.arrayContaining(['wrongCode', 'held']));
    server.clock.advance(24 * HOUR);
    const later = await pendingSignIn(account);
    expect((await code(later, 'authenticator', codeAt(secret))).status).toBe(200);
  });

  it('signs in once with a recovery code: of 20 parallel uses exactly one succeeds, and nobody is held', async () => {
    const { account, recoveryCodes } = await adminWithAuthenticator();
    const [lost, next] = recoveryCodes;
    // Twenty pending sign-ins of the account at once (a login ends the earlier ones, so they are written directly).
    const cookies = Array.from({ length: 20 }, () => randomToken());
    await server.db
      .insertInto('mfa_challenges')
      .values(cookies.map((token) => ({ id_hash: hmacSha256(sessionSecret(server.deps), `mfa:${token}`), user_id: account.id, created_at: server.clock.now(), expires_at: new Date(server.clock.ms + MFA_CHALLENGE_MS), email: null, link_hash: null, sent_at: null, confirmed_at: null, completed_at: null })))
      .execute();
    const answers = await Promise.all(cookies.map((token) => code(`portal_mfa=${token}`, 'recoveryCode', (lost ?? '').toUpperCase())));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.every((status) => status === 200 || status === 400 || status === 429)).toBe(true);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.error.code).every((c) => c === 'recoveryCodeWrong' || c === 'tooManyRequests')).toBe(true);
    // Spent: it signs in no more; the next code does (spaces and case are ignored), and 8 are left.
    const mfa = await pendingSignIn(account);
    expect((await code(mfa, 'recoveryCode', lost ?? '')).body.error.code).toBe('recoveryCodeWrong');
    expect((await server.get('/auth/mfa/factors', { cookie: mfa })).body.data.recoveryCodes).toBe(9);
    expect((await code(mfa, 'recoveryCode', ` ${(next ?? '').replace(/-/g, ' ')} `)).status).toBe(200);
  });

  it('regenerates the recovery codes (the old stop working) and removes the app, each with a security email', async () => {
    const { account, recoveryCodes, session } = await adminWithAuthenticator();
    // The proof counts 10 minutes: past it, new codes need another.
    server.clock.advance(10 * 60_000);
    expect((await server.post('/api/profile/authenticator/recovery-codes', undefined, { cookie: session })).body.error.code).toBe('stepUpRequired');
    await proven(session);
    const regenerated = await server.post('/api/profile/authenticator/recovery-codes', undefined, { cookie: session });
    expect(regenerated.status).toBe(200);
    const fresh: string[] = regenerated.body.data.recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const mfa = await pendingSignIn(account);
    expect((await code(mfa, 'recoveryCode', recoveryCodes[0] ?? '')).body.error.code).toBe('recoveryCodeWrong');
    const removed = await server.post('/api/profile/authenticator/remove', undefined, { cookie: session });
    expect(removed.body.data).toEqual({ addedAt: null, recoveryCodesLeft: 0 });
    expect(await server.db.selectFrom('recovery_codes').select('user_id').where('user_id', '=', account.id).execute()).toEqual([]);
    expect((await server.post('/api/profile/authenticator/recovery-codes', undefined, { cookie: session })).body.error.code).toBe('authenticatorNotSetUp');
    const subjects = (await emailsTo(server, account.email ?? '')).map((email) => email.subject);
    expect(subjects.slice(0, 3)).toEqual([
      'The authenticator app was removed from your account',
      'New recovery codes were made for your account',
      'An authenticator app was set up for your account',
    ]);
    // Without the app, the emailed link is sent at once again.
    expect((await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD })).body.data.setupNeeded).toBe(false);
    expect((await server.get('/auth/mfa/factors', { cookie: await pendingSignIn(account) })).body.data).toEqual({ authenticator: false, recoveryCodes: 0, email: true });
  });
});
