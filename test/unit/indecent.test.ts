import { describe, expect, it } from 'vitest';
import { DomainError } from '../../server/domain/errors.ts';
import { assertDecent, indecentFields, isIndecent } from '../../server/domain/indecent.ts';
import { INDECENT_LATIN, INDECENT_ZH, INDECENT_ZH_ALLOWED } from '../../server/domain/indecent-words.ts';

/** Everyday text that machine-built word lists refuse: each must pass. */
const INNOCENT = [
  '幹部',
  '能幹',
  '乳鴿',
  '豆腐乳',
  '生物課：昆蟲的交配行為',
  '乳酪蛋糕',
  '皮肤护理',
  '我老母煮飯',
  '我老母煮饭好好食',
  '斑鳩',
  '撚手小菜',
  '印度支那',
  '一支那麼長的筆',
  '做愛心曲奇',
  '做愛國者',
  '中性交流電',
  '超人妖怪',
  '八婆婆',
  '陳大文',
  '黃小明的家',
  '壹貳參肆伍陸柒',
  '鴨屎香',
  'Dick Lee',
  'Chan Tit Man',
  'Scunthorpe',
  'Essex',
  'assassin',
  'cocktail',
  'Hancock',
  'The Wongs',
  'Grandpa Ho',
  'Kum Ho',
  'Dickson Poon',
  'Upon Nine',
  'C. K. Lee',
  'A B Chan',
];

const INDECENT = [
  '屌你老母',
  '仆街',
  '冚家剷',
  '戇鳩',
  '臭閪',
  '𨳒',
  '好撚煩',
  '八婆',
  '操你妈',
  '操你媽',
  '他媽的',
  '傻逼',
  '傻B',
  '幹你娘',
  '雞巴',
  '婊子',
  '做愛',
  '强奸',
  '巨乳',
  '支那人',
  'fuck',
  'Fucking family',
  'shit head',
  'bitch',
  'DLLM',
  'on9仔',
];

describe('indecent language', () => {
  it.each(INNOCENT)('lets "%s" through', (text) => {
    expect(isIndecent(text)).toBe(false);
  });

  it.each(INDECENT)('refuses "%s"', (text) => {
    expect(isIndecent(text)).toBe(true);
  });

  it('refuses every listed Chinese term on its own and inside other text', () => {
    for (const term of INDECENT_ZH) {
      expect(isIndecent(term), term).toBe(true);
      expect(isIndecent(`我哋${term}一家`), term).toBe(true);
    }
    for (const term of INDECENT_LATIN) expect(isIndecent(`Mr ${term.toUpperCase()}`), term).toBe(true);
  });

  it('is not fooled by spaces, punctuation, full-width letters or letter case', () => {
    for (const text of ['屌 你 老 母', '仆.街', '幹-你-娘', '傻　逼', 'ＦＵＣＫ', 'f.u.c.k', 'S H I T', 'd.l.l.m', 'D L L M']) {
      expect(isIndecent(text), text).toBe(true);
    }
  });

  it('keeps an allowlist whose every word protects a listed term and is itself let through', () => {
    for (const word of INDECENT_ZH_ALLOWED) {
      expect(INDECENT_ZH.some((term) => word.includes(term)), word).toBe(true);
      expect(isIndecent(word), word).toBe(false);
    }
  });

  it('still refuses a listed term next to an allowed word', () => {
    expect(isIndecent('印度支那 支那人')).toBe(true);
    expect(isIndecent('做愛心曲奇 做愛')).toBe(true);
  });

  it('names each field at fault and refuses with indecentLanguage', () => {
    expect(indecentFields({ familyName: '陳家', nickname: '仆街', missing: undefined })).toEqual([{ field: 'nickname', rule: 'indecent' }]);
    expect(() => assertDecent({ familyName: '陳家', nickname: '阿明' })).not.toThrow();
    try {
      assertDecent({ familyName: 'Shit family', nickname: '屌' });
      expect.unreachable('assertDecent accepted indecent text');
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('indecentLanguage');
      expect((error as DomainError).fields).toEqual([
        { field: 'familyName', rule: 'indecent' },
        { field: 'nickname', rule: 'indecent' },
      ]);
    }
  });
});

/** Issue 13: words hidden behind look-alike letters and invisible characters are read as the words they imitate. */
describe('indecent words written with look-alikes', () => {
  it.each([
    ['Cyrillic с for c', 'fuсk'],
    ['Cyrillic о and full stop', 'ѕhit.'],
    ['Greek Ο', 'CΟCK'],
    ['full-width', 'ＦＵＣＫ'],
    ['mathematical bold', '𝐟𝐮𝐜𝐤'],
    ['a zero-width space', 'f\u200Buck'],
    ['a zero-width joiner', 'bit\u200Dch'],
    ['a bidi override', 'sh\u202Eit'],
    ['a soft hyphen', 'fu\u00ADck'],
    ['a zero-width space inside Chinese', '仆\u200B街'],
  ])('%s: %s', (_label, text) => {
    expect(isIndecent(text)).toBe(true);
  });

  it.each(['Михаил Петров', 'Σωκράτης', 'Chan Tai-man', 'Dick Lee', 'Ｃｈａｎ Ｔａｉ', 'Mañana', 'Zoë', 'Đặng Văn'])('innocent text in other scripts stays innocent: %s', (text) => {
    expect(isIndecent(text)).toBe(false);
  });
});
