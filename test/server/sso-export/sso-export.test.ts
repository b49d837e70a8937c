import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENTRA_HEADERS, GOOGLE_HEADERS, csvCell, exportHead, namesOf, type ExportAccount } from '../../../server/domain/sso-export.ts';
import { createAccount, databases, signIn, useTestServer } from '../support.ts';

/**
 * The column headings Google Workspace's bulk user upload and Microsoft Entra ID's bulk create
 * publish (their downloadable templates), written out here so a change to the export's own
 * constants cannot pass unnoticed.
 */
const GOOGLE_PUBLISHED =
  'First Name [Required],Last Name [Required],Email Address [Required],Password [Required],Password Hash Function [UPLOAD ONLY],Org Unit Path [Required],New Primary Email [UPLOAD ONLY],Home Secondary Email,Work Secondary Email,Work Phone,Home Phone,Mobile Phone,Work Address,Home Address,Employee ID,Employee Type,Employee Title,Manager Email,Department,Cost Center,Building ID,Floor Name,Floor Section,Change Password at Next Sign-In';
const ENTRA_PUBLISHED = [
  'version:v1.0',
  'Name [displayName] Required,User name [userPrincipalName] Required,Initial password [passwordProfile] Required,Block sign in (Yes/No) [accountEnabled] Required,First name [givenName],Last name [surname],Job title [jobTitle],Department [department],Usage location [usageLocation],Street address [streetAddress],State or province [state],Country or region [country],Office [physicalDeliveryOfficeName],City [city],ZIP or postal code [postalCode],Office phone [telephoneNumber],Mobile phone [mobile]',
];

