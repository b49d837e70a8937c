import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { HTML_LANG, type Language } from '../../contract/languages.ts';
import type { BasicProfile, ProfileData } from '../../contract/schemas/profile.ts';
import { expect, expectNoAxeViolations, login, message, registerPerson, test, uniqueEmail, type RegisteredPerson } from '../support/e2e.ts';

/**
 * The profile pages against the real server. Journeys that change the basic profile register
 * their own person through the API (activation signs them in), so parallel journeys never share
 * a nickname or a subscription; the teacher, student and school staff journeys use the seeded
 * demo accounts, which are the only ones with a school.
 */

type Person = RegisteredPerson;

const newPerson = registerPerson;

/** Saves a nickname for a person through the API, as their own profile page would. */
async function saveNickname(person: Person, nickname: string): Promise<void> {
  const read = await person.context.request.get('/api/profile');
  expect(read.status(), await read.text()).toBe(200);
  const values: BasicProfile = { ...((await read.json()) as { data: ProfileData }).data.values, nickname };
  const saved = await person.context.request.put('/api/profile/basic', { data: values });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Hex digits only: random letters can spell a word the indecent-language check refuses. */
function uniqueNickname(prefix: string): string {
  return `${prefix} ${randomBytes(3).toString('hex')}`;
}

/** The basic profile's sections: their paths, headings, first field and save button. */
const SECTIONS = {
  personal: { path: 'profile', title: 'profileBasic.personalTitle', field: 'input[name="nickname"]', save: 'profileBasic.savePersonal' },
  address: { path: 'profile/address', title: 'profileBasic.addressTitle', field: 'select[name="region"]', save: 'profileBasic.saveAddress' },
  emails: { path: 'profile/emails', title: 'profileBasic.emailsTitle', field: 'input[type="email"]', save: null },
} as const;
type Section = keyof typeof SECTIONS;

async function openBasic(page: Page, lang: Language, section: Section = 'personal') {
  const { path, title, field } = SECTIONS[section];
  await page.goto(`/${lang}/${path}`);
  await expect(page.getByRole('heading', { level: 1, name: message(lang, title) })).toBeVisible();
  await expect(page.locator(field).first()).toBeVisible();
}

async function save(page: Page, lang: Language, section: Exclude<Section, 'emails'> = 'personal') {
  await page.getByRole('button', { name: message(lang, SECTIONS[section].save) }).click();
}

test.describe('basic profile', () => {
  test('a person edits and saves names, region and district, sees them after a reload, then reads the page in Simplified Chinese (en → zh_hans)', async ({ browser, mailbox }) => {
    const lang: Language = 'en';
    const person = await newPerson(browser, mailbox, lang, 'basic');
    const { page } = person;
    await openBasic(page, lang);
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[lang]);
    await expect(page.getByText(person.loginId, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel(message(lang, 'profileBasic.field.title'), { exact: true }).selectOption('ms');
    await page.getByLabel(message(lang, 'profileBasic.field.chineseSurname')).fill('陳');
    await page.getByLabel(message(lang, 'profileBasic.field.englishGivenName')).fill('Tai Man');
    await page.getByLabel(message(lang, 'profileBasic.field.yearOfBirth')).fill('1990');
    await save(page, lang);
    // The saved message is announced beside the section's save button.
    await expect(page.getByRole('status').filter({ hasText: message(lang, 'profileForm.saved') })).toBeVisible();

    // The address is its own section, with its own save.
    await page.getByRole('navigation', { name: message(lang, 'profile.menu.label') }).getByRole('link', { name: message(lang, 'profile.menu.address') }).click();
    await expect(page.getByRole('heading', { level: 1, name: message(lang, 'profileBasic.addressTitle') })).toBeVisible();
    // Districts are offered for Hong Kong only.
    await expect(page.locator('select[name="district"]')).toHaveCount(0);
    await page.getByLabel(message(lang, 'profileBasic.field.region')).selectOption('HONGKONG');
    await page.getByLabel(message(lang, 'profileBasic.field.district')).selectOption('SHA_TIN');
    await expect(page.locator('select[name="district"] option')).toHaveCount(19);
    await save(page, lang, 'address');
    await expect(page.getByRole('status').filter({ hasText: message(lang, 'profileForm.saved') })).toBeVisible();

    await page.reload();
    await expect(page.locator('select[name="district"]')).toHaveValue('SHA_TIN');
    await openBasic(page, lang);
    await expect(page.locator('input[name="englishGivenName"]')).toHaveValue('Tai Man');
    await expect(page.locator('input[name="chineseSurname"]')).toHaveValue('陳');
    await expect(page.locator('select[name="title"]')).toHaveValue('ms');
    await expect(page.locator('input[name="yearOfBirth"]')).toHaveValue('1990');

    const zh: Language = 'zh_hans';
    await openBasic(page, zh, 'address');
    await expect(page.locator('html')).toHaveAttribute('lang', HTML_LANG[zh]);
    await expect(page.locator('select[name="district"] option:checked')).toHaveText(message(zh, 'profileBasic.district.SHA_TIN'));
    await expectNoAxeViolations(page);
    await person.context.close();
  });

  test('an indecent nickname is refused at the field and in the summary, which takes focus; a suggested nickname replaces it (en)', async ({ browser, mailbox }) => {
    const lang: Language = 'en';
    const person = await newPerson(browser, mailbox, lang, 'indecent');
    const { page } = person;
    await openBasic(page, lang);
    await page.locator('input[name="nickname"]').fill('fuck off');
    await save(page, lang);
    const text = message(lang, 'field.any.indecent');
    const summary = page.getByRole('alert').filter({ hasText: text });
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(page.locator('#nickname-error')).toContainText(text);
    await expect(page.locator('input[name="nickname"]')).toHaveAttribute('aria-invalid', 'true');
    // The summary's link goes to the field.
    await summary.getByRole('link', { name: text }).click();
    await expect(page.locator('input[name="nickname"]')).toBeFocused();

    await page.getByRole('button', { name: message(lang, 'profileBasic.generate') }).click();
    await expect(page.locator('input[name="nickname"]')).not.toHaveValue('fuck off');
    await expect(page.locator('input[name="nickname"]')).not.toHaveValue('');
    await expect(page.locator('#nickname-error')).toHaveCount(0);
    const suggested = await page.locator('input[name="nickname"]').inputValue();
    await save(page, lang);
    await expect(page.getByRole('status').filter({ hasText: message(lang, 'profileForm.saved') })).toBeVisible();
    await page.reload();
    await expect(page.locator('input[name="nickname"]')).toHaveValue(suggested);
    await person.context.close();
  });

  test('a nickname another account uses is refused with its message (zh_hant)', async ({ browser, mailbox }) => {
    const lang: Language = 'zh_hant';
    const owner = await newPerson(browser, mailbox, lang, 'owner');
    const nickname = uniqueNickname('Taken');
    await saveNickname(owner, nickname);
    const person = await newPerson(browser, mailbox, lang, 'taker');
    const { page } = person;
    await openBasic(page, lang);
    // The same nickname in other letter cases is the same nickname.
    await page.locator('input[name="nickname"]').fill(nickname.toUpperCase());
    await save(page, lang);
    const text = message(lang, 'field.nickname.taken');
    await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
    await expect(page.locator('#nickname-error')).toContainText(text);
    await owner.context.close();
    await person.context.close();
  });

  test('the contact email changes from the profile page through its emailed link (zh_hant)', async ({ browser, mailbox }) => {
    const lang: Language = 'zh_hant';
    const person = await newPerson(browser, mailbox, lang, 'contact');
    const { page } = person;
    await openBasic(page, lang, 'emails');
    const contact = page.getByRole('region', { name: message(lang, 'profileBasic.contactEmail') });
    const newEmail = uniqueEmail('newcontact');
    const since = new Date();
    await contact.getByLabel(message(lang, 'emailChange.label.contact')).fill(newEmail);
    await contact.getByRole('button', { name: message(lang, 'emailChange.submit') }).click();
    await expect(contact.getByText(newEmail).first()).toBeVisible();
    const link = (await mailbox.latest(newEmail, { since })).link(/\/contact-emails\/verify\?token=/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: message(lang, 'emailVerification.verifiedTitle') })).toBeVisible();
    await openBasic(page, lang, 'emails');
    await expect(page.getByRole('region', { name: message(lang, 'profileBasic.contactEmail') }).getByText(newEmail).first()).toBeVisible();
    await person.context.close();
  });

  test('a newsletter change waits for its emailed link; following it subscribes (en)', async ({ browser, mailbox }) => {
    const lang: Language = 'en';
    const person = await newPerson(browser, mailbox, lang, 'news');
    const { page } = person;
    await openBasic(page, lang, 'address');
    const teacherInfo = page.getByLabel(message(lang, 'profileBasic.service.teacherInfo'));
    const wasChecked = await teacherInfo.isChecked();
    await teacherInfo.setChecked(!wasChecked);
    const since = new Date();
    await save(page, lang, 'address');
    const notice = page.getByRole('status').filter({ hasText: message(lang, 'profileForm.saved') });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(person.email);
    await expect(notice).toContainText(message(lang, 'profileBasic.service.teacherInfo'));
    // Not in force until the link is followed.
    await page.reload();
    await expect(page.getByLabel(message(lang, 'profileBasic.service.teacherInfo'))).toBeChecked({ checked: wasChecked });

    const link = (await mailbox.latest(person.email, { since })).link(/\/subscriptions\/verify\?token=/);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: message(lang, 'emailVerification.verifiedTitle') })).toBeVisible();
    await openBasic(page, lang, 'address');
    await expect(page.getByLabel(message(lang, 'profileBasic.service.teacherInfo'))).toBeChecked({ checked: !wasChecked });
    await person.context.close();
  });
});

