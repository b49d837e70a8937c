import { afterEach, describe, expect, it, vi } from 'vitest';
import { HTML_LANG } from '../../contract/languages.ts';
import { answerOwnLocalesDirectly } from '../../src/i18n/intl-shortcuts.ts';

describe('answering for our own locales without asking ICU', () => {
  let restore: (() => void) | null = null;
  afterEach(() => {
    restore?.();
    restore = null;
    vi.restoreAllMocks();
  });

  it('gives what the browser would for our three tags, without calling it', () => {
    const expected = Object.values(HTML_LANG).map((tag) => Intl.NumberFormat.supportedLocalesOf(tag));
    const numberFormat = vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf');
    const dateTimeFormat = vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf');
    restore = answerOwnLocalesDirectly();
    expect(Object.values(HTML_LANG).map((tag) => Intl.NumberFormat.supportedLocalesOf(tag))).toEqual(expected);
    expect(Intl.DateTimeFormat.supportedLocalesOf(['zh-Hant-HK', 'en', 'zh-Hant-HK'])).toEqual(['zh-Hant-HK', 'en']);
    expect(numberFormat).not.toHaveBeenCalled();
    expect(dateTimeFormat).not.toHaveBeenCalled();
  });

  it('asks the browser about any other tag, and restores the originals', () => {
    const original = Intl.NumberFormat.supportedLocalesOf;
    restore = answerOwnLocalesDirectly();
    expect(Intl.NumberFormat.supportedLocalesOf(['en', 'fr-CA'])).toEqual(['en', 'fr-CA']);
    expect(Intl.NumberFormat.supportedLocalesOf('EN-gb')).toEqual(['en-GB']);
    expect(Intl.DateTimeFormat.supportedLocalesOf([])).toEqual([]);
    expect(() => Intl.NumberFormat.supportedLocalesOf('not a tag!')).toThrow(RangeError);
    restore();
    restore = null;
    expect(Intl.NumberFormat.supportedLocalesOf).toBe(original);
  });
});
