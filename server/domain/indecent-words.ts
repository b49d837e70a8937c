/**
 * The project's own reviewed list of indecent Chinese words: Traditional, Simplified and
 * Cantonese, each written in every script it is typed in. No npm list covers Chinese without
 * refusing everyday words (docs/decisions/family-server.md), so this one holds only terms that are
 * indecent wherever they appear, plus the allowlist of innocent words that contain one of them.
 *
 * Matching ignores spaces, punctuation and symbols (so `屌.你` is caught) and full-width forms.
 * Single characters appear only when they have no innocent use; everything else is a compound.
 * An addition needs a look at everyday words that contain it: if one exists, add it to
 * INDECENT_ZH_ALLOWED in the same change (the unit test insists every allowed word contains a term).
 */

/** Cantonese vulgarities (粗口), in the characters Hong Kong people type them with. */
const CANTONESE = [
  // Characters used for nothing else.
  '屌', '閪', '𨳒', '𨳊', '𨶙', '𨳍',
  '仆街', '仆你個街', '冚家剷', '冚家鏟', '冚家拎', '含家產',
  '丟你老母', '丢你老母', '你老母臭', '屌你老母',
  '戇鳩', '戆鸠', '鳩嘢', '鳩樣', '鸠样', '扮鳩', 'on鳩',
  '柒頭', '柒头', '柒樣', '柒样', '扮柒',
  '撚樣', '撚头', '撚頭', '仆撚', '戇撚', '好撚', '柒撚', '鳩撚', '含撚', '食撚', '你個撚',
  '八婆', '臭西', '賤格', '贱格', '食屎', '死基佬', '屎忽鬼',
];

/** Mandarin vulgarities, Traditional and Simplified. */
const MANDARIN = [
  '肏', '屄',
  '操你媽', '操你妈', '操你娘', '操你祖宗', '操他媽', '操他妈', '草泥馬', '草泥马',
  '他媽的', '他妈的', '你媽的', '你妈的', '媽了個逼', '妈了个逼', '去你媽', '去你妈',
  '傻逼', '傻b', '煞筆', '煞笔', '牛逼', '裝逼', '装逼', '二逼',
  '雞巴', '鸡巴', '雞掰', '鸡掰', '機掰', '机掰',
  '幹你娘', '干你娘', '幹你老師', '干你老师', '幹林娘',
  '婊子', '賤人', '贱人', '賤貨', '贱货', '騷貨', '骚货', '狗娘養的', '狗娘养的', '王八蛋',
  '雜種', '杂种', '賤種', '贱种',
];

/** Sexual words that have no place in a family name or a nickname. */
const SEXUAL = [
  '做愛', '做爱', '性交', '口交', '肛交', '乳交', '巨乳', '爆乳',
  '強姦', '强奸', '強奸', '强姦', '輪姦', '轮奸', '迷姦', '迷奸', '姦淫', '奸淫',
  '淫蕩', '淫荡', '淫亂', '淫乱', '淫穢', '淫秽', '淫娃', '淫婦', '淫妇', '意淫', '手淫',
  '賣淫', '卖淫', '嫖娼', '嫖妓', '援交', '自慰', '打手槍', '打手枪', '色情',
];

/** Slurs. */
const SLURS = ['支那', '黑鬼', '人妖'];

export const INDECENT_ZH: readonly string[] = [...CANTONESE, ...MANDARIN, ...SEXUAL, ...SLURS];

/**
 * Innocent words that contain a listed term: a match inside one of these is not indecent.
 * Each is here because of the term named beside it.
 */
export const INDECENT_ZH_ALLOWED: readonly string[] = [
  // 做愛 / 做爱: "make a caring …" (做愛心曲奇), "be a patriot" (做愛國者).
  '做愛心', '做爱心', '做愛國', '做爱国',
  // 支那: Indochina, and the measure word 支 before 那 ("a pen that long": 一支那麼長的筆).
  '印度支那',
  '支那麼', '支那么', '支那樣', '支那样', '支那個', '支那个', '支那些', '支那裡', '支那里', '支那邊', '支那边', '支那種', '支那种',
  // 八婆: 八 before 婆婆 ("eight grannies", 八婆婆).
  '八婆婆',
  // 性交: 中性交 ("neutral exchange", 中性交流電 is "neutral AC")
  '中性交',
  // 人妖: 超人妖怪 ("superhero monster") and 人妖魔 ("people, demons") in stories.
  '超人妖', '人妖魔',
];

/** Latin-letter Cantonese abbreviations, matched as whole words (obscenity knows only English). */
export const INDECENT_LATIN: readonly string[] = ['dllm', 'on9', 'diu lei lo mo', 'diu nei lo mo', 'pk gai'];
