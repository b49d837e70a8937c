import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ActivateRequestSchema,
  ApiError,
  ChangePasswordRequestSchema,
  DEFAULT_LANGUAGE,
  ERROR_CODES,
  EmailSchema,
  ForgotPasswordRequestSchema,
  HTML_LANG,
  LANGUAGES,
  LoginRequestSchema,
  PASSWORD_MAX,
  RegistrationRequestSchema,
  TEXT_MAX,
  characterClasses,
  checkPasswordPolicy,
  errorCode,
  isApiError,
  isErrorCode,
  isLanguage,
  parseWith,
  toFieldIssues,
} from '../../contract/index.ts';

function registration(overrides: Record<string, unknown> = {}) {
  return {
    loginId: 'new_student',
    email: 'new.student@example.edu.hk',
    displayName: 'Chan Tai Man',
    acceptTerms: true,
    recaptcha: 'token',
    lang: 'en',
    ...overrides,
  };
}

describe('languages', () => {
  it('defaults to Traditional Chinese and knows exactly the three supported languages', () => {
    expect(DEFAULT_LANGUAGE).toBe('zh_hant');
    expect([...LANGUAGES]).toEqual(['zh_hant', 'en', 'zh_hans']);
    expect(LANGUAGES.map((lang) => HTML_LANG[lang])).toEqual(['zh-Hant-HK', 'en', 'zh-Hans']);
  });

  it('refuses unsupported language segments', () => {
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
    expect(isLanguage('EN')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});

describe('error catalogue', () => {
  it('answers every refusal with a 4xx status; only internal errors (500), a shed request and an instance not ready (503) are 5xx', () => {
    const serverSide: Record<string, number> = { internal: 500, serverBusy: 503, notReady: 503 };
    for (const [code, status] of Object.entries(ERROR_CODES)) {
      if (code in serverSide) expect(status, code).toBe(serverSide[code]);
      else expect(status, code).toBeGreaterThanOrEqual(400);
      if (!(code in serverSide)) expect(status, code).toBeLessThan(500);
    }
  });

  it('keeps the association codes of SPEC §8 verbatim', () => {
    for (const code of ['wrongPasswordOrUserNotFound', 'non_full_member', 'duplicated_relationship_nature']) {
      expect(isErrorCode(code)).toBe(true);
    }
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(42)).toBe(false);
  });

  it('turns an ApiError into its code for guards, and anything else into unknown', () => {
    const held = new ApiError('held', 429, { holdUntil: '2026-01-01T00:00:00.000Z' });
    expect(isApiError(held)).toBe(true);
    expect(errorCode(held)).toBe('held');
    expect(held.holdUntil).toBe('2026-01-01T00:00:00.000Z');
    expect(held.fields).toEqual([]);
    expect(errorCode(new Error('boom'))).toBe('unknown');
    expect(isApiError({ code: 'held', status: 429 })).toBe(false);
  });
});

describe('password policy', () => {
  it('counts lower case, upper case, digits and symbols as the four character classes', () => {
    expect(characterClasses('')).toBe(0);
    expect(characterClasses('abc')).toBe(1);
    expect(characterClasses('abcABC')).toBe(2);
    expect(characterClasses('abcABC123')).toBe(3);
    expect(characterClasses('abcABC123!')).toBe(4);
    expect(characterClasses('密碼')).toBe(1);
  });

  it('refuses a password shorter than the minimum length before judging its complexity', () => {
    expect(checkPasswordPolicy('Ab1!', { minLength: 8, complexity: 1 })).toBe('minLength');
  });

  it('counts characters, not UTF-16 units, for the minimum length', () => {
    expect(checkPasswordPolicy('😀😀😀😀', { minLength: 5, complexity: 1 })).toBe('minLength');
    expect(checkPasswordPolicy('😀😀😀😀😀', { minLength: 5, complexity: 1 })).toBeNull();
  });

  it('requires as many character classes as the complexity level', () => {
    const policy = { minLength: 8, complexity: 3 };
    expect(checkPasswordPolicy('abcdefgh', policy)).toBe('complexity');
    expect(checkPasswordPolicy('abcdEFGH', policy)).toBe('complexity');
    expect(checkPasswordPolicy('abcdEF12', policy)).toBeNull();
    expect(checkPasswordPolicy('Portal-Demo-2026', { minLength: 8, complexity: 4 })).toBeNull();
  });
});

describe('toFieldIssues', () => {
  it('reports each field once, with the rule named by the schema message', () => {
    const result = v.safeParse(v.object({ a: v.pipe(v.string('required'), v.maxLength(2, 'maxLength')) }), { a: 'abc' });
    expect(result.success).toBe(false);
    expect(toFieldIssues(result.issues ?? [])).toEqual([{ field: 'a', rule: 'maxLength' }]);
  });

  it('falls back to required for a missing value and format for a wrong one when the message is no rule', () => {
    const schema = v.object({ a: v.string(), b: v.number() });
    const result = v.safeParse(schema, { b: 'x' });
    expect(toFieldIssues(result.issues ?? [])).toEqual([
      { field: 'a', rule: 'required' },
      { field: 'b', rule: 'format' },
    ]);
  });
});

describe('account schemas', () => {
  it('accepts a well-formed registration and normalises login ID and email', () => {
    const result = parseWith(RegistrationRequestSchema, registration({ loginId: '  New_Student ', email: ' New.Student@Example.EDU.HK ' }));
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({ loginId: 'new_student', email: 'new.student@example.edu.hk' }),
    });
  });

  it('refuses a registration without accepted terms, reCAPTCHA or a valid email, naming each field', () => {
    const result = parseWith(RegistrationRequestSchema, registration({ acceptTerms: false, recaptcha: '', email: 'not-an-email' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fields).toEqual(
      expect.arrayContaining([
        { field: 'acceptTerms', rule: 'accepted' },
        { field: 'recaptcha', rule: 'recaptcha' },
        { field: 'email', rule: 'format' },
      ]),
    );
  });

  it('refuses login IDs that are too short, too long or carry forbidden characters', () => {
    const rule = (loginId: string) => {
      const result = parseWith(RegistrationRequestSchema, registration({ loginId }));
      return result.ok ? null : result.fields.find((f) => f.field === 'loginId')?.rule;
    };
    expect(rule('abc')).toBe('minLength');
    expect(rule('a'.repeat(31))).toBe('maxLength');
    expect(rule('has space')).toBe('format');
    expect(rule('_leading')).toBe('format');
    expect(rule('')).toBe('required');
  });

  it('refuses a 10 KB string in any text field with a field issue instead of accepting it', () => {
    const huge = 'x'.repeat(10_240);
    expect(huge.length).toBeGreaterThan(TEXT_MAX);
    for (const field of ['loginId', 'email', 'displayName', 'recaptcha']) {
      const result = parseWith(RegistrationRequestSchema, registration({ [field]: huge }));
      expect(result.ok, field).toBe(false);
    }
    const login = parseWith(LoginRequestSchema, { loginId: 'demo_public1', password: 'p'.repeat(PASSWORD_MAX + 1) });
    expect(login).toEqual({ ok: false, fields: [{ field: 'password', rule: 'maxLength' }] });
  });

  it('refuses wrong types as format and missing values as required', () => {
    expect(parseWith(LoginRequestSchema, { loginId: 42 })).toEqual({
      ok: false,
      fields: [
        { field: 'loginId', rule: 'required' },
        { field: 'password', rule: 'required' },
      ],
    });
    expect(parseWith(LoginRequestSchema, null).ok).toBe(false);
  });

  it('never trims passwords, since spaces are characters', () => {
    const result = parseWith(LoginRequestSchema, { loginId: 'Demo_Public1', password: '  pass  ' });
    expect(result).toEqual({ ok: true, value: { loginId: 'demo_public1', password: '  pass  ' } });
  });

  it('flags a confirmation that differs from the new password on the confirmation field', () => {
    const result = parseWith(ActivateRequestSchema, { encryptCode: 'abc', newPassword: 'One-Pass-2026', confirmNewPassword: 'Two-Pass-2026' });
    expect(result).toEqual({ ok: false, fields: [{ field: 'confirmNewPassword', rule: 'sameAs' }] });
    const change = parseWith(ChangePasswordRequestSchema, { currentPassword: 'x', newPassword: 'Same-2026!', confirmNewPassword: 'Same-2026!' });
    expect(change.ok).toBe(true);
  });

  it('asks forgot-password for the email or the login name, whichever was chosen', () => {
    expect(parseWith(ForgotPasswordRequestSchema, { by: 'email', email: 'public1@demo.test', lang: 'en' }).ok).toBe(true);
    expect(parseWith(ForgotPasswordRequestSchema, { by: 'loginId', loginId: 'DEMO_PUBLIC1', lang: 'zh_hant' })).toEqual({
      ok: true,
      value: { by: 'loginId', loginId: 'demo_public1', lang: 'zh_hant' },
    });
    expect(parseWith(ForgotPasswordRequestSchema, { by: 'email', email: 'nope', lang: 'en' })).toEqual({
      ok: false,
      fields: [{ field: 'email', rule: 'format' }],
    });
    expect(parseWith(ForgotPasswordRequestSchema, { by: 'phone', lang: 'en' }).ok).toBe(false);
  });

  it('lower-cases emails so one address is one account', () => {
    expect(v.parse(EmailSchema, 'Public1@Demo.Test')).toBe('public1@demo.test');
  });
});
