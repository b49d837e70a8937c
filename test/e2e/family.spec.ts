import type { Browser, Locator, Page } from '@playwright/test';
import { HTML_LANG, type Language } from '../../contract/languages.ts';
import type { FamilyCreated, FamilyHold, FamilyRequests } from '../../contract/schemas/family.ts';
import { ROBOT_TOKEN, expect, expectNoAxeViolations, login, message, registerPerson, test, type Mailbox, type RegisteredPerson } from '../support/e2e.ts';

/**
 * Family journeys with two browsers side by side (each person their own context, so their own
 * session), against the real server. Each journey registers its own people through the API, so
 * journeys running in parallel never share a family (one family per account).
 */

type Person = RegisteredPerson;

function newPerson(browser: Browser, mailbox: Mailbox, lang: Language, prefix: string): Promise<Person> {
  return registerPerson(browser, mailbox, lang, prefix, async (context) => {
    // WhatsApp is not reachable from the test machine; the address the page opens is what counts.
    await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'WhatsApp' }));
  });
}

async function call<T>(person: Person, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const response = await person.request.fetch(`/api/family${path}`, { method, ...(data === undefined ? {} : { data }) });
  expect(response.status(), `${method} /api/family${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A family of `admin` with `member` accepted in it, made through the API. */
async function familyOfTwo(admin: Person, member: Person, names: { family: string; admin: string; member: string }) {
  const created = await call<FamilyCreated>(admin, 'POST', '', { familyName: names.family, nickname: names.admin, role: 'MOTHER', recaptcha: ROBOT_TOKEN });
  await call(member, 'POST', '/join', { adminEmail: admin.email, familyRef: created.familyRef, code: created.code, nickname: names.member, role: 'CHILD', recaptcha: ROBOT_TOKEN });
  const { requests } = await call<FamilyRequests>(admin, 'GET', '/request?lang=en');
  const request = requests.find((row) => row.nickname === names.member);
  expect(request, 'the join request').toBeDefined();
  await call(admin, 'POST', '/handle-request', { familyId: created.familyId, memberId: request?.memberId, actions: 'ACCEPT', lang: 'en' });
  return created;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The accessible name of a member's or request's button: its words plus the nickname that only
 * screen readers hear (`Remove <hidden>{nickname}</hidden>`).
 */
function rowButton(lang: Language, id: string, nickname: string): RegExp {
  const words = message(lang, id).replace(/<hidden>\{nickname\}<\/hidden>/, '').trim();
  return new RegExp(`^${escapeRegExp(words)}\\s*${escapeRegExp(nickname)}$`);
}

/** The value shown for a fact of the family (reference number, code…). */
function fact(page: Page, label: string): Locator {
  return page.locator('dl > div').filter({ has: page.locator('dt', { hasText: label }) }).locator('dd');
}

async function confirmDialog(page: Page, button: string | RegExp): Promise<void> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
}

/** The date and time the page shows for an ISO time: Hong Kong time, labelled, whatever the browser's zone (issue 13). */
async function shownTime(page: Page, lang: Language, iso: string): Promise<string> {
  const time = await page.evaluate(
    ([locale, value]) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }).format(new Date(value as string)),
    [HTML_LANG[lang], iso] as const,
  );
  return message(lang, 'app.hongKongTime', { time });
}

/** When a hold says to try again: its end rounded up to the minute, in Hong Kong time (src/i18n/hk-time.ts, hkRetry). */
async function retryTime(page: Page, lang: Language, iso: string): Promise<string> {
  const minute = 60_000;
  const time = await page.evaluate(
    ([locale, value]) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Hong_Kong' }).format(new Date(value as string)),
    [HTML_LANG[lang], new Date(Math.ceil(Date.parse(iso) / minute) * minute).toISOString()] as const,
  );
  return message(lang, 'app.retryAfter', { time });
}

test('create → invite by email → join from the emailed link → accept → grant admin → the first admin leaves (zh_hant)', async ({ browser, mailbox }) => {
  test.setTimeout(180_000);
  const lang = 'zh_hant';
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  const mama = await newPerson(browser, mailbox, lang, 'fmama');
  const ming = await newPerson(browser, mailbox, lang, 'fming');
  await mama.context.grantPermissions(['clipboard-read', 'clipboard-write']);

  // Mama creates the family.
  const a = mama.page;
  await a.goto(`/${lang}/profile/family`);
  await expect(a.getByRole('heading', { level: 2, name: t('family.home.createTitle') })).toBeVisible();
  await expectNoAxeViolations(a);
  await a.getByRole('button', { name: t('family.home.create') }).click();
  await expect(a.getByRole('heading', { level: 1, name: t('family.create.title') })).toBeFocused();
  await a.getByLabel(t('family.field.familyName')).fill('陳家');
  await a.getByLabel(t('family.field.nickname')).fill('媽媽');
  await a.getByLabel(t('family.role.MOTHER')).check();
  await a.locator('input[name="recaptcha"]').check();
  await expectNoAxeViolations(a);
  await a.getByRole('button', { name: t('family.create.continue') }).click();
  await expect(a.getByRole('dialog', { name: t('family.create.confirmTitle') })).toBeVisible();
  await expectNoAxeViolations(a);
  await confirmDialog(a, t('family.create.confirm'));

  await expect(a.getByRole('heading', { level: 1, name: '陳家' })).toBeFocused();
  await expect(a.getByText(t('family.details.onlyYou'))).toBeVisible();
  const familyRef = (await fact(a, t('family.details.familyRef')).textContent()) ?? '';
  const code = (await fact(a, t('family.details.code')).textContent()) ?? '';
  expect(familyRef).toMatch(/^[A-Z0-9]{1,10}$/);
  expect(code).toMatch(/^\d{6}$/);
  await expectNoAxeViolations(a);

  // The join link: copied to the clipboard, and shared on WhatsApp.
  const joinLink = `${new URL(a.url()).origin}/${lang}/profile/family?adminEmail=${encodeURIComponent(mama.email)}&familyRef=${familyRef}&code=${code}`;
  await a.getByRole('button', { name: t('family.details.copyLink') }).click();
  await confirmDialog(a, t('family.details.copyLink'));
  // Each confirmation is announced beside the action it confirms (issue 13).
  const inviteRegion = a.getByRole('region', { name: t('family.details.inviteTitle') });
  await expect(inviteRegion.getByRole('status').filter({ hasText: t('family.details.copied') })).toBeVisible();
  expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(joinLink);
  await a.getByRole('button', { name: t('family.details.shareWhatsApp') }).click();
  const popup = a.waitForEvent('popup');
  await confirmDialog(a, t('family.details.shareWhatsApp'));
  const whatsApp = new URL((await popup).url());
  expect(whatsApp.origin).toBe('https://wa.me');
  expect(whatsApp.searchParams.get('text')).toBe(t('family.whatsappText', { familyName: '陳家', link: joinLink }));
  await expect(a.getByText(t('family.details.shared'))).toBeVisible();

  // She invites Ming by email.
  const invitedAt = new Date();
  await a.getByLabel(t('family.field.inviteEmail')).fill(ming.email);
  await a.getByRole('button', { name: t('family.details.sendInvite') }).click();
  await confirmDialog(a, t('family.details.sendInvite'));
  const invited = inviteRegion.getByRole('status').filter({ hasText: t('family.details.invited', { email: ming.email }) });
  await expect(invited).toBeVisible();
  await expect(invited).toBeInViewport();
  await expect(a.getByRole('button', { name: t('family.details.sendInvite') })).toBeFocused();
  await expect(a.getByLabel(t('family.field.inviteEmail'))).toHaveValue('');

  // Ming opens the emailed link: the form is filled in; he adds his nickname and role.
  const b = ming.page;
  const invitation = await mailbox.latest(ming.email, { since: invitedAt });
  await b.goto(invitation.link(/\/profile\/family\?/));
  await expect(b.getByRole('heading', { level: 1, name: t('family.join.title') })).toBeFocused();
  await expect(b.getByLabel(t('family.field.adminEmail'))).toHaveValue(mama.email);
  await expect(b.getByLabel(t('family.field.familyRef'))).toHaveValue(familyRef);
  await expect(b.getByLabel(t('family.field.code'))).toHaveValue(code);
  await expect(b.getByText(t('family.join.fromLink'))).toBeVisible();
  await b.getByLabel(t('family.field.nickname')).fill('明仔');
  await b.getByLabel(t('family.role.CHILD')).check();
  await b.locator('input[name="recaptcha"]').check();
  await expectNoAxeViolations(b);
  await b.getByRole('button', { name: t('family.join.submit') }).click();
  await expect(b.getByRole('heading', { level: 1, name: t('family.pending.title') })).toBeVisible();
  await expect(b.getByText(t('family.pending.waiting', { familyName: '陳家' }))).toBeVisible();
  await expectNoAxeViolations(b);
  // The link is used: it leaves the address, and a reload shows the request, not "link not used" (issue 26, item 8).
  await expect(b).not.toHaveURL(/[?&]code=/);
  await b.reload();
  await expect(b.getByText(t('family.pending.waiting', { familyName: '陳家' }))).toBeVisible();
  await expect(b.getByText(t('family.pending.linkUnused', { familyName: '陳家' }))).toHaveCount(0);

  // Mama sees the request and accepts it.
  await a.getByRole('button', { name: t('family.details.refresh') }).click();
  const requests = a.getByRole('region', { name: t('family.details.requestsTitle') });
  await requests.getByRole('button', { name: rowButton(lang, 'family.details.accept', '明仔') }).click();
  await expect(a.getByRole('dialog', { name: t('family.confirm.acceptTitle', { nickname: '明仔' }) })).toBeVisible();
  await confirmDialog(a, rowButton(lang, 'family.details.accept', '明仔'));
  const members = a.getByRole('region', { name: t('family.details.membersTitle') });
  await expect(members.locator('strong', { hasText: '明仔' })).toBeVisible();
  await expect(requests.getByText(t('family.details.noRequests'))).toBeVisible();

  // Ming refreshes his request: he is in the family.
  await b.getByRole('button', { name: t('family.pending.refresh') }).click();
  await expect(b.getByRole('heading', { level: 1, name: '陳家' })).toBeVisible();
  await expect(fact(b, t('family.details.code'))).toHaveCount(0);
  await expectNoAxeViolations(b);
  // A reload after joining shows the family, with no word of an unused link.
  await b.reload();
  await expect(b.getByRole('heading', { level: 1, name: '陳家' })).toBeVisible();
  await expect(b.getByText(t('family.details.linkUnusedTitle'))).toHaveCount(0);

  // Mama makes Ming an admin, then leaves.
  await members.getByRole('button', { name: rowButton(lang, 'family.details.grantAdmin', '明仔') }).click();
  await confirmDialog(a, rowButton(lang, 'family.details.grantAdmin', '明仔'));
  await expect(members.getByRole('listitem').filter({ hasText: '明仔' }).getByText(t('family.details.adminTag'), { exact: true })).toBeVisible();
  await a.getByRole('button', { name: t('family.details.leave') }).click();
  await expect(a.getByRole('dialog', { name: t('family.confirm.leaveTitle', { familyName: '陳家' }) })).toBeVisible();
  await confirmDialog(a, t('family.details.leave'));
  await expect(a.getByRole('button', { name: t('family.home.create') })).toBeVisible();

  // Ming is the family's only member now, and its admin.
  await b.getByRole('button', { name: t('family.details.refresh') }).click();
  const left = b.getByRole('region', { name: t('family.details.membersTitle') }).getByRole('listitem');
  await expect(left).toHaveCount(1);
  await expect(left.getByText(t('family.details.adminTag'), { exact: true })).toBeVisible();
  await expect(fact(b, t('family.details.familyRef'))).toHaveText(familyRef);
  await expect(b.getByRole('button', { name: t('family.details.copyLink') })).toBeVisible();
});

test('six join requests with a wrong code: the sixth is held, and the page says until when (en)', async ({ browser, mailbox }) => {
  const lang = 'en';
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  const admin = await newPerson(browser, mailbox, lang, 'fadmin');
  const guesser = await newPerson(browser, mailbox, lang, 'fguess');
  const created = await call<FamilyCreated>(admin, 'POST', '', { familyName: 'The Kwoks', nickname: 'Dad', role: 'FATHER', recaptcha: ROBOT_TOKEN });
  const wrongCode = created.code === '000000' ? '111111' : '000000';

  // The profile menu's Family entry leads to the page.
  const page = guesser.page;
  await page.goto(`/${lang}/profile`);
  await page.getByRole('navigation', { name: t('profile.menu.label') }).getByRole('link', { name: t('profile.menu.family') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile/family$`));
  await page.getByRole('button', { name: t('family.home.join') }).click();
  await page.getByLabel(t('family.field.adminEmail')).fill(admin.email);
  await page.getByLabel(t('family.field.familyRef')).fill(created.familyRef);
  await page.getByLabel(t('family.field.code')).fill(wrongCode);
  await page.getByLabel(t('family.field.nickname')).fill('Cousin');
  await page.getByLabel(t('family.role.RELATIVE')).check();
  for (let attempt = 1; attempt <= 5; attempt++) {
    // Each robot-check token is spent by one request.
    await page.locator('input[name="recaptcha"]').check();
    await page.getByRole('button', { name: t('family.join.submit') }).click();
    const summary = page.getByRole('alert');
    await expect(summary.getByRole('link', { name: t('error.familyCodeMismatch') })).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(page.locator('input[name="recaptcha"]')).not.toBeChecked();
  }
  await expectNoAxeViolations(page);
  await page.locator('input[name="recaptcha"]').check();
  await page.getByRole('button', { name: t('family.join.submit') }).click();

  await expect(page.getByRole('heading', { level: 1, name: t('family.held.title') })).toBeFocused();
  const hold = await call<FamilyHold>(guesser, 'GET', '/hold');
  expect(hold.held).toBe(true);
  const until = await retryTime(page, 'en', hold.holdUntil ?? '');
  await expect(page.getByText(t('family.held.body', { retry: until }))).toBeVisible();
  await expectNoAxeViolations(page);

  // The family page says the same when opened again, and in the language the user switches to.
  await page.reload();
  await expect(page.getByText(t('family.held.body', { retry: until }))).toBeVisible();
  await expect(page.getByRole('button', { name: t('family.home.join') })).toHaveCount(0);
  await page.getByRole('link', { name: '繁體中文' }).click();
  const chineseUntil = await retryTime(page, 'zh_hant', hold.holdUntil ?? '');
  await expect(page.getByText(message('zh_hant', 'family.held.body', { retry: chineseUntil }))).toBeVisible();
});

