import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { AccountCategory } from '../../../contract/index.ts';
import { ORG_IMPORT_MAX_BYTES } from '../../../contract/schemas/org-account.ts';
import { type TestResponse, createAccount, databases, signIn, useTestServer } from '../support.ts';

const LIST = '/api/org-accounts';
const UPDATE = '/api/org-accounts/update';
const REMOVE = '/api/org-accounts/remove';
const CHECK = '/api/org-accounts/import/check';
const APPLY = '/api/org-accounts/import/apply';
const SETTINGS = '/api/org-accounts/settings';
const EXPORT = '/api/org-accounts/export.xlsx';
const TEMPLATE = '/api/org-accounts/template.xlsx';

type Cells = (string | number | { formula: string; result?: string } | null)[];
const HEADER = ['Email address', 'Chinese name', 'English name', 'Group', 'Remark'];

async function workbook(rows: Cells[], header = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('List');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const person = (i: number, domain = 'school-a.edu.hk'): Cells => [`teacher${i}@${domain}`, `陳大文${i}`, `CHAN Tai Man ${i}`, 'Staff', `remark ${i}`];

let schoolCounter = 0;

describe.each(databases)('the school email list on $name', { timeout: 120_000 }, ({ name }) => {
  const server = useTestServer(name);

  async function school() {
    const code = `SCH${process.pid}${++schoolCounter}`;
    await server.db.insertInto('schools').values({ code, name: `School ${code}`, allow_qr_login: false }).execute();
    const user = async (category: AccountCategory) => {
      const account = await createAccount(server, { category, schoolCode: code });
      return { ...account, cookie: await signIn(server, account.loginId) };
    };
    return { code, admin: await user('SCHOOL_ADMINISTRATOR'), reader: await user('SCHOOL'), user };
  }

  const check = (cookie: string, file: Uint8Array, lang = 'en') =>
    server.post(CHECK, { fileName: 'list.xlsx', content: Buffer.from(file).toString('base64'), lang }, { cookie });
  const refusal = (response: TestResponse) => ({ status: response.status, code: response.body?.error?.code });

  async function written(code: string) {
    const records = await sql<{ n: string }>`SELECT count(*) AS n FROM org_accounts WHERE school_code = ${code}`.execute(server.db);
    const imports = await sql<{ n: string }>`SELECT count(*) AS n FROM org_account_imports WHERE school_code = ${code}`.execute(server.db);
    return { records: Number(records.rows[0]!.n), imports: Number(imports.rows[0]!.n) };
  }

  async function importRows(cookie: string, rows: Cells[]) {
    const checked = await check(cookie, await workbook(rows));
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body.data.status).toBe('ready');
    const applied = await server.post(APPLY, { importId: checked.body.data.importId }, { cookie });
    expect(applied.status, applied.text).toBe(200);
    return applied.body.data;
  }

  const list = async (cookie: string, query = '') => {
    const response = await server.get(`${LIST}${query}`, { cookie });
    expect(response.status, response.text).toBe(200);
    return response.body.data;
  };

  it('imports a checked file once, all of it, recording who and when, and lists it', async () => {
    const { admin, reader } = await school();
    const rows = Array.from({ length: 30 }, (_, i) => person(i));
    const applied = await importRows(admin.cookie, rows);
    expect(applied).toEqual({ total: 30, created: 30, updated: 0 });
    const page = await list(reader.cookie);
    expect(page.total).toBe(30);
    expect(page.records).toHaveLength(20);
    expect(page.canWrite).toBe(false);
    expect(page.records[0]).toMatchObject({ updatedBy: admin.loginId, updatedAt: server.clock.now().toISOString(), teacherType: 'UNIVERSITY_TEACHER' });
    expect((await list(admin.cookie)).canWrite).toBe(true);
    // Re-importing changes known emails instead of adding them; the same record again changes nothing.
    expect(await importRows(admin.cookie, [person(1), person(99)])).toEqual({ total: 2, created: 1, updated: 0 });
    const changed = person(2);
    changed[4] = 'a new remark';
    server.clock.advance(60_000);
    expect(await importRows(admin.cookie, [changed, person(3)])).toEqual({ total: 2, created: 0, updated: 1 });
    const records = (await list(admin.cookie)).records;
    expect(records[0]).toMatchObject({ remark: 'a new remark', updatedAt: server.clock.now().toISOString() });
    expect(records.filter((r: { updatedAt: string }) => r.updatedAt === server.clock.now().toISOString())).toHaveLength(1);
  });

  it('applies a checked import only once, and only for the administrator who checked it', async () => {
    const { admin, user } = await school();
    const checked = await check(admin.cookie, await workbook([person(1)]));
    const other = await user('SCHOOL_ADMINISTRATOR');
    expect(refusal(await server.post(APPLY, { importId: checked.body.data.importId }, { cookie: other.cookie }))).toEqual({ status: 410, code: 'importNotFound' });
    expect((await server.post(APPLY, { importId: checked.body.data.importId }, { cookie: admin.cookie })).status).toBe(200);
    expect(refusal(await server.post(APPLY, { importId: checked.body.data.importId }, { cookie: admin.cookie }))).toEqual({ status: 410, code: 'importNotFound' });
  });

  it('lists every problem of a file per row and column, annotates the file, and writes nothing', async () => {
    const { code, admin } = await school();
    const rows: Cells[] = [
      person(1),
      ['not an email', '', '', 'Staff', ''],
      [`teacher1@school-a.edu.hk`, 'x', 'y', 'Student', ''],
      ['someone@mailinator.com', '陳'.repeat(101), 'E'.repeat(101), 'Teacher', 'r'.repeat(101)],
      [{ formula: '1+1', result: '2' }, '', '', 'Staff', ''],
      ['', 'name only', '', '', ''],
      [`${'a'.repeat(250)}@school-a.edu.hk`, '陳'.repeat(100), '', 'Student', ''],
    ];
    const response = await check(admin.cookie, await workbook(rows));
    expect(response.status).toBe(200);
    const data = response.body.data;
    expect(data.status).toBe('invalid');
    expect(data.issues).toEqual([
      { row: 3, column: 'emailAddress', rule: 'format' },
      { row: 4, column: 'emailAddress', rule: 'duplicated' },
      { row: 5, column: 'teacherType', rule: 'format' },
      { row: 5, column: 'chFullName', rule: 'maxLength' },
      { row: 5, column: 'enFullName', rule: 'maxLength' },
      { row: 5, column: 'remark', rule: 'maxLength' },
      { row: 5, column: 'emailAddress', rule: 'improper' },
      { row: 6, column: 'emailAddress', rule: 'formula' },
      { row: 7, column: 'emailAddress', rule: 'required' },
      { row: 8, column: 'emailAddress', rule: 'maxLength' },
    ]);
    const annotated = new ExcelJS.Workbook();
    await annotated.xlsx.load(Buffer.from(data.annotated, 'base64') as unknown as ArrayBuffer);
    const sheet = annotated.worksheets[0]!;
    expect(String(sheet.getRow(3).getCell(6).value)).toContain('Email address format is wrong');
    expect(String(sheet.getRow(5).getCell(6).value)).toContain('Max length of Chinese name is exceeded');
    expect(await written(code)).toEqual({ records: 0, imports: 0 });
    // In the page's language.
    const zh = await check(admin.cookie, await workbook(rows), 'zh_hant');
    const zhSheet = new ExcelJS.Workbook();
    await zhSheet.xlsx.load(Buffer.from(zh.body.data.annotated, 'base64') as unknown as ArrayBuffer);
    expect(String(zhSheet.worksheets[0]!.getRow(3).getCell(6).value)).toMatch(/電郵地址/);
  });

  it('refuses files before parsing them, writing nothing: too large, renamed binary, zip bomb, not a workbook, too many records, empty', async () => {
    const { code, admin } = await school();
    const big = new Uint8Array(ORG_IMPORT_MAX_BYTES + 1);
    big.set([0x50, 0x4b, 0x03, 0x04]);
    expect(refusal(await check(admin.cookie, big))).toEqual({ status: 413, code: 'importFileTooLarge' });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(refusal(await check(admin.cookie, png))).toEqual({ status: 400, code: 'importFileInvalid' });
    // 40 MiB of zeros in a few dozen KiB: its central directory says so.
    const bomb = zipSync({ '[Content_Types].xml': new Uint8Array(10), 'xl/workbook.xml': new Uint8Array(40 * 1024 * 1024) }, { level: 1 });
    expect(bomb.byteLength).toBeLessThan(ORG_IMPORT_MAX_BYTES);
    expect(refusal(await check(admin.cookie, bomb))).toEqual({ status: 413, code: 'importFileInflatesTooMuch' });
    // The same bomb with its declared sizes rewritten to lie: counted while inflating.
    const lying = Uint8Array.from(bomb);
    const view = new DataView(lying.buffer);
    for (let i = 0; i < lying.length - 46; i++) {
      if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, 1000, true);
      if (view.getUint32(i, true) === 0x04034b50) view.setUint32(i + 22, 1000, true);
    }
    expect(refusal(await check(admin.cookie, lying))).toMatchObject({ status: expect.any(Number), code: expect.stringMatching(/^importFile(InflatesTooMuch|Invalid)$/) });
    const docx = zipSync({ '[Content_Types].xml': new TextEncoder().encode('<Types/>'), 'word/document.xml': new TextEncoder().encode('<w/>') });
    expect(refusal(await check(admin.cookie, docx))).toEqual({ status: 400, code: 'importFileInvalid' });
    const tooMany = await workbook(Array.from({ length: 1001 }, (_, i) => person(i)));
    expect(refusal(await check(admin.cookie, tooMany))).toEqual({ status: 400, code: 'importTooManyRecords' });
    expect(refusal(await check(admin.cookie, await workbook([])))).toEqual({ status: 400, code: 'importFileEmpty' });
    // Larger than the import's own body limit, before JSON is read.
    const huge = await server.request('POST', CHECK, { cookie: admin.cookie, headers: { 'content-type': 'application/json' }, raw: `{"x":"${'a'.repeat(1_100_000)}"}` });
    expect(refusal(huge)).toEqual({ status: 413, code: 'importFileTooLarge' });
    expect(await written(code)).toEqual({ records: 0, imports: 0 });
  });

  it('accepts 1,000 records', async () => {
    const { admin } = await school();
    // How fast is for `npm run bench` to say (scripts/bench-org-accounts.ts), not for a test.
    expect(await importRows(admin.cookie, Array.from({ length: 1000 }, (_, i) => person(i)))).toEqual({ total: 1000, created: 1000, updated: 0 });
  });

  it('refuses every change from an account that may only read, and everything from others, whatever the page shows', async () => {
    const { code, admin, reader } = await school();
    await importRows(admin.cookie, [person(1)]);
    const [record] = (await list(admin.cookie)).records;
    const before = await written(code);
    const file = await workbook([person(2)]);
    const settings = { schoolEmail: '', emailDomains: '', allowQrLogin: true };
    for (const response of [
      await server.post(UPDATE, { ...record, remark: 'changed' }, { cookie: reader.cookie }),
      await server.post(REMOVE, { id: record.id }, { cookie: reader.cookie }),
      await check(reader.cookie, file),
      await server.post(APPLY, { importId: 'x' }, { cookie: reader.cookie }),
      await server.post(SETTINGS, settings, { cookie: reader.cookie }),
    ]) {
      expect(refusal(response)).toEqual({ status: 403, code: 'orgAccountReadOnly' });
    }
    expect(await written(code)).toEqual(before);
    expect((await list(admin.cookie)).records[0].remark).toBe('remark 1');
    const outsider = await createAccount(server, { category: 'PUBLIC' });
    const cookie = await signIn(server, outsider.loginId);
    for (const response of [await server.get(LIST, { cookie }), await server.get(SETTINGS, { cookie }), await server.get(EXPORT, { cookie }), await server.get(TEMPLATE, { cookie })]) {
      expect(refusal(response)).toEqual({ status: 403, code: 'orgAccountNoAccess' });
    }
    expect(refusal(await server.get(LIST))).toEqual({ status: 401, code: 'unauthorized' });
    // Another school's administrator cannot reach this school's records.
    const other = await school();
    expect(refusal(await server.post(REMOVE, { id: record.id }, { cookie: other.admin.cookie }))).toEqual({ status: 404, code: 'orgAccountNotFound' });
  });

  it('edits a record, answering every problem at once, and records who and when', async () => {
    const { admin } = await school();
    await importRows(admin.cookie, [person(1), person(2)]);
    const records = (await list(admin.cookie)).records;
    const one = records.find((r: { emailAddress: string }) => r.emailAddress === 'teacher1@school-a.edu.hk');
    const bad = await server.post(UPDATE, { ...one, emailAddress: 'teacher2@school-a.edu.hk', chFullName: '陳'.repeat(101), remark: 'r'.repeat(101) }, { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([
      { field: 'chFullName', rule: 'maxLength' },
      { field: 'remark', rule: 'maxLength' },
      { field: 'emailAddress', rule: 'duplicated' },
    ]);
    const improper = await server.post(UPDATE, { ...one, emailAddress: 'me@mailinator.com' }, { cookie: admin.cookie });
    expect(improper.body.error.fields).toEqual([{ field: 'emailAddress', rule: 'improper' }]);
    const format = await server.post(UPDATE, { ...one, emailAddress: 'nope' }, { cookie: admin.cookie });
    expect(format.body.error.fields).toEqual([{ field: 'emailAddress', rule: 'format' }]);
    server.clock.advance(60_000);
    const editor = await createAccount(server, { category: 'SCHOOL_ADMINISTRATOR', schoolCode: (await server.db.selectFrom('users').select('school_code').where('id', '=', admin.id).executeTakeFirstOrThrow()).school_code });
    const editorCookie = await signIn(server, editor.loginId);
    const saved = await server.post(UPDATE, { ...one, emailAddress: ' New.Address@School-A.edu.hk ', teacherType: 'PRE_SERVICE' }, { cookie: editorCookie });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data.record).toMatchObject({ emailAddress: 'new.address@school-a.edu.hk', teacherType: 'PRE_SERVICE', updatedBy: editor.loginId, updatedAt: server.clock.now().toISOString() });
    expect(refusal(await server.post(UPDATE, { ...one, id: 'missing' }, { cookie: admin.cookie }))).toEqual({ status: 404, code: 'orgAccountNotFound' });
    expect((await server.post(REMOVE, { id: one.id }, { cookie: admin.cookie })).status).toBe(200);
    expect(refusal(await server.post(REMOVE, { id: one.id }, { cookie: admin.cookie }))).toEqual({ status: 404, code: 'orgAccountNotFound' });
    expect((await list(admin.cookie)).total).toBe(1);
  });

  it('searches by name or email, filters by group, pages and sorts by last update', async () => {
    const { admin } = await school();
    await importRows(admin.cookie, Array.from({ length: 25 }, (_, i) => person(i)));
    server.clock.advance(1000);
    await importRows(admin.cookie, [['wong.student@school-a.edu.hk', '黃小玲', 'WONG Siu Ling', 'Student', '100%_match']]);
    expect((await list(admin.cookie, '?q=WONG')).records.map((r: { emailAddress: string }) => r.emailAddress)).toEqual(['wong.student@school-a.edu.hk']);
    expect((await list(admin.cookie, '?q=黃小')).total).toBe(1);
    expect((await list(admin.cookie, '?q=teacher1')).total).toBe(11);
    expect((await list(admin.cookie, '?q=%25')).total).toBe(0);
    expect((await list(admin.cookie, '?group=PRE_SERVICE')).total).toBe(1);
    expect((await list(admin.cookie, '?group=UNIVERSITY_TEACHER')).total).toBe(25);
    const second = await list(admin.cookie, '?page=2');
    expect(second).toMatchObject({ page: 2, total: 26 });
    expect(second.records).toHaveLength(6);
    expect((await list(admin.cookie)).records[0].emailAddress).toBe('wong.student@school-a.edu.hk');
    expect((await list(admin.cookie, '?sort=updatedAsc')).records[0].emailAddress).not.toBe('wong.student@school-a.edu.hk');
    expect((await list(admin.cookie, '?page=99')).page).toBe(2);
    expect(refusal(await server.get(`${LIST}?group=NOPE`, { cookie: admin.cookie }))).toEqual({ status: 400, code: 'invalidPayload' });
  });

  it('exports the list as .xlsx with formula-like text kept as text, and the export re-imports unchanged', async () => {
    const { admin, reader } = await school();
    await importRows(admin.cookie, [
      ['a@school-a.edu.hk', '=1+1', '+CMD', 'Student', '@SUM(A1)'],
      ['b@school-a.edu.hk', '-2', 'B', 'Staff', ''],
    ]);
    const before = (await list(admin.cookie)).records;
    const response = await server.get(`${EXPORT}?lang=en`, { cookie: reader.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    const raw = await server.app.request(EXPORT, { headers: { cookie: reader.cookie } });
    const file = new Uint8Array(await raw.arrayBuffer());
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    const cells = rows.flatMap((row) => row.slice(1, 6));
    expect(cells).toContain('=1+1');
    expect(cells.every((cell) => typeof cell !== 'object' || cell === null)).toBe(true);
    // "Last updated" is Hong Kong time, as the page shows it, and its header says so (issue 26).
    const english = new ExcelJS.Workbook();
    await english.xlsx.load((await (await server.app.request(`${EXPORT}?lang=en`, { headers: { cookie: reader.cookie } })).arrayBuffer()) as ArrayBuffer);
    const sheet = english.worksheets[0]!;
    expect(sheet.getRow(1).getCell(6).value).toBe('Last updated (Hong Kong time)');
    const hongKong = new Date(Date.parse(before[0]!.updatedAt) + 8 * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    expect(sheet.getRow(2).getCell(6).value).toBe(hongKong);
    const again = await check(admin.cookie, file);
    expect(again.body.data).toMatchObject({ status: 'ready', created: 0, updated: 0 });
    await server.post(APPLY, { importId: again.body.data.importId }, { cookie: admin.cookie });
    const after = (await list(admin.cookie)).records;
    const fields = (r: Record<string, string>) => ({ emailAddress: r.emailAddress, chFullName: r.chFullName, enFullName: r.enFullName, remark: r.remark, teacherType: r.teacherType });
    expect(after.map(fields)).toEqual(expect.arrayContaining(before.map(fields)));
    expect(after).toHaveLength(before.length);
    const template = await server.app.request(`${TEMPLATE}?lang=zh_hant`, { headers: { cookie: admin.cookie } });
    const templateBook = new ExcelJS.Workbook();
    await templateBook.xlsx.load((await template.arrayBuffer()) as ArrayBuffer);
    expect(templateBook.worksheets[0]!.getRow(1).getCell(1).value).toBe('電郵地址');
    // Header only (its example rows were imported as real teachers), with a sheet of instructions.
    expect(templateBook.worksheets[0]!.actualRowCount).toBe(1);
    expect(templateBook.worksheets[1]!.name).toBe('說明');
    expect(String(templateBook.worksheets[1]!.getRow(4).getCell(1).value)).toContain('「教職員」或「學生」');
    const checkedTemplate = await check(admin.cookie, new Uint8Array(await (await server.app.request(TEMPLATE, { headers: { cookie: admin.cookie } })).arrayBuffer()));
    // Sent back unfilled, it holds no teacher: refused as empty, nothing to import.
    expect(refusal(checkedTemplate).code).toBe('importFileEmpty');
  });

  it('saves the school settings, and the students’ login QR code permission follows the QR login choice', async () => {
    const { admin, reader, user } = await school();
    const student = await user('STUDENT');
    const me = async () => (await server.get('/api/users/me', { cookie: student.cookie })).body.data.permissions as string[];
    expect(await me()).not.toContain('loginQrCode');
    const saved = await server.post(SETTINGS, { schoolEmail: 'Office@School-A.edu.hk', emailDomains: 'school-a.edu.hk staff.school-a.edu.hk, school-a.edu.hk', allowQrLogin: true }, { cookie: admin.cookie });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ schoolEmail: 'office@school-a.edu.hk', emailDomains: ['school-a.edu.hk', 'staff.school-a.edu.hk'], allowQrLogin: true, canWrite: true });
    expect(await me()).toContain('loginQrCode');
    expect((await server.get(SETTINGS, { cookie: reader.cookie })).body.data).toMatchObject({ allowQrLogin: true, canWrite: false });
    const bad = await server.post(SETTINGS, { schoolEmail: 'nope', emailDomains: 'not a domain', allowQrLogin: false }, { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual([
      { field: 'schoolEmail', rule: 'format' },
      { field: 'emailDomains', rule: 'format' },
    ]);
    await server.post(SETTINGS, { schoolEmail: '', emailDomains: '', allowQrLogin: false }, { cookie: admin.cookie });
    expect(await me()).not.toContain('loginQrCode');
  });
});
