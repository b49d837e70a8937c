import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import zhHans from '../../locales/zh_hans.json';
import zhHant from '../../locales/zh_hant.json';
import { ceilToMinute, hkRetry } from '../../src/i18n/hk-time.ts';

const english = createIntl({ locale: 'en', messages: en });
const traditional = createIntl({ locale: 'zh-Hant-HK', messages: zhHant });
const simplified = createIntl({ locale: 'zh-Hans-CN', messages: zhHans });

/** 1:48:40.5 PM in Hong Kong (05:48 UTC), the hold of issue 26 item 6. */
const HOLD = '2026-11-27T05:48:40.500Z';
const at = (iso: string) => Date.parse(iso);

describe('hkRetry: when something held may be tried again (issue 26 item 6)', () => {
  it('rounds a time up to the next whole minute, never showing one before the hold ends', () => {
    const text = hkRetry(english, HOLD, at('2026-11-27T05:40:00Z'));
    expect(text).toMatch(/^after Nov 27, 2026, 1:49\s?PM \(Hong Kong time\)$/u);
    expect(text).not.toMatch(/1:48/);
  });

  it('keeps a time that is a whole minute already', () => {
    expect(hkRetry(english, '2026-11-27T05:49:00.000Z', at('2026-11-27T05:40:00Z'))).toMatch(/1:49\s?PM \(Hong Kong time\)$/u);
    expect(ceilToMinute(at('2026-11-27T05:49:00.000Z'))).toBe(at('2026-11-27T05:49:00.000Z'));
    expect(ceilToMinute(at('2026-11-27T05:49:00.001Z'))).toBe(at('2026-11-27T05:50:00.000Z'));
  });

  it('says "in N seconds" for a wait under a minute, counting a started second as whole', () => {
    expect(hkRetry(english, HOLD, at('2026-11-27T05:48:10Z'))).toBe('in 31 seconds');
    expect(hkRetry(english, HOLD, at('2026-11-27T05:48:40Z'))).toBe('in 1 second');
    expect(hkRetry(english, HOLD, at('2026-11-27T05:47:41.000Z'))).toMatch(/^after .*1:49/u);
    expect(hkRetry(english, HOLD, at('2026-11-27T05:47:41.600Z'))).toBe('in 59 seconds');
  });

  it('shows the server’s time, rounded up, when this browser’s clock says it has passed', () => {
    expect(hkRetry(english, HOLD, at('2026-11-27T05:50:00Z'))).toMatch(/^after Nov 27, 2026, 1:49\s?PM \(Hong Kong time\)$/u);
  });

  it('speaks each language, with the zone', () => {
    expect(hkRetry(traditional, HOLD, at('2026-11-27T05:48:10Z'))).toBe('於 31 秒後');
    expect(hkRetry(simplified, HOLD, at('2026-11-27T05:48:10Z'))).toBe('于 31 秒后');
    expect(hkRetry(traditional, HOLD, at('2026-11-27T05:00:00Z'))).toMatch(/^於 2026年11月27日 下午1:49（香港時間）後$/u);
    expect(hkRetry(simplified, HOLD, at('2026-11-27T05:00:00Z'))).toMatch(/^于 2026年11月27日 13:49（香港时间）后$/u);
  });

  it('says "in a little while" without a time, so the sentence still reads', () => {
    expect(hkRetry(english, null)).toBe('in a little while');
    expect(hkRetry(english, 'not a time')).toBe('in a little while');
    expect(traditional.formatMessage({ id: 'error.tooManyRequests' }, { retry: hkRetry(traditional, undefined) })).toMatch(/請稍後再試。$/u);
  });

  it('fills the refusals that name a hold: a sentence never says a time before it ends', () => {
    const retry = hkRetry(english, HOLD, at('2026-11-27T05:40:00Z'));
    expect(english.formatMessage({ id: 'error.loginThrottled' }, { retry })).toMatch(/Please try again after Nov 27, 2026, 1:49\s?PM \(Hong Kong time\), or log in/u);
    expect(english.formatMessage({ id: 'error.tooManyRequests' }, { retry: hkRetry(english, HOLD, at('2026-11-27T05:48:35Z')) })).toMatch(/Please try again in 6 seconds\.$/u);
  });
});