test('an admin removes a member, who sees the kicked notice and acknowledges it (zh_hans)', async ({ browser, mailbox }) => {
  const lang = 'zh_hans';
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  const admin = await newPerson(browser, mailbox, lang, 'fkadm');
  const member = await newPerson(browser, mailbox, lang, 'fkmem');
  await familyOfTwo(admin, member, { family: '李家', admin: '妈妈', member: '阿强' });

  const b = member.page;
  await b.goto(`/${lang}/profile/family`);
  await expect(b.getByRole('heading', { level: 1, name: '李家' })).toBeVisible();

  const a = admin.page;
  await a.goto(`/${lang}/profile/family`);
  const members = a.getByRole('region', { name: t('family.details.membersTitle') });
  await members.getByRole('button', { name: rowButton(lang, 'family.details.kick', '阿强') }).click();
  await expect(a.getByRole('dialog', { name: t('family.confirm.kickTitle', { nickname: '阿强' }) })).toBeVisible();
  await expectNoAxeViolations(a);
  await confirmDialog(a, rowButton(lang, 'family.details.kick', '阿强'));
  await expect(members.getByText('阿强')).toHaveCount(0);

  // The member's page finds out at its next read.
  await b.getByRole('button', { name: t('family.details.refresh') }).click();
  const refused = b.getByRole('alertdialog');
  await expect(refused).toContainText(t('error.familyKicked'));
  await expectNoAxeViolations(b);
  await refused.getByRole('button', { name: t('family.ok') }).click();
  await expect(b.getByRole('heading', { level: 2, name: t('family.pending.kickedTitle') })).toBeVisible();
  await expect(b.getByText(t('family.pending.kicked', { familyName: '李家' }))).toBeVisible();
  await expectNoAxeViolations(b);
  await b.getByRole('button', { name: t('family.pending.acknowledge') }).click();
  await expect(b.getByRole('heading', { level: 1, name: t('family.join.title') })).toBeVisible();

  // Opening the page again starts from the home: the notice is gone.
  await b.goto(`/${lang}/profile/family`);
  await expect(b.getByRole('button', { name: t('family.home.create') })).toBeVisible();
});

