import { expect, login, message, test } from '../support/e2e.ts';

/*
 * The school email list against the real server, as the seeded read-only account of the demo
 * school (demo_schoolreader1: org_account.read without org_account.write).
 */
const READER = 'demo_schoolreader1';

test('the read-only administrator reads the list with no way to change it, and the API refuses them', async ({ page, axe }) => {
  const lang = 'en';
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  await login(page, READER, { lang });
  await page.goto(`/${lang}/profile`);
  await page.getByRole('navigation', { name: t('profile.menu.label') }).getByRole('link', { name: t('profile.menu.orgAccount') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/org_account$`));
  await expect(page.getByRole('heading', { level: 1, name: t('orgAccount.title') })).toBeVisible();
  await expect(page.getByText(t('orgAccount.readOnly'))).toBeVisible();
  await expect(page.getByLabel(t('orgAccount.search.label'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('orgAccount.export') })).toBeVisible();
  // No way to change anything: no edit or delete buttons, no import.
  await expect(page.getByRole('button', { name: /^Edit |^Delete / })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: t('orgAccount.import.heading') })).toHaveCount(0);
  await expect(page.getByLabel(t('orgAccount.import.file'))).toHaveCount(0);
  await axe();

  // Whatever the page shows, the server refuses changes.
  const origin = new URL(page.url()).origin;
  const headers = { origin, 'content-type': 'application/json' };
  const update = await page.request.post('/api/org-accounts/update', {
    headers,
    data: { id: 'x', emailAddress: 'a@demo-school.edu.hk', chFullName: '', enFullName: '', remark: '', teacherType: 'UNIVERSITY_TEACHER' },
  });
  expect(update.status()).toBe(403);
  expect((await update.json()).error.code).toBe('orgAccountReadOnly');
  const settings = await page.request.post('/api/org-accounts/settings', { headers, data: { schoolEmail: '', emailDomains: '', allowQrLogin: false } });
  expect(settings.status()).toBe(403);
  // The export is theirs to read.
  const exported = await page.request.get('/api/org-accounts/export.xlsx?lang=en');
  expect(exported.status()).toBe(200);
  expect(exported.headers()['content-type']).toContain('spreadsheetml');
});
