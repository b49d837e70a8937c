import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLD_MAX_ATTEMPTS } from '../../../contract/index.ts';
import type { Db } from '../../../server/db/schema.ts';
import { listOutbox } from '../../../server/mail/outbox.ts';
import { ACCOUNT_BUDGET } from '../../../server/domain/login-throttle.ts';
import { UPGRADE_RESUME_MS } from '../../../server/domain/upgrades.ts';
import { MINUTE, NEW_PASSWORD, PASSWORD, type TestServer, createAccount, databases, signIn, startTestServer, uniqueLoginId } from '../support.ts';

const KIND = 'studentMember';

/** The six digits of the newest email to that address, as the dev mailbox shows it. */
async function emailedCode(db: Db, to: string): Promise<string> {
  const [email] = await listOutbox(db, { to });
  const match = /\b(\d{6})\b/.exec(email?.text ?? '');
  if (!match?.[1]) throw new Error(`no code emailed to ${to}`);
  return match[1];
}

function wrongCode(right: string): string {
  return right === '000000' ? '111111' : '000000';
}

describe.each(databases)('student-member upgrade over HTTP on $name', ({ name }) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(name);
    await server.db.insertInto('schools').values({ code: 'UPG01', name: 'Upgrade School', allow_qr_login: true }).execute();
  });
  afterAll(async () => {
    await server.close();
  });

  /** A signed-in student of a school, with no login email (as the seeded demo students). */
  async function student(language: 'en' | 'zh_hant' | 'zh_hans' = 'en') {
    const account = await createAccount(server, { category: 'STUDENT', email: null, schoolCode: 'UPG01', language });
    const cookie = await signIn(server, account.loginId);
    return { ...account, cookie };
  }

  const progress = (cookie: string) => server.get(`/api/upgrades/progress?kind=${KIND}`, { cookie });
  const terms = (cookie: string) => server.post('/api/upgrades/terms', { kind: KIND, acceptTerms: true }, { cookie });
  const sendCode = (cookie: string, email: string) => server.post('/api/upgrades/email', { kind: KIND, email }, { cookie });
  const verify = (cookie: string, code: string) => server.post('/api/upgrades/email/verify', { kind: KIND, code }, { cookie });
  const subscribe = (cookie: string, value: boolean) => server.post('/api/upgrades/student-member/subscribe', { subscribe: value }, { cookie });
  const finishCreate = (cookie: string, password = NEW_PASSWORD) =>
    server.post('/api/upgrades/student-member/finish', { mode: 'create', newPassword: password, confirmNewPassword: password }, { cookie });
  const finishLink = (cookie: string, loginId: string, password: string) => server.post('/api/upgrades/student-member/finish', { mode: 'link', loginId, password }, { cookie });

  /** Terms, email and code done: the upgrade waits at the subscribe step. */
  async function verified(cookie: string, email: string) {
    expect((await terms(cookie)).status).toBe(200);
    expect((await sendCode(cookie, email)).status).toBe(200);
    const done = await verify(cookie, await emailedCode(server.db, email));
    expect(done.status, done.text).toBe(200);
  }

  const category = async (id: string) => (await server.db.selectFrom('users').select(['category', 'login_email', 'subscriptions']).where('id', '=', id).executeTakeFirstOrThrow());

  it('takes a student through terms, email, code, newsletter and a new password to STUDENT_MEMBER, and Family opens in the same session', async () => {
    const s = await student('zh_hant');
    const email = `${uniqueLoginId('personal')}@example.test`;
    const start = await progress(s.cookie);
    expect(start.status, start.text).toBe(200);
    expect(start.body.data).toMatchObject({ kind: KIND, step: 'intro', email: null, resumeUntil: null });

    const accepted = await terms(s.cookie);
    expect(accepted.body.data).toMatchObject({ step: 'email', resumeUntil: new Date(server.clock.now().getTime() + UPGRADE_RESUME_MS).toISOString() });

    const sent = await sendCode(s.cookie, email.toUpperCase());
    expect(sent.status, sent.text).toBe(200);
    const now = server.clock.now().getTime();
    expect(sent.body.data).toMatchObject({ step: 'code', email, codeExpiresAt: new Date(now + 10 * MINUTE).toISOString(), codeResendAt: new Date(now + MINUTE).toISOString() });
    const [mail] = await listOutbox(server.db, { to: email });
    expect(mail?.subject).toBe('你的教育平台會員升級驗證碼');
    const code = await emailedCode(server.db, email);
    const row = await server.db.selectFrom('upgrades').selectAll().where('user_id', '=', s.id).executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);

    const checked = await verify(s.cookie, code);
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body.data).toMatchObject({ step: 'subscribe', email, codeExpiresAt: null });
    expect((await subscribe(s.cookie, true)).body.data).toMatchObject({ step: 'link', subscribe: true });

    const familyBefore = await server.get('/api/family/permission', { cookie: s.cookie });
    const finished = await finishCreate(s.cookie);
    expect(finished.status, finished.text).toBe(200);
    expect(finished.body.data).toMatchObject({ userId: s.id, category: 'STUDENT_MEMBER', loginEmail: email });
    expect(finished.body.data.permissions).toEqual(expect.arrayContaining(['family', 'student']));
    expect(await category(s.id)).toMatchObject({ category: 'STUDENT_MEMBER', login_email: email, subscriptions: ['studentInfo'] });

    // The same cookie: users/me and the family permission read the new category at once.
    const me = await server.get('/api/users/me', { cookie: s.cookie });
    expect(me.body.data).toMatchObject({ category: 'STUDENT_MEMBER' });
    const familyAfter = await server.get('/api/family/permission', { cookie: s.cookie });
    expect(familyAfter.status, familyAfter.text).toBe(200);
    expect(JSON.stringify(familyAfter.body)).not.toEqual(JSON.stringify(familyBefore.body));
    // The member login: the verified email with the new password.
    await expect(signIn(server, email, NEW_PASSWORD)).resolves.toMatch(/^portal_session=/);
    // The same account, not a second one: its login ID takes the new password, and the school password no longer works.
    await expect(signIn(server, s.loginId, NEW_PASSWORD)).resolves.toMatch(/^portal_session=/);
    await expect(signIn(server, s.loginId, PASSWORD)).rejects.toThrow(/sign-in failed/);
    // No member link is recorded: nothing was linked.
    expect((await server.get('/api/users/login-info', { cookie: s.cookie })).body.data.memberLinks).toEqual([]);
    expect((await progress(s.cookie)).status).toBe(403);
  });

  it('refuses each step sent before the steps it follows, and leaves the account a student', async () => {
    const s = await student();
    const email = `${uniqueLoginId('skip')}@example.test`;
    for (const response of [await sendCode(s.cookie, email), await verify(s.cookie, '123456'), await subscribe(s.cookie, false), await finishCreate(s.cookie)]) {
      expect(response.status, response.text).toBe(409);
      expect(response.body.error.code).toBe('upgradeStepMissing');
    }
    await terms(s.cookie);
    expect((await verify(s.cookie, '123456')).body.error.code).toBe('upgradeStepMissing');
    expect((await subscribe(s.cookie, false)).body.error.code).toBe('upgradeStepMissing');
    expect((await finishCreate(s.cookie)).body.error.code).toBe('upgradeStepMissing');
    await sendCode(s.cookie, email);
    expect((await subscribe(s.cookie, false)).body.error.code).toBe('upgradeStepMissing');
    expect((await finishCreate(s.cookie)).body.error.code).toBe('upgradeStepMissing');
    await verify(s.cookie, await emailedCode(server.db, email));
    expect((await finishCreate(s.cookie)).body.error.code).toBe('upgradeStepMissing');
    expect((await category(s.id)).category).toBe('STUDENT');
  });

  it('refuses accounts that are not students, and signed-out requests', async () => {
    const member = await createAccount(server, { category: 'PUBLIC' });
    const cookie = await signIn(server, member.loginId);
    const refused = await progress(cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('upgradeNotEligible');
    expect((await terms(cookie)).body.error.code).toBe('upgradeNotEligible');
    expect((await server.get(`/api/upgrades/progress?kind=${KIND}`)).status).toBe(401);
  });

  it("refuses an email that is another account's login email, at the email step and again at the last one", async () => {
    const s = await student();
    const other = await createAccount(server, { category: 'PUBLIC' });
    await terms(s.cookie);
    const refused = await sendCode(s.cookie, other.email ?? '');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('loginEmailTaken');
    expect(await listOutbox(server.db, { to: other.email ?? '' })).toEqual([]);

    const email = `${uniqueLoginId('race')}@example.test`;
    await sendCode(s.cookie, email);
    await verify(s.cookie, await emailedCode(server.db, email));
    await subscribe(s.cookie, false);
    // Someone else makes it their login email before the student finishes.
    await server.db.updateTable('users').set({ login_email: email }).where('id', '=', other.id).execute();
    const late = await finishCreate(s.cookie);
    expect(late.body.error.code).toBe('loginEmailTaken');
    expect((await category(s.id)).category).toBe('STUDENT');
  });

  it('sends a new code only after a minute, and the new code replaces the old one', async () => {
    const s = await student();
    const email = `${uniqueLoginId('resend')}@example.test`;
    await terms(s.cookie);
    await sendCode(s.cookie, email);
    const first = await emailedCode(server.db, email);
    const early = await sendCode(s.cookie, email);
    expect(early.status).toBe(429);
    expect(early.body.error).toMatchObject({ code: 'codeResendTooSoon', holdUntil: new Date(server.clock.now().getTime() + MINUTE).toISOString() });
    server.clock.advance(MINUTE);
    expect((await sendCode(s.cookie, email)).status).toBe(200);
    const second = await emailedCode(server.db, email);
    if (second !== first) expect((await verify(s.cookie, first)).body.error.code).toBe('codeWrong');
    expect((await verify(s.cookie, second)).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const s = await student();
    const email = `${uniqueLoginId('late')}@example.test`;
    await terms(s.cookie);
    await sendCode(s.cookie, email);
    server.clock.advance(10 * MINUTE);
    const late = await verify(s.cookie, await emailedCode(server.db, email));
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('codeExpired');
  });

  it('holds the account after more than 5 wrong codes in 24 hours, for code checks and sends alike', async () => {
    const s = await student();
    const email = `${uniqueLoginId('hold')}@example.test`;
    await terms(s.cookie);
    await sendCode(s.cookie, email);
    const right = await emailedCode(server.db, email);
    for (let i = 0; i < HOLD_MAX_ATTEMPTS; i++) expect((await verify(s.cookie, wrongCode(right))).body.error.code).toBe('codeWrong');
    const held = await verify(s.cookie, wrongCode(right));
    expect(held.status).toBe(429);
    expect(held.body.error).toMatchObject({ code: 'held', holdUntil: new Date(server.clock.now().getTime() + 24 * 60 * MINUTE).toISOString() });
    expect((await verify(s.cookie, right)).body.error.code).toBe('held');
    server.clock.advance(MINUTE);
    expect((await sendCode(s.cookie, email)).body.error.code).toBe('held');
  });

  it('spends a code once: of two parallel checks with the right code exactly one verifies', async () => {
    const s = await student();
    const email = `${uniqueLoginId('twice')}@example.test`;
    await terms(s.cookie);
    await sendCode(s.cookie, email);
    const code = await emailedCode(server.db, email);
    const answers = await Promise.all([verify(s.cookie, code), verify(s.cookie, code)]);
    expect(answers.map((a) => a.status).filter((status) => status === 200)).toHaveLength(1);
    expect(answers.find((a) => a.status !== 200)?.body.error.code).toMatch(/^(codeNotFound|upgradeStepMissing)$/);
  });

  it('completes once: of two parallel finishes exactly one upgrades', async () => {
    const s = await student();
    await verified(s.cookie, `${uniqueLoginId('fin')}@example.test`);
    await subscribe(s.cookie, false);
    const answers = await Promise.all([finishCreate(s.cookie), finishCreate(s.cookie)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await category(s.id)).subscriptions).toEqual([]);
  });

  it('keeps the progress for the resume window, then starts afresh', async () => {
    const s = await student();
    const email = `${uniqueLoginId('resume')}@example.test`;
    await verified(s.cookie, email);
    // Sessions lapse long before the window: the student signs in again each time.
    server.clock.advance(UPGRADE_RESUME_MS - MINUTE);
    let cookie = await signIn(server, s.loginId);
    const kept = await progress(cookie);
    expect(kept.body.data).toMatchObject({ step: 'subscribe', email });
    // Each step renews the window.
    await subscribe(cookie, true);
    server.clock.advance(UPGRADE_RESUME_MS - MINUTE);
    cookie = await signIn(server, s.loginId);
    expect((await progress(cookie)).body.data).toMatchObject({ step: 'link', subscribe: true });
    server.clock.advance(2 * MINUTE);
    expect((await progress(cookie)).body.data).toMatchObject({ step: 'intro', email: null });
    expect((await finishCreate(cookie)).body.error.code).toBe('upgradeStepMissing');
    expect((await terms(cookie)).body.data).toMatchObject({ step: 'email', email: null });
  });

  it('refuses a weak password with its field and leaves the account and the progress as they were', async () => {
    const s = await student();
    await verified(s.cookie, `${uniqueLoginId('weak')}@example.test`);
    await subscribe(s.cookie, false);
    const weak = await finishCreate(s.cookie, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('passwordTooShort');
    expect((await category(s.id)).category).toBe('STUDENT');
    expect((await progress(s.cookie)).body.data.step).toBe('link');
  });

  it('links to an existing member account by its login and password, and refuses wrong ones and non-members', async () => {
    const s = await student();
    const member = await createAccount(server, { category: 'PUBLIC' });
    const teacher = await createAccount(server, { category: 'SCHOOL_BASED_TEACHER' });
    const email = `${uniqueLoginId('link')}@example.test`;
    await verified(s.cookie, email);
    await subscribe(s.cookie, false);
    const wrong = await finishLink(s.cookie, member.loginId, 'Not-The-Password-1');
    expect(wrong.body.error.code).toBe('wrongPasswordOrUserNotFound');
    expect((await finishLink(s.cookie, 'nobody_here', PASSWORD)).body.error.code).toBe('wrongPasswordOrUserNotFound');
    const notMember = await finishLink(s.cookie, teacher.loginId, PASSWORD);
    expect(notMember.body.error.code).toBe('upgradeLinkNotMember');
    expect((await category(s.id)).category).toBe('STUDENT');

    const linked = await finishLink(s.cookie, member.loginId, PASSWORD);
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body.data).toMatchObject({ category: 'STUDENT_MEMBER', loginEmail: email });
    const row = await server.db.selectFrom('upgrades').select(['data', 'completed_at']).where('user_id', '=', s.id).executeTakeFirstOrThrow();
    expect(row.data).toMatchObject({ linkedUserId: member.id });
    expect(row.completed_at).not.toBeNull();
    // The student's own password is unchanged.
    await expect(signIn(server, s.loginId, PASSWORD)).resolves.toMatch(/^portal_session=/);
    // Both accounts' login information show the link.
    const studentInfo = await server.get('/api/users/login-info', { cookie: s.cookie });
    expect(studentInfo.status, studentInfo.text).toBe(200);
    expect(studentInfo.body.data.memberLinks).toEqual([{ side: 'member', loginId: member.loginId, displayName: `Test ${member.loginId}`, linkedAt: server.clock.now().toISOString() }]);
    const memberInfo = await server.get('/api/users/login-info', { cookie: await signIn(server, member.loginId) });
    expect(memberInfo.body.data.memberLinks).toEqual([{ side: 'student', loginId: s.loginId, displayName: `Test ${s.loginId}`, linkedAt: server.clock.now().toISOString() }]);
  });

  it('asks for the challenge when the member account is over its budget of wrong passwords, and links once it is solved (never a lockout)', async () => {
    const s = await student();
    const member = await createAccount(server, { category: 'PUBLIC' });
    await verified(s.cookie, `${uniqueLoginId('linkc')}@example.test`);
    await subscribe(s.cookie, false);
    await server.db
      .insertInto('login_throttles')
      .values({ subject: member.id, address: '#budget', attempts: ACCOUNT_BUDGET, window_started_at: server.clock.now(), last_attempt_at: server.clock.now(), held_until: null, last_refused: false })
      .execute();
    const challenged = await finishLink(s.cookie, member.loginId, PASSWORD);
    expect([challenged.status, challenged.body.error.code]).toEqual([429, 'loginChallengeRequired']);
    expect((await category(s.id)).category).toBe('STUDENT');
    // The development stand-in accepts any non-empty token, as on the login page.
    const linked = await server.post('/api/upgrades/student-member/finish', { mode: 'link', loginId: member.loginId, password: PASSWORD, recaptchaToken: 'solved-by-a-person' }, { cookie: s.cookie });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.body.data).toMatchObject({ category: 'STUDENT_MEMBER' });
  });

  it('answers bad input with 400 and its fields, never 500', async () => {
    const s = await student();
    await terms(s.cookie);
    const bad = await sendCode(s.cookie, 'not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([{ field: 'email', rule: 'format' }]);
    expect((await verify(s.cookie, '12ab')).status).toBe(400);
    expect((await server.post('/api/upgrades/terms', { kind: KIND, acceptTerms: false }, { cookie: s.cookie })).status).toBe(400);
    expect((await server.get('/api/upgrades/progress?kind=nope', { cookie: s.cookie })).status).toBe(400);
  });
});