test('an admin dismisses the family; a member sees the dismissed notice and leaves (en)', async ({ browser, mailbox }) => {
  const lang = 'en';
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  const admin = await newPerson(browser, mailbox, lang, 'fdadm');
  const member = await newPerson(browser, mailbox, lang, 'fdmem');
  await familyOfTwo(admin, member, { family: 'The Hos', admin: 'Mum', member: 'Kit' });

  const b = member.page;
  await b.goto(`/${lang}/profile/family`);
  await expect(b.getByRole('heading', { level: 1, name: 'The Hos' })).toBeVisible();

  const a = admin.page;
  await a.goto(`/${lang}/profile/family`);
  await a.getByRole('button', { name: t('family.details.dismiss') }).click();
  await expect(a.getByRole('dialog', { name: t('family.confirm.dismissTitle', { familyName: 'The Hos' }) })).toBeVisible();
  await confirmDialog(a, t('family.details.dismiss'));
  await expect(a.getByRole('button', { name: t('family.home.create') })).toBeVisible();
  const details = await admin.request.get('/api/family/family');
  expect(details.status()).not.toBe(200);

  // The member's next read shows the notice; leaving is the only way on.
  await b.getByRole('button', { name: t('family.details.refresh') }).click();
  await expect(b.getByRole('heading', { level: 1, name: t('family.details.dismissedTitle') })).toBeFocused();
  await expect(b.getByText(t('family.details.dismissedBody', { familyName: 'The Hos' }))).toBeVisible();
  await expectNoAxeViolations(b);
  await b.getByRole('button', { name: t('family.details.leave') }).click();
  await confirmDialog(b, t('family.details.leave'));
  await expect(b.getByRole('button', { name: t('family.home.create') })).toBeVisible();
  const own = await call<FamilyRequests>(member, 'GET', '/request?lang=en');
  expect(own.ownRequest).toBeNull();
});

