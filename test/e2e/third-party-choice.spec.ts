import { expect, expectNoAxeViolations, login, message, test, uniqueLoginId } from '../support/e2e.ts';
import { clickGoogle, signInInPopup } from './google-popup.ts';

/**
 * The account a Google sign-in opens (issue 10): the seeded full member demo_fullmember1, with
 * demo_oldstudent2 associated (issue 11's seed), links a local-IdP identity and chooses that its
 * sign-in opens the old student account. At the end it unlinks the identity, which forgets the
 * choice, so the demo accounts are as seeded (association.spec.ts only reads this association).
 */
const lang = 'en';
const t = (id: string, values?: Record<string, string | number>) => message(lang, id, values);
const MEMBER = 'demo_fullmember1';
const STUDENT = 'demo_oldstudent2';

test('a full member chooses that Google opens an associated old student account, and Google then opens it', async ({ browser, page, axe }) => {
  const identity = uniqueLoginId('gchoice');
  await login(page, MEMBER);
  await page.goto(`/${lang}/profile/login-info`);
  await expect(page.getByRole('heading', { level: 1, name: t('thirdParty.infoTitle') })).toBeVisible();
  await signInInPopup(await clickGoogle(page, t('thirdParty.link')), identity);

  // Linked: the choice appears, on this account by default.
  const choice = page.getByRole('group', { name: t('thirdParty.opensLegend') });
  await expect(choice).toBeVisible();
  await expect(choice.getByRole('radio', { name: t('thirdParty.opensOwn', { loginId: MEMBER }) })).toBeChecked();
  await axe();
  const student = choice.getByRole('radio', { name: new RegExp(`\\(${STUDENT}\\)`) });
  await student.check();
  await expect(page.getByRole('status').filter({ hasText: t('thirdParty.opensSaved') })).toBeVisible();
  await expect(student).toBeChecked();
  await axe();
  // The choice is the server's: a reload shows it.
  await page.reload();
  await expect(page.getByRole('radio', { name: new RegExp(`\\(${STUDENT}\\)`) })).toBeChecked();

  // Sign out; Google opens the old student account (in a fresh browser, as the provider's own
  // session from the link would skip its sign-in form).
  await page.goto(`/${lang}/profile`);
  await page.getByRole('button', { name: t('app.signOut') }).click();
  await expect(page).toHaveURL(/\/login/);
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(`/${lang}/login`);
  await signInInPopup(await clickGoogle(elsewhere, t('thirdParty.signIn')), identity);
  await expect(elsewhere).toHaveURL(new RegExp(`/${lang}/profile$`));
  await expect(elsewhere.getByText(STUDENT, { exact: true })).toBeVisible();
  await expect(elsewhere.getByText(MEMBER, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(elsewhere);
  await other.close();

  // Leave the demo member as seeded: unlink the identity (the choice goes with it).
  await login(page, MEMBER);
  await page.goto(`/${lang}/profile/login-info`);
  await page.getByRole('button', { name: t('thirdParty.unlink', { provider: 'Google' }) }).click();
  await page.getByRole('dialog', { name: t('thirdParty.unlinkTitle') }).getByRole('button', { name: t('thirdParty.unlinkConfirm') }).click();
  await expect(page.getByText(t('thirdParty.notLinked'))).toBeVisible();
  await expect(page.getByRole('group', { name: t('thirdParty.opensLegend') })).toHaveCount(0);
});
