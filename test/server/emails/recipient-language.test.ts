import { describe, expect, it } from 'vitest';
import { HTML_LANG, type Language } from '../../../contract/index.ts';
import type { OutboxEntry } from '../../../server/mail/outbox.ts';
import { PUBLIC_URL, createAccount, databases, emailsTo, signIn, uniqueLoginId, useTestServer } from '../support.ts';
import { createFamily, person } from '../family/family-fixtures.ts';

/*
 * Issue 26, item 7: an email to an account is in that account's language (chosen at registration,
 * then the pages it last used); an email to an address with no account is in the sender's page
 * language; links open in the same language. Each email kind: the outbox row's language (its HTML
 * part's `lang`) and its links' language prefix.
 */

async function latest(server: Parameters<typeof emailsTo>[0], to: string): Promise<OutboxEntry> {
  const [mail] = await emailsTo(server, to.toLowerCase());
  if (!mail) throw new Error(`no email to ${to}`);
  return mail;
}

/** Written in `lang`, and every portal link in it opens in `lang`. */
function expectLanguage(mail: OutboxEntry, lang: Language): void {
  expect(mail.html ?? '').toContain(`lang="${HTML_LANG[lang]}"`);
  const links = [...mail.text.matchAll(new RegExp(`${PUBLIC_URL.replaceAll('.', '\\.')}/([a-z_]+)/`, 'g'))].map((match) => match[1]);
  for (const prefix of links) expect(prefix).toBe(lang);
}

describe.each(databases)('the recipient language of every email on $name', ({ name }) => {
  const server = useTestServer(name);

  it('activation: the language chosen at registration (the registration page), its link too', async () => {
    const loginId = uniqueLoginId('lang');
    const email = `${loginId}@example.test`;
    const registered = await server.post('/api/users/register', { loginId, email, displayName: 'Chan Tai Man', acceptTerms: true, recaptcha: 'token', lang: 'zh_hans' });
    expect(registered.status, registered.text).toBe(200);
    const mail = await latest(server, email);
    expectLanguage(mail, 'zh_hans');
    expect(mail.text).toContain(`${PUBLIC_URL}/zh_hans/user-activate?code=`);
  });

  it("password reset: the account's language and link, whatever the asking page's language", async () => {
    const account = await createAccount(server, { language: 'zh_hant' });
    const asked = await server.post('/api/password/forgot', { by: 'email', email: account.email, lang: 'en' });
    expect(asked.status, asked.text).toBe(200);
    const mail = await latest(server, account.email ?? '');
    expectLanguage(mail, 'zh_hant');
    expect(mail.text).toContain(`${PUBLIC_URL}/zh_hant/reset-password?token=`);
  });

  it("family invitation: the invited account's language; to an address with no account, the admin's page language", async () => {
    const admin = await person(server);
    const family = await createFamily(admin);
    const invited = await createAccount(server, { language: 'zh_hant' });
    const toAccount = await admin.post('/invite', { familyId: family.familyId, email: invited.email, lang: 'en' });
    expect(toAccount.status, toAccount.text).toBe(200);
    const mail = await latest(server, invited.email ?? '');
    expectLanguage(mail, 'zh_hant');
    expect(mail.text).toContain(`${PUBLIC_URL}/zh_hant/profile/family?join=1`);

    const stranger = `${uniqueLoginId('nobody')}@example.test`;
    expect((await admin.post('/invite', { familyId: family.familyId, email: stranger, lang: 'zh_hans' })).status).toBe(200);
    const toAddress = await latest(server, stranger);
    expectLanguage(toAddress, 'zh_hans');
    expect(toAddress.text).toContain(`${PUBLIC_URL}/zh_hans/profile/family?join=1`);
  });

  it("email change link: the account's language (the person making the change), its link too", async () => {
    const account = await createAccount(server, { language: 'zh_hans' });
    const cookie = await signIn(server, account.loginId);
    const next = `${uniqueLoginId('next')}@example.test`;
    const asked = await server.post('/api/profile/email-change', { kind: 'contact', email: next, lang: 'en' }, { cookie });
    expect(asked.status, asked.text).toBe(200);
    const mail = await latest(server, next);
    expectLanguage(mail, 'zh_hans');
    expect(mail.text).toContain(`${PUBLIC_URL}/zh_hans/`);
  });

  it("public newsletter sign-up: an account's address gets its language; another address the page's", async () => {
    const account = await createAccount(server, { language: 'zh_hant' });
    const email = account.email ?? '';
    expect((await server.post('/api/email-subscriptions', { email, confirmEmail: email, services: ['edPost'], recaptcha: 'token', lang: 'en' })).status).toBe(200);
    expectLanguage(await latest(server, email), 'zh_hant');
    const other = `${uniqueLoginId('news')}@example.test`;
    expect((await server.post('/api/email-subscriptions', { email: other, confirmEmail: other, services: ['edPost'], recaptcha: 'token', lang: 'en' })).status).toBe(200);
    expectLanguage(await latest(server, other), 'en');
  });

  it("one-time password: the account's language", async () => {
    const account = await createAccount(server, { language: 'zh_hans' });
    const sent = await server.post('/auth/otp/send', { loginId: account.loginId });
    expect(sent.status, sent.text).toBe(200);
    expectLanguage(await latest(server, account.email ?? ''), 'zh_hans');
  });

  it("the account's language follows the pages it uses: a signed-in request in another page language changes it, and its next emails follow", async () => {
    const account = await createAccount(server, { language: 'en' });
    const cookie = await signIn(server, account.loginId);
    // The browser's `lang` cookie (src/i18n/language.ts) names the page's language.
    const me = await server.get('/api/users/me', { cookie: `${cookie}; lang=zh_hant` });
    expect(me.status, me.text).toBe(200);
    const row = await server.db.selectFrom('users').select('language').where('id', '=', account.id).executeTakeFirstOrThrow();
    expect(row.language).toBe('zh_hant');
    // An unknown value changes nothing.
    await server.get('/api/users/me', { cookie: `${cookie}; lang=fr` });
    expect((await server.db.selectFrom('users').select('language').where('id', '=', account.id).executeTakeFirstOrThrow()).language).toBe('zh_hant');

    const asked = await server.post('/api/password/forgot', { by: 'loginId', loginId: account.loginId, lang: 'en' });
    expect(asked.status, asked.text).toBe(200);
    const mail = await latest(server, account.email ?? '');
    expectLanguage(mail, 'zh_hant');
    expect(mail.text).toContain(`${PUBLIC_URL}/zh_hant/reset-password?token=`);
  });
});
