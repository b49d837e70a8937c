import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import zhHant from '../../locales/zh_hant.json' with { type: 'json' };
import { formatFieldIssue } from '../../src/i18n/field-messages.ts';

describe('field issue texts', () => {
  it('says which years of birth are accepted, in each language, without grouping the years (issue 13)', () => {
    const english = createIntl({ locale: 'en', messages: en });
    const names = { yearOfBirth: { id: 'profileBasic.field.yearOfBirth', defaultMessage: 'Year of birth' } };
    expect(formatFieldIssue(english, { field: 'yearOfBirth', rule: 'yearRange' }, names)).toBe('Year of birth must be a year from 1900 to 2100');
    const chinese = createIntl({ locale: 'zh-Hant-HK', messages: zhHant });
    expect(formatFieldIssue(chinese, { field: 'yearOfBirth', rule: 'yearRange' }, names)).toContain('1900 至 2100');
  });
});
