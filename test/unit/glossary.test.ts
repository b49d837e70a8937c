import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { glossaryProblems, rejectedVariants } from '../../scripts/support/glossary.mjs';
import en from '../../locales/en.json' with { type: 'json' };
import zhHans from '../../locales/zh_hans.json' with { type: 'json' };
import zhHant from '../../locales/zh_hant.json' with { type: 'json' };

const root = join(import.meta.dirname, '..', '..');
const GLOSSARY = readFileSync(join(root, 'docs', 'glossary.md'), 'utf8');

const SAMPLE = `# Glossary

## zh_hans

| Meaning | Term | Rejected variants | Where used |
|---|---|---|---|
| email address | 邮箱 | \`电邮\`、\`电子邮箱地址\` | everywhere |

## en

| Meaning | Term | Rejected variants | Where used |
|---|---|---|---|
| email | email | \`e-mail\` | everywhere |
`;

describe('one vocabulary per language (docs/glossary.md, issue 26)', () => {
  it('reads each locale’s rejected variants from its table', () => {
    expect(rejectedVariants(SAMPLE)).toEqual({
      zh_hans: [
        { variant: '电邮', term: '邮箱' },
        { variant: '电子邮箱地址', term: '邮箱' },
      ],
      en: [{ variant: 'e-mail', term: 'email' }],
    });
  });

  it('flags a rejected variant in its own locale only', () => {
    const problems = glossaryProblems(SAMPLE, { zh_hans: { 'a.b': '请输入电邮地址。' }, en: { 'a.b': 'Your 电邮 e-mail' } });
    expect(problems).toEqual([
      'locales/zh_hans.json: "a.b" uses "电邮", which docs/glossary.md rejects (use 邮箱)',
      'locales/en.json: "a.b" uses "e-mail", which docs/glossary.md rejects (use email)',
    ]);
  });

  it('flags a half-width space between Chinese sentences, and none between English ones', () => {
    const problems = glossaryProblems(SAMPLE, { zh_hans: { 'a.one': '电子报已发送。 请查看邮箱。', 'a.two': '请输入 {count} 个邮箱', 'a.three': '邮箱 地址' }, en: { 'a.one': 'Sent. Check your inbox.' } });
    expect(problems).toEqual([
      'locales/zh_hans.json: "a.one" puts a half-width space between Chinese sentences or characters (docs/glossary.md)',
      'locales/zh_hans.json: "a.three" puts a half-width space between Chinese sentences or characters (docs/glossary.md)',
    ]);
  });

  it('finds nothing in the locales as they are', () => {
    expect(glossaryProblems(GLOSSARY, { zh_hant: zhHant, en, zh_hans: zhHans })).toEqual([]);
  });

  it('rejects the variants the issue found mixed in (Hong Kong terms in zh_hans, a Taiwan term and a second QR name in zh_hant, clock-like countdowns)', () => {
    const rejected = rejectedVariants(GLOSSARY);
    const of = (lang: string) => (rejected[lang] ?? []).map(({ variant }) => variant);
    expect(of('zh_hans')).toEqual(expect.arrayContaining(['电邮', '网域', '设定', '登录资料', '句号', '连字号', '失效', '{time} 后']));
    expect(of('zh_hant')).toEqual(expect.arrayContaining(['工作階段', 'QR 碼', '{time} 後']));
  });
});
