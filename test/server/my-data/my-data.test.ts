import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { MY_DATA_SECTIONS } from '../../../server/domain/my-data.ts';
import { HOUR, MINUTE, PASSWORD, PUBLIC_URL, createAccount, databases, emailsTo, signIn, useTestServer, type TestServer } from '../support.ts';

const DOWNLOAD = '/api/profile/my-data/download';
const PROVE = '/api/profile/step-up/password';
const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

interface Downloaded {
  status: number;
  fileName: string | null;
  files: Record<string, string>;
  error: { code: string; holdUntil?: string } | null;
}

/** POSTs the download as the browser does and opens the zip it answers. */
async function download(server: TestServer, cookie: string | undefined): Promise<Downloaded> {
  const response = await server.app.request(`${PUBLIC_URL}${DOWNLOAD}`, {
    method: 'POST',
    headers: { ...(cookie ? { cookie } : {}), origin: PUBLIC_URL, 'user-agent': CHROME_MAC },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (!(response.headers.get('content-type') ?? '').startsWith('application/zip')) {
    return { status: response.status, fileName: null, files: {}, error: (JSON.parse(strFromU8(bytes)) as { error: Downloaded['error'] }).error };
  }
  const files = Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, content]) => [name, strFromU8(content)]));
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { status: response.status, fileName, files, error: null };
}