test('Back on the family screens keeps what was typed; another family’s join link says it cannot be used; times in Hong Kong time (en)', async ({ browser, mailbox }) => {
  const lang = 'en';
  const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
  const admin = await newPerson(browser, mailbox, lang, 'fbadm');
  const other = await newPerson(browser, mailbox, lang, 'fboth');
  const page = other.page;
  // A browser in another zone: the page still says Hong Kong time, as the emails do (issue 13).
  const cdp = await other.context.newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId: 'America/New_York' });

  // Create form, typed name, Back: the family home; Forward: the form with the name still in it.
  await page.goto(`/${lang}/profile`);
  await page.goto(`/${lang}/profile/family`);
  await page.getByRole('button', { name: t('family.home.create') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('family.create.title') })).toBeVisible();
  await expect(page).toHaveURL(/screen=create/);
  await page.getByLabel(t('family.field.familyName')).fill('The Kwoks');
  await page.goBack();
  await expect(page.getByRole('button', { name: t('family.home.create') })).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/family$/);
  await page.goForward();
  await expect(page.getByLabel(t('family.field.familyName'))).toHaveValue('The Kwoks');
  // The form's own Back button takes its history entry back too: Back then leaves the family page.
  await page.getByRole('button', { name: t('family.back') }).click();
  await expect(page.getByRole('button', { name: t('family.home.create') })).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/family$/);
  await page.getByRole('button', { name: t('family.home.create') }).click();
  await expect(page.getByLabel(t('family.field.familyName'))).toHaveValue('The Kwoks');
  await page.getByLabel(t('family.field.nickname')).fill('Ah Kwok');
  await page.getByLabel(t('family.role.FATHER')).check();
  await page.locator('input[name="recaptcha"]').check();
  await page.getByRole('button', { name: t('family.create.continue') }).click();
  await confirmDialog(page, t('family.create.confirm'));
  await expect(page.getByRole('heading', { level: 1, name: 'The Kwoks' })).toBeVisible();

  // The code's expiry is shown in Hong Kong time, labelled, not in the browser's zone.
  const mine = await call<{ codeExpiresAt: string }>(other, 'GET', '/family?lang=en');
  await expect(fact(page, t('family.details.codeExpiresAt'))).toContainText(await shownTime(page, lang, mine.codeExpiresAt));

  // Saving the name it already has asks nothing and says so beside the form.
  await page.getByRole('button', { name: t('family.details.rename') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const settings = page.getByRole('region', { name: t('family.details.settingsTitle') });
  await expect(settings.getByRole('status')).toContainText(t('family.details.unchanged'));

  // Another family's join link, opened while in a family: the page says why it is not used.
  const theirs = await call<FamilyCreated>(admin, 'POST', '', { familyName: 'The Tams', nickname: 'Mum', role: 'MOTHER', recaptcha: ROBOT_TOKEN });
  await page.goto(`/${lang}/profile/family?adminEmail=${encodeURIComponent(admin.email)}&familyRef=${theirs.familyRef}&code=${theirs.code}`);
  await expect(page.getByRole('heading', { level: 1, name: 'The Kwoks' })).toBeVisible();
  await expect(page.getByText(t('family.details.linkOtherFamily', { familyName: 'The Kwoks' }))).toBeVisible();
  await expectNoAxeViolations(page);
});

// A school administrator gets the same answer; their two-factor login is the MFA journey's, so a teacher stands in here.
test('a teacher opening Family is told why it is not for their account, with no Try again (en)', async ({ page }) => {
  const lang = 'en';
  await login(page, 'demo_teacher1', { lang });
  await page.goto(`/${lang}/profile/family`);
  await expect(page.getByRole('heading', { level: 2, name: message(lang, 'family.home.notAllowedTitle') })).toBeVisible();
  await expect(page.getByText(message(lang, 'error.familyAccountType'))).toBeVisible();
  await expect(page.getByRole('button', { name: message(lang, 'family.retry') })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
