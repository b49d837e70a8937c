import { readFileSync } from 'node:fs';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { HTML_LANG, LANGUAGES, type Language } from '../../../contract/index.ts';
import { mailMessages } from '../../../server/mail/messages.ts';
import { renderEmail } from '../../../server/mail/templates.ts';
import { isServerOnlyMessage } from '../../../src/i18n/message-groups.ts';
import { EMAIL_NAMES, EMAIL_SAMPLES, type EmailSample } from '../../../stories/emails/email-samples.ts';
import { createAccount, databases, emailsTo, signIn, useTestServer, tokenFromEmail } from '../support.ts';

const ZONE: Record<Language, string> = { zh_hant: '（香港時間）', en: '(Hong Kong time)', zh_hans: '（香港时间）' };
const HELLO: Record<Language, RegExp> = { zh_hant: /你好：/, en: /^(Dear .+,|Hello,)$/m, zh_hans: /你好：/ };

function locale(lang: Language): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../../../locales/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;
}

/** `&` in an href attribute is written `&amp;`. */
const inHtml = (url: string) => url.replaceAll('&', '&amp;');

function argumentNames(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument || element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(element.value);
      for (const option of Object.values(element.options)) argumentNames(option.value, into);
    }
  }
  return into;
}

describe('the email messages', () => {
  const ids = Object.values(mailMessages).map((message) => message.id);

  it.each(LANGUAGES)('are all in locales/%s.json, valid ICU with the English arguments', (lang) => {
    const messages = locale(lang);
    const missing = ids.filter((id) => typeof messages[id] !== 'string' || messages[id].trim() === '');
    expect(missing).toEqual([]);
    for (const message of Object.values(mailMessages)) {
      const expected = [...argumentNames(parse(message.defaultMessage))].sort();
      expect([...argumentNames(parse(messages[message.id] ?? ''))].sort(), `${lang} ${message.id}`).toEqual(expected);
    }
    // No stray email message left behind in a locale file.
    expect(Object.keys(messages).filter((id) => isServerOnlyMessage(id) && !ids.includes(id))).toEqual([]);
  });

  it('are server-only: every id starts with the prefix the browser bundles leave out', () => {
    expect(ids.filter((id) => !isServerOnlyMessage(id))).toEqual([]);
  });
});