test.describe('teacher, parent, student and school staff', () => {
  test('the demo teacher saves secondary physics in the teacher profile and sees it after a reload (en)', async ({ page }) => {
    const lang: Language = 'en';
    await login(page, 'demo_teacher1', { lang });
    await page.goto(`/${lang}/profile/teacher`);
    await expect(page.getByRole('heading', { level: 1, name: message(lang, 'profileTeacher.title') })).toBeVisible();
    await expect(page.getByText('demo-school.edu.hk', { exact: false }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    const secondary = page.getByLabel(message(lang, 'profileTeacher.level.secondary'), { exact: true });
    if (!(await secondary.isChecked())) await secondary.check();
    const subjects = page.getByRole('group', { name: message(lang, 'profileTeacher.subjectsOf', { level: message(lang, 'profileTeacher.level.secondary') }) });
    await subjects.getByLabel(message(lang, 'subject.PHYSICS'), { exact: true }).check();
    // A remark is required with Others.
    const others = page.getByRole('group', { name: message(lang, 'profileTeacher.field.duties') }).getByLabel(message(lang, 'profileTeacher.duty.OTHERS'), { exact: true });
    await others.check();
    await page.getByLabel(message(lang, 'profileTeacher.field.dutyRemark')).fill('');
    await page.getByRole('button', { name: message(lang, 'profileForm.save') }).click();
    const required = message(lang, 'field.dutyRemark.required');
    await expect(page.getByRole('alert').filter({ hasText: required })).toBeVisible();
    await others.uncheck();
    await page.getByRole('button', { name: message(lang, 'profileForm.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: message(lang, 'profileForm.saved') })).toBeVisible();

    await page.reload();
    await expect(
      page
        .getByRole('group', { name: message(lang, 'profileTeacher.subjectsOf', { level: message(lang, 'profileTeacher.level.secondary') }) })
        .getByLabel(message(lang, 'subject.PHYSICS'), { exact: true }),
    ).toBeChecked();

    // The subject labels are translated (zh_hant).
    await page.goto('/zh_hant/profile/teacher');
    await expect(page.getByLabel(message('zh_hant', 'subject.PHYSICS'), { exact: true }).first()).toBeVisible();
    expect(message('zh_hant', 'subject.PHYSICS')).toBe('物理');
  });

  test('a public account opening the teacher profile or school staff info gets the 403 page; its parent profile opens (en)', async ({ browser, mailbox }) => {
    const lang: Language = 'en';
    const person = await newPerson(browser, mailbox, lang, 'parent');
    const { page } = person;
    await page.goto(`/${lang}/profile/teacher`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/403$`));
    await expect(page.getByRole('heading', { level: 1, name: message(lang, 'forbidden.title') })).toBeVisible();
    await page.goto(`/${lang}/school-staff-info`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/403$`));

    await page.goto(`/${lang}/profile/parent`);
    await expect(page.getByRole('heading', { level: 1, name: message(lang, 'profileParent.title') })).toBeVisible();
    await page.getByLabel(message(lang, 'profileParent.interest.READING'), { exact: true }).check();
    await page.getByRole('button', { name: message(lang, 'profileForm.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: message(lang, 'profileForm.saved') })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(message(lang, 'profileParent.interest.READING'), { exact: true })).toBeChecked();
    await expectNoAxeViolations(page);
    await person.context.close();
  });

  test('the demo student sees the school read-only, with nothing to edit it (zh_hant)', async ({ page }) => {
    const lang: Language = 'zh_hant';
    await login(page, 'demo_student1', { lang });
    await page.goto(`/${lang}/profile`);
    await expect(page.getByRole('heading', { level: 1, name: message(lang, 'profileBasic.personalTitle') })).toBeVisible();
    await expect(page.getByText('DEMO01', { exact: false })).toBeVisible();
    await expect(page.getByText(message(lang, 'profileBasic.schoolReadOnly'))).toBeVisible();
    await expect(page.locator('input[name*="school" i], select[name*="school" i]')).toHaveCount(0);
    // The teacher profile is refused to a student.
    await page.goto(`/${lang}/profile/teacher`);
    await expect(page).toHaveURL(new RegExp(`/${lang}/403$`));
  });

  test('the demo school-based teacher sees the school email read-only on school staff info (zh_hans)', async ({ page }) => {
    const lang: Language = 'zh_hans';
    await login(page, 'demo_teacher1', { lang });
    await page.goto(`/${lang}/school-staff-info`);
    await expect(page.getByRole('heading', { level: 1, name: message(lang, 'schoolStaff.title') })).toBeVisible();
    await expect(page.getByText('kylee@demo-school.edu.hk')).toBeVisible();
    await expect(page.locator('input[name="chFullName"]')).not.toHaveValue('');
    await expectNoAxeViolations(page);
  });
});
