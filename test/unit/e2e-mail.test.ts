import { describe, expect, it } from 'vitest';
import { LOGIN_ID_MAX, LOGIN_ID_MIN, LOGIN_ID_PATTERN, parseWith, EmailSchema } from '../../contract/index.ts';
import { extractLinks, toMail, uniqueEmail, uniqueLoginId } from '../support/e2e-mail.ts';

describe('the end-to-end mailbox helpers', () => {
  const message = {
    to: 'new.student@e2e.test',
    subject: 'Activate your account',
    text: 'Open http://localhost:3000/en/user-activate?encryptCode=abc_123. Or reset: https://portal.example/zh_hant/reset-password?token=x#top, then go to http://localhost:3000/en/login',
    createdAt: '2026-01-15T12:00:00.000Z',
  };

  it('turns every link into a path on the test server, without trailing punctuation', () => {
    expect(extractLinks(message.text)).toEqual([
      '/en/user-activate?encryptCode=abc_123',
      '/zh_hant/reset-password?token=x#top',
      '/en/login',
    ]);
  });

  it('finds the first link whose path matches, and names the message when none does', () => {
    const mail = toMail(message);
    expect(mail.link(/user-activate/)).toBe('/en/user-activate?encryptCode=abc_123');
    expect(() => mail.link(/buyer-activate/)).toThrow(/Activate your account/);
  });

  it('makes login IDs and emails that the contract accepts and never repeats', () => {
    const ids = new Set(Array.from({ length: 50 }, () => uniqueLoginId()));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(id).toMatch(LOGIN_ID_PATTERN);
      expect(id.length).toBeGreaterThanOrEqual(LOGIN_ID_MIN);
      expect(id.length).toBeLessThanOrEqual(LOGIN_ID_MAX);
    }
    expect(uniqueLoginId('a_very_long_prefix_for_a_login').length).toBeLessThanOrEqual(LOGIN_ID_MAX);
    const email = uniqueEmail('reg');
    expect(parseWith(EmailSchema, email)).toEqual({ ok: true, value: email });
  });
});