describe('every email in three languages', () => {
  const cases = EMAIL_NAMES.flatMap((name) => LANGUAGES.map((lang) => [name, lang] as const));

  it.each(cases)('%s in %s: HTML and text parts with its content, link or code, and the zone', async (name, lang) => {
    const sample: EmailSample = EMAIL_SAMPLES[name];
    const email = await sample.render(lang);
    // The HTML part: a whole document in the recipient's language, titled by the subject.
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain(`<html dir="ltr" lang="${HTML_LANG[lang]}">`);
    expect(email.html).toContain(`<title>${email.subject.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}</title>`);
    // The text part: greeting, the same subject as heading, nothing of the markup.
    expect(email.text).toMatch(HELLO[lang]);
    expect(email.text).toContain(email.subject);
    expect(email.text).not.toMatch(/<[a-z/]|&amp;|&quot;/);
    for (const part of [email.subject, email.text, email.html]) {
      // No ICU source, message id or missing value reaches the reader.
      expect(part).not.toMatch(/\{[a-zA-Z]|\bmail\.[a-zA-Z]|undefined|NaN|\[object/);
    }
    if (sample.link) {
      const link = sample.link(lang);
      expect(email.html).toContain(`href="${inHtml(link)}"`);
      // On a line of its own, so every mail client makes it clickable.
      expect(email.text.split('\n')).toContain(link);
    }
    if (sample.code) {
      expect(email.html).toContain(sample.code);
      expect(email.text).toContain(sample.code);
    }
    if (sample.tellsTime) {
      expect(email.html).toContain(ZONE[lang]);
      expect(email.text).toContain(ZONE[lang]);
    } else {
      expect(email.text).not.toContain(ZONE[lang]);
    }
    // The support address or the sign-off names whom it was sent to.
    expect(email.text).toMatch(/help@portal\.example\.hk|chan\.tai\.man@example\.com|ho\.teacher@school\.edu\.hk/);
  });

  it('differ by language: no email falls back to another language', async () => {
    for (const name of EMAIL_NAMES) {
      const subjects = await Promise.all(LANGUAGES.map(async (lang) => (await EMAIL_SAMPLES[name].render(lang)).subject));
      expect(new Set(subjects).size, name).toBe(LANGUAGES.length);
      // The English subject holds no Chinese of the platform's own words (names may be Chinese).
      expect(subjects[1], name).not.toMatch(/[你的教育平台帳账戶户密碼码電电郵邮]/);
    }
  });

  it('tell the time in Hong Kong, whatever the server’s zone', async () => {
    // 2026-11-26T15:05Z is 23:05 on the 26th in Hong Kong (UTC+8).
    expect((await EMAIL_SAMPLES.familyInvitation.render('en')).text).toContain('26 November 2026 at 11:05 pm (Hong Kong time)');
    expect((await EMAIL_SAMPLES.mfa.render('zh_hans')).text).toContain('2026年11月26日 23:05（香港时间）');
    expect((await EMAIL_SAMPLES['security.newBrowser'].render('zh_hant')).text).toContain('2026年11月26日 下午11:05（香港時間）');
  });

  it('count with ICU plurals: one hour, 24 hours, one minute', async () => {
    expect((await EMAIL_SAMPLES.passwordReset.render('en')).text).toContain('The link works once, within 1 hour.');
    expect((await EMAIL_SAMPLES.activation.render('en')).text).toContain('The link works once, within 24 hours.');
    expect((await EMAIL_SAMPLES.upgradeCode.render('en')).text).toContain('within 1 minute.');
    expect((await EMAIL_SAMPLES.otp.render('en')).text).toContain('within 10 minutes.');
    expect((await EMAIL_SAMPLES.passwordReset.render('zh_hant')).text).toContain('連結於 1 小時內有效');
  });

  it('use the activation page’s words: 啟動, not 啟用', async () => {
    for (const lang of LANGUAGES) {
      const page = locale(lang);
      const user = await EMAIL_SAMPLES.activation.render(lang);
      const buyer = await EMAIL_SAMPLES.buyerActivation.render(lang);
      // The button reads as the page's caption; the purchaser's subject is its page's caption.
      expect(user.html).toContain(`>${page['activation.caption.user']}<`);
      expect(buyer.subject).toBe(page['activation.caption.buyer']);
    }
    const zh = await EMAIL_SAMPLES.activation.render('zh_hant');
    expect(zh.subject).toBe('啟動你的教育平台帳戶');
    expect(`${zh.subject}${zh.text}`).not.toContain('啟用');
  });

  it('say what to do if a security change was not them, with both links', async () => {
    for (const name of EMAIL_NAMES.filter((n) => n.startsWith('security.'))) {
      const en = await EMAIL_SAMPLES[name].render('en');
      expect(en.text, name).toContain('If this was not you, reset your password at once:');
      expect(en.text.split('\n'), name).toContain('https://portal.example.hk/en/profile/security');
      expect(en.text.split('\n'), name).toContain('https://portal.example.hk/en/forget-password');
      const zh = await EMAIL_SAMPLES[name].render('zh_hant');
      expect(zh.text, name).toContain('如這不是你本人的操作');
    }
  });

  it('escape what users typed into the HTML part', async () => {
    const email = await renderEmail('activation', 'en', {
      to: 'x@example.test',
      displayName: '<img src=x onerror=alert(1)>',
      loginId: 'a&b',
      link: 'https://portal.example.hk/en/user-activate?code=a&x="y"',
      validHours: 2,
      supportEmail: 'help@portal.example.hk',
    });
    expect(email.html).not.toContain('<img src=x');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(email.text).toContain('Dear <img src=x onerror=alert(1)>,');
  });
});

describe.each(databases)('emails in the outbox on $name', ({ name }) => {
  const server = useTestServer(name);

  it('writes the HTML part beside the text part', async () => {
    await createAccount(server, { email: 'html.part@example.test', language: 'en' });
    const response = await server.post('/api/password/forgot', { by: 'email', email: 'html.part@example.test', lang: 'en' });
    expect(response.status).toBe(200);
    const [mail] = await emailsTo(server, 'html.part@example.test');
    expect(mail?.subject).toBe('Reset your education platform password');
    expect(mail?.text).toContain('within 1 hour.');
    expect(mail?.html).toMatch(/^<!DOCTYPE html/);
    const link = /^http:\/\/portal\.test\/en\/reset-password\?token=[A-Za-z0-9_-]{43}$/m.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(mail?.html).toContain(`href="${link}"`);
  });

  describe('the login email changed security notice', () => {
    async function changeLoginEmail(language: Language) {
      const account = await createAccount(server, { language });
      const cookie = await signIn(server, account.loginId);
      const next = `moved.${account.loginId}@example.test`;
      const asked = await server.post('/api/profile/email-change', { kind: 'login', email: next, lang: 'en' }, { cookie });
      expect(asked.status, asked.text).toBe(200);
      const token = tokenFromEmail((await emailsTo(server, next))[0]);
      const before = (await emailsTo(server, account.email ?? '')).length;
      const verified = await server.post('/api/email-verifications', { kind: 'login', token });
      expect(verified.status, verified.text).toBe(200);
      const notices = await emailsTo(server, account.email ?? '');
      expect(notices.length).toBe(before + 1);
      return { account, next, notice: notices[0] };
    }

    it('goes to the old address once the change completes, as the other security emails do', async () => {
      const { account, next, notice } = await changeLoginEmail('en');
      expect(notice?.subject).toBe('Your education platform login email was changed');
      expect(notice?.text).toContain(`login ID ${account.loginId} was changed to m***@example.test on `);
      expect(notice?.text).toContain('(Hong Kong time)');
      expect(notice?.text).not.toContain(next);
      expect(notice?.text).toContain('If this was not you, reset your password at once:');
      expect(notice?.text.split('\n')).toContain('http://portal.test/en/forget-password');
      expect(notice?.text.split('\n')).toContain('http://portal.test/en/profile/security');
      expect(notice?.html).toContain('href="http://portal.test/en/profile/security"');
      expect(notice?.html).toContain('lang="en"');
    });

    it('is in the account’s language, not the language the change was asked in', async () => {
      const { notice } = await changeLoginEmail('zh_hant');
      expect(notice?.subject).toBe('你的教育平台登入電郵已更改');
      expect(notice?.text).toContain('（香港時間）');
      expect(notice?.text).toContain('如這不是你本人的操作，請立即重設密碼：');
      expect(notice?.text.split('\n')).toContain('http://portal.test/zh_hant/forget-password');
      expect(notice?.html).toContain('lang="zh-Hant-HK"');
    });
  });
});
