import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { IntlMessageFormat } from 'intl-messageformat';
import { expect, login, message, signInWithSecondFactor, test, type Mailbox } from '../support/e2e.ts';

/*
 * The school email list and the school settings as their administrator, against the real server
 * (issue 12). demo_orgadmin1 administers DEMO02, a school of its own (seeded with its two-factor
 * email set), so its imports and settings change nothing the other journeys read in DEMO01, and
 * demo_schooladmin1 keeps its first two-factor setup to the two-factor journey. The journeys share
 * DEMO02's list, so they run in order: import 1,000, a file with errors, export and re-import.
 * What org-account.spec.ts covers (the read-only list, the API's refusals to edit) is not repeated.
 */
test.describe.configure({ mode: 'serial' });

const lang = 'en';
/** A message as the page shows it, ICU plurals and numbers formatted (`message` leaves plurals as they are). */
const t = (id: string, values: Record<string, string | number> = {}) => String(new IntlMessageFormat(message(lang, id), lang).format(values));
const ADMIN = { loginId: 'demo_orgadmin1', mfaEmail: 'orgadmin1.mfa@demo.test' };
const DOMAIN = 'demo-secondary.edu.hk';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = ['emailAddress', 'chFullName', 'enFullName', 'teacherType', 'remark'].map((column) => t(`orgAccount.column.${column}`));

const signInAdmin = (page: Page, browser: Browser, mailbox: Mailbox, to: string) => signInWithSecondFactor(page, browser, mailbox, ADMIN, to);

/** An .xlsx in the template's columns, made the way a school would (header, then one record a row). */
async function workbook(rows: readonly (readonly string[])[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Email list');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const teacherRow = (n: number): string[] => {
  const id = String(n).padStart(4, '0');
  return [`teacher${id}@${DOMAIN}`, `教師${id}`, `Teacher ${id}`, n % 4 === 0 ? 'Student' : 'Staff', n % 10 === 0 ? `Form ${n % 6} class teacher` : ''];
};

async function checkFile(page: Page, name: string, buffer: Buffer): Promise<void> {
  await page.getByLabel(t('orgAccount.import.file')).setInputFiles({ name, mimeType: XLSX, buffer });
  await page.getByRole('button', { name: t('orgAccount.import.check') }).click();
}

const summary = (page: Page) => page.locator('#org-list-summary');

test('an administrator imports 1,000 records and sees them listed', async ({ page, browser, mailbox, axe }) => {
  test.setTimeout(180_000);
  await signInAdmin(page, browser, mailbox, `/${lang}/org_account`);
  await expect(page.getByRole('heading', { level: 1, name: t('orgAccount.title') })).toBeVisible();
  await expect(summary(page)).toHaveText(t('orgAccount.summary', { total: 0, page: 1, pages: 1 }));

  await checkFile(page, 'teachers.xlsx', await workbook(Array.from({ length: 1000 }, (_, i) => teacherRow(i + 1))));
  await expect(page.getByText(t('orgAccount.import.ready', { total: 1000, created: 1000, updated: 0 }))).toBeVisible({ timeout: 60_000 });
  await axe();
  await page.getByRole('button', { name: t('orgAccount.import.confirm'), exact: true }).click();
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: t('orgAccount.import.done', { total: 1000, created: 1000, updated: 0 }) })).toBeVisible({
    timeout: 60_000,
  });
  // The list is read again: 1,000 records, 20 a page.
  await expect(summary(page)).toHaveText(t('orgAccount.summary', { total: 1000, page: 1, pages: 50 }));
  await page.getByLabel(t('orgAccount.search.label')).fill('teacher0420');
  await page.getByRole('button', { name: t('orgAccount.search.submit') }).click();
  await expect(summary(page)).toHaveText(t('orgAccount.summary', { total: 1, page: 1, pages: 1 }));
  const row = page.getByRole('row', { name: new RegExp(`teacher0420@${DOMAIN}`) });
  await expect(row).toContainText('教師0420');
  await expect(row).toContainText(t('orgAccount.group.PRE_SERVICE'));
  await expect(row).toContainText(ADMIN.loginId);
});

