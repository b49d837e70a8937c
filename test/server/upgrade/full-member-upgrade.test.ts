import { isValidPhoneNumber } from 'libphonenumber-js/mobile';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../server/db/schema.ts';
import { listOutbox } from '../../../server/mail/outbox.ts';
import { UPGRADE_RESUME_MS } from '../../../server/domain/upgrades.ts';
import { createAccount, databases, signIn, uniqueLoginId, useTestServer } from '../support.ts';

const KIND = 'fullMember';

/** The six digits of the newest message (email or SMS) to that address, as the dev outbox shows it. */
async function sentCode(db: Db, to: string): Promise<string> {
  const [message] = await listOutbox(db, { to });
  const match = /\b(\d{6})\b/.exec(message?.text ?? '');
  if (!match?.[1]) throw new Error(`no code sent to ${to}`);
  return match[1];
}

let numbers = 0;
/** A Hong Kong mobile number no other test uses. */
function hkMobile(): string {
  for (;;) {
    numbers++;
    const candidate = `6${String(1_000_000 + ((Date.now() + numbers * 7907) % 8_999_999)).slice(-7)}`;
    if (isValidPhoneNumber(candidate, 'HK')) return candidate;
  }
}

describe.each(databases)('full-member upgrade over HTTP on $name', ({ name }) => {
  const server = useTestServer(name);

  async function publicMember() {
    const account = await createAccount(server, { category: 'PUBLIC' });
    return { ...account, cookie: await signIn(server, account.loginId) };
  }

  const progress = (cookie: string) => server.get(`/api/upgrades/progress?kind=${KIND}`, { cookie });
  const start = (cookie: string, kind: string = KIND) => server.post('/api/upgrades/start', { kind }, { cookie });
  const sendCode = (cookie: string, email: string) => server.post('/api/upgrades/email', { kind: KIND, email }, { cookie });
  const verify = (cookie: string, code: string) => server.post('/api/upgrades/email/verify', { kind: KIND, code }, { cookie });
  const phone = (cookie: string) => server.post('/api/upgrades/full-member/phone', undefined, { cookie });
  const INFO = { gender: 'female', yearOfBirth: '1988', roles: ['PARENT', 'TEACHER'] };
  const finish = (cookie: string, body: Record<string, unknown> = INFO) => server.post('/api/upgrades/full-member/finish', body, { cookie });
  async function verifyMobile(cookie: string, mobile = hkMobile()) {
    const sent = await server.post('/api/profile/mobile/send-code', { countryCode: '852', mobile, lang: 'en' }, { cookie });
    expect(sent.status, sent.text).toBe(200);
    const checked = await server.post('/api/profile/mobile/verify', { countryCode: '852', mobile, code: await sentCode(server.db, `+852${mobile}`) }, { cookie });
    expect(checked.status, checked.text).toBe(200);
  }
  /** Welcome and email-code done: the upgrade waits at the phone step. */
  async function atPhone(cookie: string) {
    const email = `${uniqueLoginId('full')}@example.test`;
    expect((await start(cookie)).status).toBe(200);
    expect((await sendCode(cookie, email)).status).toBe(200);
    const checked = await verify(cookie, await sentCode(server.db, email));
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body.data).toMatchObject({ step: 'phone', email });
    return email;
  }
  const account = (id: string) =>
    server.db.selectFrom('users').select(['category', 'gender', 'year_of_birth', 'roles', 'contact_email', 'login_email']).where('id', '=', id).executeTakeFirstOrThrow();

  it('takes a public member through welcome, email, code, SMS and user information to FULL_MEMBER with its permissions at once', async () => {
    const p = await publicMember();
    expect((await progress(p.cookie)).body.data).toMatchObject({ kind: KIND, step: 'intro', resumeUntil: null });
    const started = await start(p.cookie);
    expect(started.status, started.text).toBe(200);
    expect(started.body.data).toMatchObject({ step: 'email', resumeUntil: new Date(server.clock.now().getTime() + UPGRADE_RESUME_MS).toISOString() });
    const email = await atPhone(p.cookie);
    // The phone step is refused until a number is verified by SMS.
    const early = await phone(p.cookie);
    expect([early.status, early.body.error?.code]).toEqual([409, 'upgradePhoneUnverified']);
    await verifyMobile(p.cookie);
    const phoned = await phone(p.cookie);
    expect(phoned.status, phoned.text).toBe(200);
    expect(phoned.body.data).toMatchObject({ step: 'info' });
    // A reload between the answers may send the phone step again: nothing changes.
    expect((await phone(p.cookie)).body.data).toMatchObject({ step: 'info' });
    expect((await progress(p.cookie)).body.data).toMatchObject({ step: 'info', email });

    const done = await finish(p.cookie);
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toMatchObject({ category: 'FULL_MEMBER' });
    expect(done.body.data.permissions).toContain('fullMember');
    expect(await account(p.id)).toMatchObject({ category: 'FULL_MEMBER', gender: 'female', year_of_birth: 1988, roles: ['PARENT', 'TEACHER'], contact_email: email, login_email: p.email });
    // The same session now reads the new category and permissions.
    const me = await server.get('/api/users/me', { cookie: p.cookie });
    expect(me.body.data).toMatchObject({ category: 'FULL_MEMBER' });
    // Done once: the upgrade is no longer offered.
    expect((await progress(p.cookie)).body.error?.code).toBe('upgradeNotEligible');
    expect((await finish(p.cookie)).body.error?.code).toBe('upgradeNotEligible');
  });

  it('refuses every step sent before the steps it follows (each step checked on the server)', async () => {
    const p = await publicMember();
    const email = `${uniqueLoginId('skip')}@example.test`;
    expect((await sendCode(p.cookie, email)).body.error?.code).toBe('upgradeStepMissing');
    expect((await verify(p.cookie, '123456')).body.error?.code).toBe('upgradeStepMissing');
    expect((await phone(p.cookie)).body.error?.code).toBe('upgradeStepMissing');
    expect((await finish(p.cookie)).body.error?.code).toBe('upgradeStepMissing');
    expect((await start(p.cookie)).status).toBe(200);
    // A verified mobile from before does not let the phone or info steps through while the email is unverified.
    await verifyMobile(p.cookie);
    expect((await phone(p.cookie)).body.error?.code).toBe('upgradeStepMissing');
    expect((await finish(p.cookie)).body.error?.code).toBe('upgradeStepMissing');
    expect((await sendCode(p.cookie, email)).status).toBe(200);
    expect((await finish(p.cookie)).body.error?.code).toBe('upgradeStepMissing');
    server.clock.advance(1000);
    expect((await verify(p.cookie, await sentCode(server.db, email))).body.data).toMatchObject({ step: 'phone' });
    // The number verified before the email step does not count: the SMS step is part of the upgrade.
    expect((await phone(p.cookie)).body.error?.code).toBe('upgradePhoneUnverified');
    expect((await finish(p.cookie)).body.error?.code).toBe('upgradeStepMissing');
    expect((await account(p.id)).category).toBe('PUBLIC');
  });

  it('refuses the welcome shortcut to a kind with terms, and accounts that are not public members', async () => {
    const p = await publicMember();
    expect((await start(p.cookie, 'studentMember')).body.error?.code).toBe('upgradeNotEligible');
    const student = await createAccount(server, { category: 'STUDENT', email: null });
    const studentCookie = await signIn(server, student.loginId);
    const skipped = await start(studentCookie, 'studentMember');
    expect([skipped.status, skipped.body.error?.code]).toEqual([409, 'upgradeStepMissing']);
    expect((await start(studentCookie)).body.error?.code).toBe('upgradeNotEligible');
    const member = await createAccount(server, { category: 'FULL_MEMBER' });
    expect((await progress(await signIn(server, member.loginId))).status).toBe(403);
  });

  it("refuses another account's login email at the email step", async () => {
    const p = await publicMember();
    const other = await createAccount(server, { category: 'PUBLIC' });
    expect((await start(p.cookie)).status).toBe(200);
    const taken = await sendCode(p.cookie, (other.email ?? '').toUpperCase());
    expect([taken.status, taken.body.error?.code, taken.body.error?.fields]).toEqual([409, 'loginEmailTaken', [{ field: 'email', rule: 'taken' }]]);
  });

  it('asks for gender, year of birth and a role, every problem at once, and changes nothing on a refusal', async () => {
    const p = await publicMember();
    await atPhone(p.cookie);
    await verifyMobile(p.cookie);
    expect((await phone(p.cookie)).status).toBe(200);
    const empty = await finish(p.cookie, { gender: '', yearOfBirth: '', roles: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toEqual(
      expect.arrayContaining([
        { field: 'gender', rule: 'required' },
        { field: 'yearOfBirth', rule: 'required' },
        { field: 'roles', rule: 'required' },
      ]),
    );
    const future = await finish(p.cookie, { ...INFO, yearOfBirth: String(new Date().getUTCFullYear() + 1) });
    expect(future.body.error.fields).toEqual([{ field: 'yearOfBirth', rule: 'yearRange' }]);
    expect((await account(p.id)).category).toBe('PUBLIC');
    expect((await progress(p.cookie)).body.data).toMatchObject({ step: 'info' });
  });

  it('closed at the code step, resumes there; lapsed after the resume window, starts again', async () => {
    const p = await publicMember();
    const email = `${uniqueLoginId('resume')}@example.test`;
    await start(p.cookie);
    await sendCode(p.cookie, email);
    expect((await progress(p.cookie)).body.data).toMatchObject({ step: 'code', email });
    // Signed in again an hour later (a new session): the upgrade is where it was left.
    server.clock.advance(60 * 60_000);
    const later = await signIn(server, p.loginId);
    expect((await progress(later)).body.data).toMatchObject({ step: 'code', email });
    server.clock.advance(UPGRADE_RESUME_MS);
    const muchLater = await signIn(server, p.loginId);
    expect((await progress(muchLater)).body.data).toMatchObject({ step: 'intro', email: null });
    expect((await verify(muchLater, '123456')).body.error?.code).toBe('upgradeStepMissing');
  });

  it('two finishes in parallel upgrade once', async () => {
    const p = await publicMember();
    await atPhone(p.cookie);
    await verifyMobile(p.cookie);
    await phone(p.cookie);
    const answers = await Promise.all([finish(p.cookie), finish(p.cookie), finish(p.cookie)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).every((answer) => ['upgradeStepMissing', 'upgradeNotEligible'].includes(answer.body.error?.code))).toBe(true);
    const rows = await server.db.selectFrom('upgrades').selectAll().where('user_id', '=', p.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.completed_at).not.toBeNull();
  });
});
