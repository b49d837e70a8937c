import { describe, expect, it } from 'vitest';
import { MFA_CHALLENGE_MS, MFA_RESEND_WAIT_MS } from '../../../server/domain/mfa-login.ts';
import { logInto } from '../code-support.ts';
import {
  HOUR,
  PASSWORD,
  type AccountFixture,
  type TestResponse,
  completeSecondFactor,
  createAccount,
  databases,
  emailsTo,
  mfaCookieOf,
  tokenFromEmail,
  useTestServer,
} from '../support.ts';

let counter = 0;
const uniqueEmail = (domain = 'example.test') => `mfa${++counter}.${Date.now().toString(36)}@${domain}`;

describe.each(databases)('two-factor login for school administrators on $name', ({ name }) => {
  const lines: string[] = [];
  const server = useTestServer(name, { log: logInto(lines) });

  const admin = (options: { email?: string | null } = {}) => createAccount(server, { category: 'SCHOOL_ADMINISTRATOR', ...options });

  async function passwordStep(account: AccountFixture): Promise<{ response: TestResponse; mfa: string }> {
    const response = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD });
    const mfa = mfaCookieOf(response);
    if (!mfa) throw new Error(`no pending sign-in: ${response.status} ${response.text}`);
    return { response, mfa };
  }

  const setup = (mfa: string, email: string) => server.post('/auth/mfa/email', { email }, { cookie: mfa });
  const verify = (token: string) => server.post('/api/email-verifications', { kind: 'mfa', token });
  const complete = (mfa: string) => server.post('/auth/mfa/complete', undefined, { cookie: mfa });
  const status = (mfa: string) => server.get('/auth/mfa/status', { cookie: mfa });
  const latestToken = async (email: string) => tokenFromEmail((await emailsTo(server, email))[0]);

  describe('the password step', () => {
    it('gives an administrator no session, only an HttpOnly SameSite=Lax pending cookie; /api answers 401', async () => {
      const account = await admin();
      const { response, mfa } = await passwordStep(account);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({ status: 'secondFactor', setupNeeded: true, expiresAt: new Date(server.clock.ms + MFA_CHALLENGE_MS).toISOString() });
      expect(response.cookie).toBeUndefined();
      expect(response.setCookie).toMatch(/^portal_mfa=[A-Za-z0-9_-]{43};/);
      expect(response.setCookie).toContain('HttpOnly');
      expect(response.setCookie).toContain('SameSite=Lax');
      expect(response.setCookie).toContain('Path=/auth');
      expect((await server.get('/api/users/me', { cookie: mfa })).status).toBe(401);
      expect(await server.db.selectFrom('sessions').select('id_hash').where('user_id', '=', account.id).execute()).toEqual([]);
    });

    it('signs out a session the browser had before the administrator logged in', async () => {
      const other = await createAccount(server);
      const before = await server.post('/auth/login', { loginId: other.loginId, password: PASSWORD });
      const account = await admin();
      const response = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD }, { cookie: before.cookie });
      expect(response.body.data.status).toBe('secondFactor');
      expect((await server.get('/api/users/me', { cookie: before.cookie })).status).toBe(401);
    });

    it('still signs other accounts straight in', async () => {
      const account = await createAccount(server, { category: 'SCHOOL_BASED_TEACHER' });
      const response = await server.post('/auth/login', { loginId: account.loginId, password: PASSWORD });
      expect(response.body.data.status).toBe('signedIn');
      expect(response.cookie).toMatch(/^portal_session=/);
    });

    it('emails the link at once to an administrator with a two-factor address', async () => {
      const account = await admin();
      const email = uniqueEmail();
      await completeSecondFactor(server, account.id, (await passwordStep(account)).mfa, email);
      const { response, mfa } = await passwordStep(account);
      expect(response.body.data.setupNeeded).toBe(false);
      const sent = await emailsTo(server, email);
      expect(sent).toHaveLength(2);
      expect(sent[0]?.text).toContain('/en/login-emails/mfa-verify?code=');
      expect(sent[0]?.text).toContain('(Hong Kong time)');
      expect((await status(mfa)).body.data).toMatchObject({ step: 'waiting', maskedEmail: expect.stringContaining('***@example.test') });
    });
  });

  describe('setting up the two-factor email', () => {
    it('refuses each unusable address with its SPEC code, sending nothing', async () => {
      const account = await admin();
      const { mfa } = await passwordStep(account);
      const pending = await createAccount(server, { status: 'pending', password: null });
      const taken = await createAccount(server);
      const teacher = await createAccount(server, { category: 'INDIVIDUAL_TEACHER' });
      const teacherEmail = uniqueEmail();
      await server.db
        .insertInto('teacher_profiles')
        .values({ user_id: teacher.id, teacher_type: 'registered', institution: 'Demo', teacher_email: teacherEmail, teacher_email_verified_at: server.clock.now(), updated_at: server.clock.now() } as never)
        .execute();
      const cases: [string, string][] = [
        ['not-an-email', 'invalidPayload'],
        [uniqueEmail('mailinator.com'), 'mfaEmailNotAcceptable'],
        [uniqueEmail('example.com'), 'mfaEmailNotUsable'],
        [taken.email ?? '', 'mfaEmailInUse'],
        [pending.email ?? '', 'mfaEmailPending'],
        [teacherEmail, 'mfaEmailTeacherVerified'],
      ];
      for (const [email, code] of cases) {
        const response = await setup(mfa, email);
        expect(response.body.error?.code, email).toBe(code);
      }
      expect((await setup(mfa, 'not-an-email')).body.error.fields).toEqual([{ field: 'email', rule: 'format' }]);
      expect((await status(mfa)).body.data.step).toBe('setup');
    });

    it('refuses another administrator’s two-factor address', async () => {
      const first = await admin();
      const email = uniqueEmail();
      expect((await completeSecondFactor(server, first.id, (await passwordStep(first)).mfa, email)).status).toBe(200);
      const second = await admin();
      expect((await setup((await passwordStep(second)).mfa, email)).body.error.code).toBe('mfaEmailInUse');
    });

    it('sends the link with its expiry, waits, confirms from any device and completes with a rotated session', async () => {
      const account = await admin();
      const { mfa } = await passwordStep(account);
      const email = uniqueEmail();
      const sent = await setup(mfa, email);
      expect(sent.body.data).toEqual({
        step: 'waiting',
        maskedEmail: expect.stringMatching(/^m\*\*\*@example\.test$/),
        expiresAt: new Date(server.clock.ms + MFA_CHALLENGE_MS).toISOString(),
        resendAt: new Date(server.clock.ms + MFA_RESEND_WAIT_MS).toISOString(),
        changeable: true,
      });
      const notDone = await complete(mfa);
      expect(notDone.body.error.code).toBe('mfaNotCompleted');
      const token = await latestToken(email);
      expect(await verify(token)).toMatchObject({ status: 200, body: { data: { kind: 'mfa', email, services: [] } } });
      expect((await status(mfa)).body.data.step).toBe('confirmed');
      const done = await complete(mfa);
      expect(done.status).toBe(200);
      expect(done.body.data.user).toMatchObject({ userId: account.id, category: 'SCHOOL_ADMINISTRATOR' });
      expect(done.cookie).toMatch(/^portal_session=/);
      expect(done.setCookie).toMatch(/portal_mfa=;/);
      expect((await server.get('/api/users/me', { cookie: done.cookie })).status).toBe(200);
      // The pending cookie is spent.
      expect((await complete(mfa)).body.error.code).toBe('mfaExpired');
      const stored = await server.db.selectFrom('users').select('mfa_email').where('id', '=', account.id).executeTakeFirstOrThrow();
      expect(stored.mfa_email).toBe(email);
    });

    it('resends only after the resend wait, and the older link stops working', async () => {
      const account = await admin();
      const { mfa } = await passwordStep(account);
      const email = uniqueEmail();
      await setup(mfa, email);
      const first = await latestToken(email);
      expect((await server.post('/auth/mfa/resend', undefined, { cookie: mfa })).body.error.code).toBe('codeResendTooSoon');
      server.clock.advance(MFA_RESEND_WAIT_MS);
      expect((await server.post('/auth/mfa/resend', undefined, { cookie: mfa })).status).toBe(200);
      const second = await latestToken(email);
      expect(second).not.toBe(first);
      expect((await verify(first)).body.error.code).toBe('linkInvalid');
      expect((await verify(second)).status).toBe(200);
    });
  });

  describe('the link', () => {
    it('confirms once when used 20 times in parallel', async () => {
      const account = await admin();
      const { mfa } = await passwordStep(account);
      const email = uniqueEmail();
      await setup(mfa, email);
      const token = await latestToken(email);
      const results = await Promise.all(Array.from({ length: 20 }, () => verify(token)));
      const codes = results.map((r) => (r.status === 200 ? 'ok' : r.body.error.code));
      expect(codes.filter((c) => c === 'ok')).toHaveLength(1);
      expect(new Set(codes.filter((c) => c !== 'ok'))).toEqual(new Set(['alreadyUsed']));
      const sessions = await Promise.all(Array.from({ length: 5 }, () => complete(mfa)));
      expect(sessions.filter((r) => r.status === 200)).toHaveLength(1);
    });

    it('answers invalid for an unknown or malformed link', async () => {
      expect((await verify('x'.repeat(43))).body.error.code).toBe('linkInvalid');
      expect((await verify('short')).body.error.code).toBe('linkInvalid');
    });

    it('expires with the pending sign-in: the link says expired, the tab says log in again', async () => {
      const account = await admin();
      const { mfa } = await passwordStep(account);
      const email = uniqueEmail();
      await setup(mfa, email);
      const token = await latestToken(email);
      server.clock.advance(MFA_CHALLENGE_MS);
      expect((await verify(token)).body.error.code).toBe('expired');
      expect((await status(mfa)).body.error.code).toBe('mfaExpired');
      expect((await complete(mfa)).body.error.code).toBe('mfaExpired');
      expect((await setup(mfa, uniqueEmail())).body.error.code).toBe('mfaExpired');
    });
  });

  describe('use another address (issue 26)', () => {
    it('refuses the administrator’s own login email, in any case, sending nothing', async () => {
      const account = await admin();
      const { mfa } = await passwordStep(account);
      const own = account.email ?? '';
      expect((await setup(mfa, own)).body.error.code).toBe('mfaEmailIsLoginEmail');
      expect((await setup(mfa, own.toUpperCase())).body.error.code).toBe('mfaEmailIsLoginEmail');
      expect(await emailsTo(server, own)).toEqual([]);
      expect((await status(mfa)).body.data).toMatchObject({ step: 'setup', changeable: true });
    });

    it('sends to a corrected address at once; the earlier link stops working and the corrected one becomes the account’s', async () => {
      const account = await admin();
      const { mfa } = await passwordStep(account);
      const typo = uniqueEmail();
      const right = uniqueEmail();
      await setup(mfa, typo);
      const wrongLink = await latestToken(typo);
      const changed = await setup(mfa, right);
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({ step: 'waiting', maskedEmail: expect.stringMatching(/^m\*\*\*@example\.test$/), changeable: true });
      // The same address again waits for the resend wait, as a resend does.
      expect((await setup(mfa, right)).body.error.code).toBe('codeResendTooSoon');
      expect((await verify(wrongLink)).body.error.code).toBe('linkInvalid');
      expect((await verify(await latestToken(right))).status).toBe(200);
      expect((await status(mfa)).body.data).toMatchObject({ step: 'confirmed', changeable: false });
      expect((await complete(mfa)).status).toBe(200);
      const stored = await server.db.selectFrom('users').select('mfa_email').where('id', '=', account.id).executeTakeFirstOrThrow();
      expect(stored.mfa_email).toBe(right);
    });

    it('offers no change once the account has its two-factor address', async () => {
      const account = await admin();
      const email = uniqueEmail();
      await completeSecondFactor(server, account.id, (await passwordStep(account)).mfa, email);
      const { mfa } = await passwordStep(account);
      expect((await status(mfa)).body.data).toMatchObject({ step: 'waiting', changeable: false });
      // An older screen sending an address gets the stored one's status; nothing else is mailed.
      const other = uniqueEmail();
      expect((await setup(mfa, other)).body.data).toMatchObject({ step: 'waiting', changeable: false });
      expect(await emailsTo(server, other)).toEqual([]);
    });
  });

  describe('the hold', () => {
    it('answers presses before the link was followed "not yet", however many, and counts none of them', async () => {
      const account = await admin();
      const { mfa } = await passwordStep(account);
      const email = uniqueEmail();
      await setup(mfa, email);
      const codes = new Set<string>();
      for (let i = 0; i < 12; i++) codes.add((await complete(mfa)).body.error.code);
      const parallel = await Promise.all(Array.from({ length: 20 }, () => complete(mfa)));
      for (const response of parallel) codes.add(response.body.error.code);
      expect([...codes]).toEqual(['mfaNotCompleted']);
      expect((await status(mfa)).body.data.step).toBe('waiting');
      expect(await server.db.selectFrom('holds').select('attempts').where('subject', '=', account.id).execute()).toEqual([{ attempts: 1 }]);
      expect((await verify(await latestToken(email))).status).toBe(200);
      expect((await complete(mfa)).status).toBe(200);
      expect(await server.db.selectFrom('holds').select('attempts').where('subject', '=', account.id).execute()).toEqual([]);
    });

    it('holds after more than 6 addresses tried within 24 hours; then the link page says held and confirms nothing', async () => {
      const account = await admin();
      const { mfa } = await passwordStep(account);
      const addresses = Array.from({ length: 6 }, () => uniqueEmail());
      for (const email of addresses) expect((await setup(mfa, email)).status, email).toBe(200);
      const lastLink = await latestToken(addresses[5] ?? '');
      const seventh = await setup(mfa, uniqueEmail());
      const holdUntil = new Date(server.clock.ms + 24 * HOUR).toISOString();
      expect(seventh.body.error).toMatchObject({ code: 'held', holdUntil });
      expect((await status(mfa)).body.error).toMatchObject({ code: 'held', holdUntil });
      expect((await verify(lastLink)).body.error).toMatchObject({ code: 'held', holdUntil });
      expect((await status(mfa)).body.error.code).toBe('held');
      expect((await complete(mfa)).body.error.code).toBe('held');
      const stored = await server.db.selectFrom('users').select('mfa_email').where('id', '=', account.id).executeTakeFirstOrThrow();
      expect(stored.mfa_email).toBeNull();
    });

    it('counts addresses refused as someone else’s, so the setup cannot probe other accounts without end', async () => {
      const account = await admin();
      const { mfa } = await passwordStep(account);
      const others = await Promise.all(Array.from({ length: 7 }, () => createAccount(server)));
      const codes: string[] = [];
      for (const other of others) codes.push((await setup(mfa, other.email ?? '')).body.error.code);
      expect(codes).toEqual(['mfaEmailInUse', 'mfaEmailInUse', 'mfaEmailInUse', 'mfaEmailInUse', 'mfaEmailInUse', 'mfaEmailInUse', 'held']);
    });

    it('counts parallel addresses atomically: at most 6 are judged', async () => {
      const account = await admin();
      const { mfa } = await passwordStep(account);
      const results = await Promise.all(Array.from({ length: 20 }, () => setup(mfa, uniqueEmail())));
      const held = results.filter((r) => r.body.error?.code === 'held');
      expect(held.length).toBeGreaterThanOrEqual(14);
    });
  });

  describe('the sign-in history (issue 26)', () => {
    const history = (userId: string) =>
      server.db.selectFrom('sign_in_history').select(['method', 'outcome']).where('user_id', '=', userId).orderBy('id').execute();

    it('keeps a right password whose second step was never finished, and no row for an early press', async () => {
      const account = await admin();
      const first = await passwordStep(account);
      await setup(first.mfa, uniqueEmail());
      await complete(first.mfa);
      expect(await history(account.id)).toEqual([{ method: 'password', outcome: 'secondStepNotCompleted' }]);
      // A later login finishes: its own row becomes the two-factor success; the abandoned one stays.
      server.clock.advance(60_000);
      const email = uniqueEmail();
      const { mfa } = await passwordStep(account);
      await setup(mfa, email);
      await verify(await latestToken(email));
      expect((await complete(mfa)).status).toBe(200);
      expect(await history(account.id)).toEqual([
        { method: 'password', outcome: 'secondStepNotCompleted' },
        { method: 'twoFactor', outcome: 'success' },
      ]);
    });
  });

  it('never writes the pending cookie or the link token into the logs', async () => {
    const account = await admin();
    const { mfa } = await passwordStep(account);
    const email = uniqueEmail();
    await setup(mfa, email);
    const token = await latestToken(email);
    await verify(token);
    await verify(token);
    await complete(mfa);
    const log = lines.join('\n');
    expect(log).not.toContain(token);
    expect(log).not.toContain(mfa.split('=')[1]);
  });
});