test('an administrator reads the problems of a file per row and column, and downloads it marked', async ({ page, browser, mailbox }) => {
  await signInAdmin(page, browser, mailbox, `/${lang}/org_account`);
  await expect(summary(page)).toHaveText(t('orgAccount.summary', { total: 1000, page: 1, pages: 50 }));
  await checkFile(
    page,
    'with-problems.xlsx',
    await workbook([
      [`new.teacher@${DOMAIN}`, '新老師', 'New Teacher', 'Staff', ''],
      ['not-an-email', '', 'No Address', 'Staff', ''],
      [`new.teacher@${DOMAIN}`, '', 'Twice', 'Staff', ''],
      [`long.name@${DOMAIN}`, '', 'x'.repeat(101), 'Staff', ''],
    ]),
  );
  const problems = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: t('orgAccount.import.errorsHeading', { count: 3, total: 4 }) }) });
  await expect(problems).toBeVisible({ timeout: 60_000 });
  const email = t('orgAccount.column.emailAddress');
  const english = t('orgAccount.column.enFullName');
  for (const [row, column, rule] of [
    [3, email, 'format'],
    [4, email, 'duplicated'],
    [5, english, 'maxLength'],
  ] as const) {
    await expect(problems.getByRole('row', { name: `${row} ${column} ${t(`orgAccount.import.rule.${rule}`, { column })}` })).toBeVisible();
  }

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t('orgAccount.import.download') }).click()]);
  expect(download.suggestedFilename()).toBe('with-problems-problems.xlsx');
  const marked = new ExcelJS.Workbook();
  await marked.xlsx.readFile(await download.path());
  const sheet = marked.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).filter((value) => typeof value === 'string');
  expect(header).toEqual([...HEADER, t('orgAccount.import.errorsColumn')]);
  const problemsOf = (row: number) => String(sheet.getRow(row).getCell(HEADER.length + 1).value ?? '');
  expect(problemsOf(2)).toBe('');
  expect(problemsOf(3)).toContain(t('orgAccount.import.rule.format', { column: email }));
  expect(problemsOf(5)).toContain(t('orgAccount.import.rule.maxLength', { column: english }));
  // Nothing was written.
  await expect(summary(page)).toHaveText(t('orgAccount.summary', { total: 1000, page: 1, pages: 50 }));
});

test('an administrator exports the list and imports the file back: nothing new, the list unchanged', async ({ page, browser, mailbox }) => {
  test.setTimeout(180_000);
  await signInAdmin(page, browser, mailbox, `/${lang}/org_account`);
  await expect(summary(page)).toHaveText(t('orgAccount.summary', { total: 1000, page: 1, pages: 50 }));
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: t('orgAccount.export') }).click()]);
  const exported = await readFile(await download.path());

  await checkFile(page, download.suggestedFilename(), exported);
  // Every record is known already and holds what the file holds: nothing new, nothing changed.
  await expect(page.getByText(t('orgAccount.import.ready', { total: 1000, created: 0, updated: 0 }))).toBeVisible({ timeout: 60_000 });
  // Import is offered but disabled, with the reason beside it (issue 26): there is nothing to apply.
  const importButton = page.getByRole('button', { name: t('orgAccount.import.confirm'), exact: true });
  await expect(importButton).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText(t('orgAccount.import.nothing'))).toBeVisible();
  await expect(summary(page)).toHaveText(t('orgAccount.summary', { total: 1000, page: 1, pages: 50 }));
  // The records hold what they held: names, group and remark came back as they went out.
  await page.getByLabel(t('orgAccount.search.label')).fill('teacher0420');
  await page.getByRole('button', { name: t('orgAccount.search.submit') }).click();
  const row = page.getByRole('row', { name: new RegExp(`teacher0420@${DOMAIN}`) });
  await expect(row).toContainText('教師0420');
  await expect(row).toContainText('Teacher 0420');
  await expect(row).toContainText(t('orgAccount.group.PRE_SERVICE'));
  await expect(row).toContainText('Form 0 class teacher');
});

