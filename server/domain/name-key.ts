import unhomoglyph from 'unhomoglyph';

/**
 * Names that look alike are the same name (issue 13). `unhomoglyph` is the Unicode
 * confusables table (UTS #39 `confusables.txt`, the data of its skeleton) as a replacement map;
 * the `confusables` package the stack notes mention maps only to Latin, leaves `l`, `1` and `I`
 * apart, and strips accents (José = Jose), so it is not used (docs/decisions/hardening.md).
 */

/** Zero-width characters, bidirectional controls, joiners, variation selectors, fillers: drawn as nothing. */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** UTS #39 skeleton: NFD, confusables mapped to their prototypes, NFD again. */
function skeleton(text: string): string {
  return unhomoglyph(text.normalize('NFD')).normalize('NFD');
}

/**
 * The form two names share when they look alike: width and compatibility forms folded (NFKC:
 * full-width ＰＡＮＤＡ is PANDA), invisible characters removed, white space collapsed, then the
 * UTS #39 skeleton (Cyrillic а and Greek Α are Latin a, З is 3, ロ is 口, m is rn), case folded,
 * and the skeleton again (for the lower-case forms). The skeleton comes before the case: lower
 * case first would make Cyrillic З a з, which imitates no digit. Nicknames are unique by it
 * (users.nickname_key) and, as before, by their lower case (users_nickname_key). Not for showing:
 * it is for comparing.
 */
export function nameKey(text: string): string {
  const folded = text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
  return skeleton(skeleton(folded).toLowerCase());
}

/**
 * Letters that merely look Latin (Cyrillic а, Greek ο, full-width ｆ, mathematical 𝐟) as the
 * Latin letters they imitate, and invisible characters removed; Latin text, digits and other
 * scripts (Chinese) are left as they are. The indecent-language check reads text through this, so
 * `fսck` or `f\u200Buck` is read as the word it imitates, while `m` stays `m` (the skeleton would
 * make it `rn`, hiding words rather than finding them).
 */
export function latinLookAlikes(text: string): string {
  return text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/[^\p{ASCII}\p{Script=Han}]/gu, (char) => {
      const prototype = skeleton(char);
      return /^[A-Za-z0-9]$/.test(prototype) ? prototype : char;
    });
}