/** A small RFC 4180 reader: enough to read back what the export wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function byHeader(rows: string[][], headers: readonly string[]): Array<Record<string, string>> {
  return rows.map((row) => Object.fromEntries(headers.map((header, i) => [header, row[i] ?? ''])));
}

describe('the export file for Excel and the names from the profile (issue 26)', () => {
  const account = (names: Partial<ExportAccount>): ExportAccount => ({
    login_id: 's1234567',
    login_email: null,
    contact_email: null,
    category: 'STUDENT',
    display_name: 'Chan Tai Man',
    english_given_name: '',
    english_surname: '',
    chinese_given_name: '',
    chinese_surname: '',
    school_email: null,
    ...names,
  });

  it.each(['google', 'entra'] as const)('%s: starts with the UTF-8 byte order mark, so Excel reads Chinese names as UTF-8', (format) => {
    expect(exportHead(format).startsWith('\uFEFF')).toBe(true);
    expect(new TextEncoder().encode(exportHead(format)).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
  });

  it('takes given and family names from the profile fields, English first, then Chinese, never by splitting the display name', () => {
    expect(namesOf(account({ english_given_name: 'Tai Man', english_surname: 'Chan', chinese_given_name: '大文', chinese_surname: '陳' }))).toEqual({ given: 'Tai Man', family: 'Chan' });
    expect(namesOf(account({ chinese_given_name: '大文', chinese_surname: '陳', display_name: 'Big Man' }))).toEqual({ given: '大文', family: '陳' });
    // A display name is not cut at its last space: "Chan Tai Man" is no given name "Chan Tai".
    expect(namesOf(account({}))).toEqual({ given: 'Chan Tai Man', family: 'Chan Tai Man' });
    expect(namesOf(account({ english_surname: 'Chan' }))).toEqual({ given: 'Chan', family: 'Chan' });
  });
});

describe.each(databases)('single sign-on export on $name', ({ name }) => {
  const code = `S${randomBytes(3).toString('hex').toUpperCase()}`;
  const domain = `${code.toLowerCase()}.edu.hk`;
  let admin: { loginId: string; cookie: string };

  const server = useTestServer(name);
  beforeAll(async () => {
    await server.db.insertInto('schools').values({ code, name: 'Export School', allow_qr_login: false }).execute();
    await server.db.insertInto('school_email_domains').values({ school_code: code, domain }).execute();
    const account = await createAccount(server, { category: 'SCHOOL_ADMINISTRATOR', schoolCode: code, email: `admin.${code.toLowerCase()}@${domain}` });
    await server.db.updateTable('users').set({ mfa_email: `mfa.${account.loginId}@example.test` }).where('id', '=', account.id).execute();
    admin = { loginId: account.loginId, cookie: await signIn(server, account.loginId) };
  });

  async function exportOf(format: string, cookie = admin.cookie) {
    return server.get(`/api/org_account/sso-export?format=${format}`, { cookie });
  }

  it("writes Google Workspace's published headings and one row per active account of the school", async () => {
    const teacher = await createAccount(server, { category: 'SCHOOL_BASED_TEACHER', schoolCode: code, email: 'own.address@gmail.com' });
    await server.db.updateTable('users').set({ english_given_name: 'Ka Yan', english_surname: 'Lee' }).where('id', '=', teacher.id).execute();
    await server.db.insertInto('school_staff').values({ user_id: teacher.id, school_code: code, school_email: `kylee@${domain}`, ch_full_name: '', en_full_name: '', updated_at: server.clock.now() }).execute();
    const student = await createAccount(server, { category: 'STUDENT', schoolCode: code, email: null });
    const pending = await createAccount(server, { category: 'STUDENT', schoolCode: code, status: 'pending' });
    const elsewhere = await createAccount(server, { category: 'STUDENT' });

    const response = await exportOf('google');
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${code}-google-workspace.csv"`);
    expect(response.text.split('\r\n')[0]).toBe(GOOGLE_PUBLISHED);
    const [head, ...rows] = parseCsv(response.text);
    expect(head).toEqual([...GOOGLE_HEADERS]);
    const records = byHeader(rows, GOOGLE_HEADERS);
    const ids = records.map((record) => record['Employee ID']);
    expect(ids).toEqual(expect.arrayContaining([admin.loginId, teacher.loginId, student.loginId]));
    expect(ids).not.toContain(pending.loginId);
    expect(ids).not.toContain(elsewhere.loginId);
    expect(ids).toEqual([...ids].sort());

    const teacherRow = records.find((record) => record['Employee ID'] === teacher.loginId);
    expect(teacherRow).toMatchObject({
      'First Name [Required]': 'Ka Yan',
      'Last Name [Required]': 'Lee',
      'Email Address [Required]': `kylee@${domain}`,
      'Org Unit Path [Required]': `/${code}/Staff`,
      'Work Secondary Email': 'own.address@gmail.com',
      'Employee Type': 'Staff',
      Department: 'Staff',
      'Change Password at Next Sign-In': 'FALSE',
    });
    const studentRow = records.find((record) => record['Employee ID'] === student.loginId);
    expect(studentRow).toMatchObject({ 'Email Address [Required]': `${student.loginId}@${domain}`, 'Org Unit Path [Required]': `/${code}/Students`, Department: 'Students' });
    // Every required column is filled, and each row has its own strong password.
    for (const record of records) {
      for (const header of GOOGLE_HEADERS.filter((h) => h.endsWith('[Required]'))) expect(record[header], header).not.toBe('');
      expect(record['Password [Required]']).toMatch(/^[A-Za-z][A-Za-z0-9!#$%&*?]{15}$/);
    }
    expect(new Set(records.map((record) => record['Password [Required]'])).size).toBe(records.length);
  });

  it("writes Microsoft Entra ID's version line and published headings, sign-in names in the school's domain", async () => {
    const response = await exportOf('entra');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${code}-microsoft-entra.csv"`);
    const lines = response.text.split('\r\n');
    expect(lines.slice(0, 2)).toEqual(ENTRA_PUBLISHED);
    const [version, head, ...rows] = parseCsv(response.text);
    expect(version).toEqual(['version:v1.0']);
    expect(head).toEqual([...ENTRA_HEADERS]);
    const records = byHeader(rows, ENTRA_HEADERS);
    const adminRow = records.find((record) => record['User name [userPrincipalName] Required'] === `admin.${code.toLowerCase()}@${domain}`);
    expect(adminRow).toMatchObject({ 'Block sign in (Yes/No) [accountEnabled] Required': 'No', 'Job title [jobTitle]': 'School administrator', 'Department [department]': 'Staff', 'Usage location [usageLocation]': 'HK' });
    for (const record of records) {
      expect(record['User name [userPrincipalName] Required']).toMatch(new RegExp(`^[^@\\s]+@${domain.replace(/\./g, '\\.')}$`));
      expect(record['Name [displayName] Required']).not.toBe('');
    }
  });

  it('never writes a cell a spreadsheet would run as a formula', async () => {
    const evil = await createAccount(server, { category: 'STUDENT', schoolCode: code, email: null });
    await server.db
      .updateTable('users')
      .set({ display_name: '=HYPERLINK("http://evil.example","x")', english_given_name: '+1+1', english_surname: '@SUM(A1:A2)' })
      .where('id', '=', evil.id)
      .execute();
    for (const format of ['google', 'entra']) {
      const response = await exportOf(format);
      const cells = parseCsv(response.text).flat();
      for (const cell of cells) expect(cell, format).not.toMatch(/^[=+\-@\t\r]/);
      expect(cells).toContain("'+1+1");
      expect(cells).toContain("'@SUM(A1:A2)");
    }
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell(' lead')).toBe('" lead"');
  });

  it('streams a school of 5,000 accounts page by page, every one listed once', async () => {
    const big = `B${randomBytes(3).toString('hex').toUpperCase()}`;
    await server.db.insertInto('schools').values({ code: big, name: 'Big School', allow_qr_login: false }).execute();
    await server.db.insertInto('school_email_domains').values({ school_code: big, domain: `${big.toLowerCase()}.edu.hk` }).execute();
    const now = server.clock.now();
    for (let start = 0; start < 5000; start += 1000) {
      await server.db
        .insertInto('users')
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            id: randomUUID(),
            login_id: `${big.toLowerCase()}_${String(start + i).padStart(5, '0')}`,
            login_email: null,
            contact_email: null,
            category: 'STUDENT' as const,
            display_name: `Student ${start + i}`,
            school_code: big,
            password_hash: null,
            status: 'active' as const,
            language: 'en' as const,
            created_at: now,
            activated_at: now,
          })),
        )
        .execute();
    }
    const bigAdmin = await createAccount(server, { category: 'SCHOOL_ADMINISTRATOR', schoolCode: big });
    await server.db.updateTable('users').set({ mfa_email: `mfa.${bigAdmin.loginId}@example.test` }).where('id', '=', bigAdmin.id).execute();
    const cookie = await signIn(server, bigAdmin.loginId);
    const response = await exportOf('google', cookie);
    expect(response.status).toBe(200);
    const rows = parseCsv(response.text).slice(1);
    expect(rows).toHaveLength(5001);
    expect(new Set(rows.map((row) => row[14])).size).toBe(5001);
  }, 120_000);

  it('refuses accounts without the organisation account read permission, with nothing sent', async () => {
    for (const category of ['SCHOOL_BASED_TEACHER', 'STUDENT', 'PUBLIC'] as const) {
      const account = await createAccount(server, { category, schoolCode: category === 'PUBLIC' ? null : code });
      const cookie = await signIn(server, account.loginId);
      const response = await exportOf('google', cookie);
      expect(response.status, category).toBe(403);
      expect(response.body.error.code).toBe('forbidden');
    }
    const anonymous = await server.get('/api/org_account/sso-export?format=google');
    expect(anonymous.status).toBe(401);
  });

  it('refuses a school without a teacher email domain with ssoExportNoDomain', async () => {
    const bare = `N${randomBytes(3).toString('hex').toUpperCase()}`;
    await server.db.insertInto('schools').values({ code: bare, name: 'No Domain School', allow_qr_login: false }).execute();
    const account = await createAccount(server, { category: 'SCHOOL_ADMINISTRATOR', schoolCode: bare });
    await server.db.updateTable('users').set({ mfa_email: `mfa.${account.loginId}@example.test` }).where('id', '=', account.id).execute();
    const response = await exportOf('entra', await signIn(server, account.loginId));
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('ssoExportNoDomain');
  });

  it('answers a missing or unknown format with invalidPayload, never 5xx', async () => {
    for (const query of ['', '?format=', '?format=okta', '?format=google&format=entra']) {
      const response = await server.get(`/api/org_account/sso-export${query}`, { cookie: admin.cookie });
      expect(response.status, query).toBe(400);
      expect(response.body.error.code).toBe('invalidPayload');
    }
    // A control character is refused before the format is read (issue 13's hardening).
    const nul = await server.get('/api/org_account/sso-export?format=%00', { cookie: admin.cookie });
    expect(nul.status).toBe(400);
    expect(nul.body.error.code).toBe('controlCharacter');
  });
});