test('an administrator changes the teacher email domains and QR-code login, and they are kept', async ({ page, browser, mailbox, axe }) => {
  await signInAdmin(page, browser, mailbox, `/${lang}/org_account`);
  await page.getByRole('link', { name: t('orgAccount.settings.link') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/org_account/settings$`));
  await expect(page.getByRole('heading', { level: 1, name: t('orgAccount.settings.heading') })).toBeVisible();
  await expect(page.getByText(DOMAIN, { exact: true })).toBeVisible();
  const qr = page.getByLabel(t('orgAccount.settings.qr'));
  await expect(qr).not.toBeChecked();
  await axe();

  // Saved as it is: nothing changed, no call.
  await page.getByRole('button', { name: t('orgAccount.settings.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('orgAccount.settings.unchanged') })).toBeVisible();

  // Every problem at once, linked to its field.
  await page.getByLabel(t('orgAccount.settings.schoolEmail')).fill('office@');
  await page.getByLabel(t('orgAccount.settings.newDomain')).fill('not a domain');
  await page.getByRole('button', { name: t('orgAccount.settings.save') }).click();
  await expect(page.getByRole('link', { name: t('field.schoolEmail.format') })).toBeVisible();
  await expect(page.getByRole('link', { name: t('field.newDomain.format') })).toBeVisible();

  // Another school's domain (DEMO01's) and a public mail service's (issue 21): each named, nothing saved.
  await page.getByLabel(t('orgAccount.settings.schoolEmail')).fill(`office@${DOMAIN}`);
  await page.getByLabel(t('orgAccount.settings.newDomain')).fill('gmail.com');
  await page.getByRole('button', { name: t('orgAccount.settings.domainAdd') }).click();
  await page.getByLabel(t('orgAccount.settings.newDomain')).fill('Demo-School.edu.hk');
  await page.getByRole('button', { name: t('orgAccount.settings.save') }).click();
  await expect(page.getByRole('link', { name: t('field.emailDomain.publicDomain', { domain: 'gmail.com' }) })).toBeVisible();
  await expect(page.getByRole('link', { name: t('field.emailDomain.domainTaken', { domain: 'demo-school.edu.hk' }) })).toBeVisible();
  await expect(page.getByRole('alert').getByText(t('error.teacherDomainPublic'))).toBeVisible();
  await axe();
  await page.getByRole('link', { name: t('field.emailDomain.domainTaken', { domain: 'demo-school.edu.hk' }) }).click();
  await expect(page.getByRole('button', { name: t('orgAccount.settings.domainRemove', { domain: 'demo-school.edu.hk' }) })).toBeFocused();
  await page.getByRole('button', { name: t('orgAccount.settings.domainRemove', { domain: 'demo-school.edu.hk' }) }).click();
  await page.getByRole('button', { name: t('orgAccount.settings.domainRemove', { domain: 'gmail.com' }) }).click();
  await expect(page.getByRole('alert').filter({ hasText: t('error.teacherDomainPublic') })).toHaveCount(0);
  const settings = await page.request.get('/api/org-accounts/settings');
  expect((await settings.json()).data).toMatchObject({ schoolEmail: '', emailDomains: [DOMAIN] });

  await page.getByLabel(t('orgAccount.settings.newDomain')).fill('Staff.Demo-Secondary.edu.hk');
  await page.getByRole('button', { name: t('orgAccount.settings.domainAdd') }).click();
  await expect(page.getByText('staff.demo-secondary.edu.hk', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: t('orgAccount.settings.domainRemove', { domain: DOMAIN }) }).click();
  await page.getByLabel(t('orgAccount.settings.newDomain')).fill('teachers.demo-secondary.edu.hk');
  await qr.check();
  await page.getByRole('button', { name: t('orgAccount.settings.save') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('orgAccount.settings.saved') })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: t('orgAccount.settings.heading') })).toBeVisible();
  await expect(page.getByLabel(t('orgAccount.settings.schoolEmail'))).toHaveValue(`office@${DOMAIN}`);
  await expect(page.getByText('staff.demo-secondary.edu.hk', { exact: true })).toBeVisible();
  await expect(page.getByText('teachers.demo-secondary.edu.hk', { exact: true })).toBeVisible();
  await expect(page.getByText(DOMAIN, { exact: true })).toHaveCount(0);
  await expect(page.getByLabel(t('orgAccount.settings.qr'))).toBeChecked();
});

test('a read-only account sees the school settings with no controls, and the API refuses its save', async ({ page, axe }) => {
  await login(page, 'demo_schoolreader1', { lang });
  await page.goto(`/${lang}/org_account`);
  await page.getByRole('link', { name: t('orgAccount.settings.link') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/org_account/settings$`));
  await expect(page.getByText(t('orgAccount.settings.readOnly'))).toBeVisible();
  await expect(page.getByText('demo-school.edu.hk', { exact: true })).toBeVisible();
  await expect(page.getByText(t('orgAccount.settings.qrYes'))).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('orgAccount.settings.save') })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t('orgAccount.settings.domainAdd') })).toHaveCount(0);
  await axe();

  const origin = new URL(page.url()).origin;
  const refused = await page.request.post('/api/org-accounts/settings', {
    headers: { origin, 'content-type': 'application/json' },
    data: { schoolEmail: '', emailDomains: 'demo-school.edu.hk', allowQrLogin: false },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error.code).toBe('orgAccountReadOnly');
  // Nothing changed.
  const settings = await page.request.get('/api/org-accounts/settings');
  expect((await settings.json()).data).toMatchObject({ allowQrLogin: true, canWrite: false });
});