describe.each(databases)('my data on $name', ({ name }) => {
  const server = useTestServer(name);

  /** Signs in and gives the step-up's password proof in that session, as the dialog does. */
  async function signInProved(loginId: string): Promise<string> {
    const cookie = await signIn(server, loginId);
    expect((await server.post(PROVE, { currentPassword: PASSWORD }, { cookie })).status).toBe(200);
    return cookie;
  }

  it('answers a zip of the JSON file and the readable page, with what is held about the account and no secret', async () => {
    const school = `MD${randomUUID().slice(0, 6).toUpperCase()}`;
    await server.db.insertInto('schools').values({ code: school, name: 'Demo Data School', chinese_name: '示範資料學校', allow_qr_login: false }).execute();
    const teacher = await createAccount(server, { category: 'SCHOOL_BASED_TEACHER', schoolCode: school, language: 'zh_hant' });
    await server.db.updateTable('users').set({ chinese_surname: '李', english_given_name: 'Ka Yan', mobile_country_code: '852', mobile_number: '91234567' }).where('id', '=', teacher.id).execute();
    await sql`INSERT INTO org_accounts (id, school_code, email_address, ch_full_name, en_full_name, remark, teacher_type, updated_at, updated_by_login)
      VALUES (${randomUUID()}, ${school}, ${teacher.email}, '李嘉欣', 'Lee Ka Yan', 'kept by the school', 'UNIVERSITY_TEACHER', ${server.clock.now()}, 'admin')`.execute(server.db);
    const old = new Date(server.clock.now().getTime() - 100 * 24 * HOUR);
    await server.db.insertInto('sign_in_history').values({ user_id: teacher.id, at: old, method: 'password', outcome: 'wrongPassword', user_agent: null, address: '198.51.100.7' }).execute();
    const cookie = await signInProved(teacher.loginId);

    const file = await download(server, cookie);
    expect(file.status).toBe(200);
    expect(file.fileName).toMatch(new RegExp(`^my-data-${teacher.loginId}-\\d{8}\\.zip$`));
    expect(Object.keys(file.files).sort()).toEqual(['my-data.html', 'my-data.json']);

    const json = JSON.parse(file.files['my-data.json'] ?? '{}');
    expect(json.schema).toBe('my-data/1');
    expect(Object.keys(json)).toEqual(['schema', 'generatedAt', ...MY_DATA_SECTIONS.map((section) => section.key)]);
    expect(json.account).toMatchObject({ login_id: teacher.loginId, category: 'SCHOOL_BASED_TEACHER', school_code: school });
    expect(json.profile).toMatchObject({ chinese_surname: '李', english_given_name: 'Ka Yan' });
    expect(json.emailsAndMobile).toMatchObject({ login_email: teacher.email, mobile_number: '91234567' });
    expect(json.schoolEmailList).toEqual([expect.objectContaining({ school: 'Demo Data School', school_chinese_name: '示範資料學校', email_address: teacher.email, remark: 'kept by the school' })]);
    expect(json.sessions).toEqual([expect.objectContaining({ browser: null })]);
    // The sign-in just made is there; the one from 100 days ago is not.
    expect(json.signInHistory).toEqual([expect.objectContaining({ method: 'password', outcome: 'success' })]);
    expect(json.downloads).toEqual({ last_at: server.clock.now().toISOString() });

    const html = file.files['my-data.html'] ?? '';
    expect(html).toContain('<html lang="zh-Hant-HK">');
    expect(html).toContain('你在教育平台的資料');
    expect(html).toContain('載有你電郵地址的學校電郵名單記錄');
    expect(html).toContain('李嘉欣');
    expect(html).toContain('香港時間');

    const stored = await server.db.selectFrom('users').select('password_hash').where('id', '=', teacher.id).executeTakeFirstOrThrow();
    const sessions = await server.db.selectFrom('sessions').select('id_hash').where('user_id', '=', teacher.id).execute();
    for (const secret of [stored.password_hash ?? '', ...sessions.map((session) => session.id_hash), cookie.split('=')[1] ?? '']) {
      expect(file.files['my-data.json']).not.toContain(secret);
      expect(html).not.toContain(secret);
    }
  });

  it('makes one file in 24 hours, counted in the database: parallel requests make one, the others are told when to try again', async () => {
    const account = await createAccount(server);
    const cookie = await signInProved(account.loginId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => download(server, cookie)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429, 429, 429, 429]);
    const holdUntil = new Date(server.clock.now().getTime() + 24 * HOUR).toISOString();
    expect(answers.filter((answer) => answer.error).map((answer) => answer.error)).toEqual(Array(4).fill({ code: 'myDataDailyLimit', message: expect.any(String), holdUntil }));

    // The session has idled out by then: a new one, the same account, the same count.
    server.clock.advance(24 * HOUR - MINUTE);
    const later = await signInProved(account.loginId);
    expect((await download(server, later)).error?.code).toBe('myDataDailyLimit');
    server.clock.advance(MINUTE);
    expect((await download(server, later)).status).toBe(200);
  });

  it('needs a fresh proof of the session (step-up), then emails the login email that the data was downloaded, from which browser, without the data', async () => {
    const account = await createAccount(server);
    const cookie = await signIn(server, account.loginId);
    // Signed in but not proved: refused, nothing counted, nothing sent.
    const refused = await download(server, cookie);
    expect({ status: refused.status, code: refused.error?.code }).toEqual({ status: 403, code: 'stepUpRequired' });
    expect(await server.db.selectFrom('data_exports').select('user_id').where('user_id', '=', account.id).executeTakeFirst()).toBeUndefined();
    expect((await emailsTo(server, account.email ?? '')).map((email) => email.subject)).not.toContain('A copy of your education platform data was downloaded');

    expect((await server.post(PROVE, { currentPassword: PASSWORD }, { cookie })).status).toBe(200);
    expect((await download(server, cookie)).status).toBe(200);
    const [notice] = await emailsTo(server, account.email ?? '');
    expect(notice?.subject).toBe('A copy of your education platform data was downloaded');
    expect(notice?.text).toContain(account.loginId);
    expect(notice?.text).toContain('Chrome 131 on Mac OS 10.15.7');
    expect(notice?.text).not.toContain('schoolEmailList');
  });

  it('answers 401 without a session and counts nothing', async () => {
    const before = await server.db.selectFrom('data_exports').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect((await download(server, undefined)).status).toBe(401);
    const after = await server.db.selectFrom('data_exports').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
