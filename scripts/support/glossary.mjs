// The glossary check of `npm run check:messages` (docs/glossary.md), kept apart so its unit test
// (test/unit/glossary.test.ts) can feed it made-up glossaries and locales.

/** A CJK ideograph (URA and extension A). */
const HAN = '[\\u3400-\\u4dbf\\u4e00-\\u9fff]';
/** A half-width space after a Chinese sentence, or between two Chinese characters. */
const SPACED_SENTENCES = new RegExp(`[。！？](?=[ \\u00a0])|${HAN}[ \\u00a0]+(?=${HAN})`, 'u');

/**
 * Each locale's rejected variants from the glossary's tables: a `## <locale>` section holds a
 * table whose third column lists the rejected variants in backticks.
 * @param {string} markdown
 * @returns {Record<string, Array<{ variant: string, term: string }>>}
 */
export function rejectedVariants(markdown) {
  /** @type {Record<string, Array<{ variant: string, term: string }>>} */
  const out = {};
  let locale = null;
  for (const line of markdown.split('\n')) {
    const heading = /^## (\w+)\s*$/.exec(line);
    if (heading) {
      locale = heading[1];
      out[locale] = [];
      continue;
    }
    if (!locale || !line.startsWith('|') || /^\|\s*(Meaning|---)/.test(line)) continue;
    const cells = line.split('|').slice(1, -1).map((cell) => cell.trim());
    const [, term = '', rejected = ''] = cells;
    for (const [, variant] of rejected.matchAll(/`([^`]+)`/g)) out[locale].push({ variant, term });
  }
  return out;
}

/**
 * What breaks the glossary: rejected variants in each locale's messages, and spaced Chinese
 * sentences in the Chinese locales.
 * @param {string} markdown the glossary
 * @param {Record<string, Record<string, string>>} locales messages by locale, then by id
 * @returns {string[]}
 */
export function glossaryProblems(markdown, locales) {
  const problems = [];
  const rejected = rejectedVariants(markdown);
  for (const [lang, messages] of Object.entries(locales)) {
    if (!messages || typeof messages !== 'object' || '__unreadable' in messages) continue;
    if (!rejected[lang]) problems.push(`docs/glossary.md: no "## ${lang}" section`);
    for (const [id, text] of Object.entries(messages)) {
      if (typeof text !== 'string') continue;
      for (const { variant, term } of rejected[lang] ?? []) {
        if (text.includes(variant)) problems.push(`locales/${lang}.json: "${id}" uses "${variant}", which docs/glossary.md rejects (use ${term})`);
      }
      if (lang.startsWith('zh') && SPACED_SENTENCES.test(text)) {
        problems.push(`locales/${lang}.json: "${id}" puts a half-width space between Chinese sentences or characters (docs/glossary.md)`);
      }
    }
  }
  return problems;
}
