import { describe, expect, it } from 'vitest';
import { PASSKEY_CHALLENGE_MS } from '../../../server/domain/passkeys.ts';
import { SoftAuthenticator } from '../passkey-authenticator.ts';
import { MINUTE, PASSWORD, PUBLIC_URL, createAccount, databases, emailsTo, signIn, useTestServer, type AccountFixture, type TestResponse, type TestServer } from '../support.ts';

/** The step-up proof adding a passkey needs (docs/decisions/step-up.md): this session's password. */
async function provenOn(server: TestServer, session: string): Promise<string> {
  const proof = await server.post('/api/profile/step-up/password', { currentPassword: PASSWORD }, { cookie: session });
  expect(proof.status).toBe(200);
  return session;
}

/**
 * Issue 23: passkeys (docs/decisions/passkeys.md). A software authenticator (ES256, 'none'
 * attestation) plays the browser's part; the relying party is the test PUBLIC_URL's host.
 */
describe.each(databases)('passkeys on $name', ({ name }) => {
  const server = useTestServer(name);
  const rpId = new URL(PUBLIC_URL).hostname;

  function passkeyCookieOf(response: TestResponse): string {
    const match = /(?:^|,\s*)portal_passkey=([^;]*)/.exec(response.setCookie ?? '');
    if (!match?.[1]) throw new Error(`no pre-sign-in cookie: ${response.status} ${response.text}`);
    return `portal_passkey=${match[1]}`;
  }

  const proven = (session: string) => provenOn(server, session);

  /** An account with a passkey added from a proven session: the authenticator holds its key. */
  async function withPasskey(options: Parameters<typeof createAccount>[1] = {}): Promise<{ account: AccountFixture; session: string; authenticator: SoftAuthenticator }> {
    const account = await createAccount(server, options);
    const session = await proven(await signIn(server, account.loginId));
    const authenticator = new SoftAuthenticator(rpId, PUBLIC_URL);
    const creation = await server.post('/api/profile/passkeys/registration-options', undefined, { cookie: session });
    expect(creation.status).toBe(200);
    const added = await server.post('/api/profile/passkeys', { response: authenticator.register(creation.body.data), name: 'Laptop' }, { cookie: session });
    expect(added.status).toBe(200);
    return { account, session, authenticator };
  }

  async function signInOptions(): Promise<{ challenge: string; cookie: string }> {
    const options = await server.post('/auth/passkeys/options');
    expect(options.status).toBe(200);
    expect(options.body.data.userVerification).toBe('required');
    return { challenge: options.body.data.challenge, cookie: passkeyCookieOf(options) };
  }

  it('needs a fresh step-up proof to add a passkey', async () => {
    const account = await createAccount(server);
    const session = await signIn(server, account.loginId);
    const options = await server.post('/api/profile/passkeys/registration-options', undefined, { cookie: session });
    expect(options.status).toBe(403);
    expect(options.body.error.code).toBe('stepUpRequired');
    await proven(session);
    const allowed = await server.post('/api/profile/passkeys/registration-options', undefined, { cookie: session });
    expect(allowed.status).toBe(200);
    expect(allowed.body.data.rp.id).toBe(rpId);
    expect(allowed.body.data.authenticatorSelection.userVerification).toBe('required');
    // The proof lapses after 10 minutes: the answer is refused even with a live challenge.
    server.clock.advance(11 * MINUTE);
    const late = await server.post('/api/profile/passkeys', { response: new SoftAuthenticator(rpId, PUBLIC_URL).register(allowed.body.data), name: 'Late' }, { cookie: session });
    expect(late.body.error.code).toBe('stepUpRequired');
  });

  it('adds a passkey, lists it, emails the owner, and signs in with it without a password', async () => {
    const { account, authenticator } = await withPasskey();
    const [added] = await emailsTo(server, account.email ?? '');
    expect(added?.subject).toBe('A passkey was added to your account');

    const { challenge, cookie } = await signInOptions();
    const signedIn = await server.post('/auth/passkeys/sign-in', { response: authenticator.authenticate({ challenge }) }, { cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.loginId).toBe(account.loginId);
    expect(signedIn.cookie).toBeTruthy();
    expect(signedIn.setCookie).toContain('portal_device=');
    const me = await server.get('/api/users/me', { cookie: signedIn.cookie });
    expect(me.status).toBe(200);

    const history = await server.db.selectFrom('sign_in_history').select(['method', 'outcome']).where('user_id', '=', account.id).orderBy('at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(history).toEqual({ method: 'passkey', outcome: 'success' });
    const list = await server.get('/api/profile/passkeys', { cookie: signedIn.cookie });
    expect(list.body.data.passkeys).toEqual([{ id: expect.any(String), name: 'Laptop', createdAt: expect.any(String), lastUsedAt: server.clock.now().toISOString() }]);
    expect(JSON.stringify(list.body)).not.toContain('public');
  });

  it('refuses a replayed challenge, an expired one and one bound to another browser', async () => {
    const { authenticator } = await withPasskey();
    const { challenge, cookie } = await signInOptions();
    const answer = authenticator.authenticate({ challenge });
    expect((await server.post('/auth/passkeys/sign-in', { response: answer }, { cookie })).status).toBe(200);
    const replay = await server.post('/auth/passkeys/sign-in', { response: answer }, { cookie });
    expect(replay.status).toBe(400);
    expect(replay.body.error.code).toBe('passkeyChallengeInvalid');

    const other = await signInOptions();
    const mine = await signInOptions();
    const crossed = await server.post('/auth/passkeys/sign-in', { response: authenticator.authenticate({ challenge: other.challenge }) }, { cookie: mine.cookie });
    expect(crossed.body.error.code).toBe('passkeyChallengeInvalid');
    const noCookie = await server.post('/auth/passkeys/sign-in', { response: authenticator.authenticate({ challenge: mine.challenge }) });
    expect(noCookie.body.error.code).toBe('passkeyChallengeInvalid');

    const late = await signInOptions();
    server.clock.advance(PASSKEY_CHALLENGE_MS + 1000);
    const expired = await server.post('/auth/passkeys/sign-in', { response: authenticator.authenticate({ challenge: late.challenge }) }, { cookie: late.cookie });
    expect(expired.body.error.code).toBe('passkeyChallengeInvalid');
  });

  it('refuses another origin, and an answer without user verification, at registration and at sign-in', async () => {
    const account = await createAccount(server);
    const session = await proven(await signIn(server, account.loginId));
    const phisher = new SoftAuthenticator(rpId, 'https://portal.test.evil.example');
    const creation = await server.post('/api/profile/passkeys/registration-options', undefined, { cookie: session });
    const wrongOrigin = await server.post('/api/profile/passkeys', { response: phisher.register(creation.body.data), name: 'Phish' }, { cookie: session });
    expect(wrongOrigin.status).toBe(400);
    expect(wrongOrigin.body.error.code).toBe('passkeyInvalid');
    const again = await server.post('/api/profile/passkeys/registration-options', undefined, { cookie: session });
    const noUv = await server.post('/api/profile/passkeys', { response: new SoftAuthenticator(rpId, PUBLIC_URL).register(again.body.data, { userVerified: false }), name: 'No UV' }, { cookie: session });
    expect(noUv.body.error.code).toBe('passkeyInvalid');

    const { authenticator } = await withPasskey();
    const first = await signInOptions();
    const phished = await server.post('/auth/passkeys/sign-in', { response: authenticator.authenticate({ challenge: first.challenge }, { origin: 'https://evil.example' }) }, { cookie: first.cookie });
    expect(phished.body.error.code).toBe('passkeyInvalid');
    const second = await signInOptions();
    const unverified = await server.post('/auth/passkeys/sign-in', { response: authenticator.authenticate({ challenge: second.challenge }, { userVerified: false }) }, { cookie: second.cookie });
    expect(unverified.body.error.code).toBe('passkeyInvalid');
    expect(unverified.cookie).toBeUndefined();
  });

  it('refuses a signature counter that goes backwards (a copied authenticator)', async () => {
    const { authenticator } = await withPasskey();
    const first = await signInOptions();
    expect((await server.post('/auth/passkeys/sign-in', { response: authenticator.authenticate({ challenge: first.challenge }, { counter: 7 }) }, { cookie: first.cookie })).status).toBe(200);
    const second = await signInOptions();
    const copied = await server.post('/auth/passkeys/sign-in', { response: authenticator.authenticate({ challenge: second.challenge }, { counter: 5 }) }, { cookie: second.cookie });
    expect(copied.status).toBe(401);
    expect(copied.body.error.code).toBe('passkeyCounterRegressed');
    const third = await signInOptions();
    const same = await server.post('/auth/passkeys/sign-in', { response: authenticator.authenticate({ challenge: third.challenge }, { counter: 7 }) }, { cookie: third.cookie });
    expect(same.body.error.code).toBe('passkeyCounterRegressed');
  });

  it('signs nobody in to an account that is not active, nor with a passkey no account has', async () => {
    const { account, authenticator } = await withPasskey();
    await server.db.updateTable('users').set({ status: 'pending' }).where('id', '=', account.id).execute();
    const options = await signInOptions();
    const refused = await server.post('/auth/passkeys/sign-in', { response: authenticator.authenticate({ challenge: options.challenge }) }, { cookie: options.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('accountInactive');
    expect(refused.cookie).toBeUndefined();

    const stranger = new SoftAuthenticator(rpId, PUBLIC_URL);
    stranger.register({ challenge: 'unused', user: { id: 'nobody' } });
    const unknown = await signInOptions();
    const nobody = await server.post('/auth/passkeys/sign-in', { response: stranger.authenticate({ challenge: unknown.challenge }) }, { cookie: unknown.cookie });
    expect(nobody.status).toBe(401);
    expect(nobody.body.error.code).toBe('passkeyUnknown');
  });

  it('throttles failed passkey sign-ins per network as wrong passwords are', async () => {
    const { authenticator } = await withPasskey();
    const codes: string[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const options = await signInOptions();
      const answer = await server.post('/auth/passkeys/sign-in', { response: authenticator.authenticate({ challenge: options.challenge }, { origin: 'https://evil.example' }) }, { cookie: options.cookie });
      codes.push(answer.body.error.code);
    }
    expect(codes.slice(0, 5)).toEqual(Array(5).fill('passkeyInvalid'));
    expect(codes).toContain('loginThrottled');
  });

  it('signs a school administrator in with both factors at once', async () => {
    const { account, authenticator } = await withPasskey({ category: 'SCHOOL_ADMINISTRATOR' });
    const options = await signInOptions();
    const signedIn = await server.post('/auth/passkeys/sign-in', { response: authenticator.authenticate({ challenge: options.challenge }) }, { cookie: options.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data.user.category).toBe('SCHOOL_ADMINISTRATOR');
    expect((await server.get('/api/users/me', { cookie: signedIn.cookie })).body.data.loginId).toBe(account.loginId);
  });

  it('renames and removes a passkey (with an email), and never another account\'s', async () => {
    const { account, session } = await withPasskey();
    const [passkey] = (await server.get('/api/profile/passkeys', { cookie: session })).body.data.passkeys;
    const renamed = await server.post('/api/profile/passkeys/rename', { id: passkey.id, name: '  Work phone ' }, { cookie: session });
    expect(renamed.body.data.passkeys[0].name).toBe('Work phone');

    const other = await createAccount(server);
    const otherSession = await signIn(server, other.loginId);
    const stolen = await server.post('/api/profile/passkeys/remove', { id: passkey.id }, { cookie: otherSession });
    expect(stolen.status).toBe(404);
    expect(stolen.body.error.code).toBe('passkeyNotFound');
    expect((await server.post('/api/profile/passkeys/rename', { id: passkey.id, name: 'Mine' }, { cookie: otherSession })).body.error.code).toBe('passkeyNotFound');

    const removed = await server.post('/api/profile/passkeys/remove', { id: passkey.id }, { cookie: session });
    expect(removed.body.data.passkeys).toEqual([]);
    const [email] = await emailsTo(server, account.email ?? '');
    expect(email?.subject).toBe('A passkey was removed from your account');
    const blank = await server.post('/api/profile/passkeys/rename', { id: passkey.id, name: '   ' }, { cookie: session });
    expect(blank.status).toBe(400);
  });

  it('accepts a passkey as a step-up proof, only the account\'s own', async () => {
    const { session, authenticator } = await withPasskey();
    server.clock.advance(11 * MINUTE);
    expect((await server.post('/api/profile/passkeys/registration-options', undefined, { cookie: session })).body.error.code).toBe('stepUpRequired');
    const options = await server.post('/api/profile/step-up/passkey-options', undefined, { cookie: session });
    expect(options.body.data.allowCredentials).toHaveLength(1);
    const proof = await server.post('/api/profile/step-up/passkey', { response: authenticator.authenticate(options.body.data) }, { cookie: session });
    expect(proof.status).toBe(200);
    expect((await server.post('/api/profile/passkeys/registration-options', undefined, { cookie: session })).status).toBe(200);

    const other = await createAccount(server);
    const otherSession = await signIn(server, other.loginId);
    expect((await server.post('/api/profile/step-up/passkey-options', undefined, { cookie: otherSession })).body.error.code).toBe('passkeyNotFound');
    // Another account's passkey proves nobody here, even over a challenge of this session.
    const { authenticator: theirs } = await withPasskey();
    const mine = await server.post('/api/profile/step-up/passkey-options', undefined, { cookie: session });
    const foreign = await server.post('/api/profile/step-up/passkey', { response: theirs.authenticate(mine.body.data) }, { cookie: session });
    expect(foreign.body.error.code).toBe('passkeyUnknown');
  });
});

describe.each(databases)('passkeys with a loopback PUBLIC_URL on $name', ({ name }) => {
  const server = useTestServer(name, { env: { PUBLIC_URL: 'http://127.0.0.1:3100' } });

  it('serves passkeys as localhost at the same port, since browsers refuse WebAuthn on an IP address', async () => {
    const options = await server.post('/auth/passkeys/options');
    expect(options.body.data.rpId).toBe('localhost');
    const account = await createAccount(server);
    const session = await provenOn(server, await signIn(server, account.loginId));
    const creation = await server.post('/api/profile/passkeys/registration-options', undefined, { cookie: session });
    expect(creation.body.data.rp.id).toBe('localhost');
    const added = await server.post('/api/profile/passkeys', { response: new SoftAuthenticator('localhost', 'http://localhost:3100').register(creation.body.data), name: 'Dev laptop' }, { cookie: session });
    expect(added.status).toBe(200);
  });
});
