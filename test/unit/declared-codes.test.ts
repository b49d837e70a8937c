import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { callCodes } from '../../contract/call.ts';
import { ALL_CALLS } from '../../contract/calls/index.ts';
import { LANGUAGES } from '../../contract/languages.ts';

/** Every code a declared call can answer with has its message (`error.<code>`) in every locale. */
describe('declared codes', () => {
  const codes = [...new Set(ALL_CALLS.flatMap((call) => callCodes(call).map(({ code }) => code)))].sort();

  it.each(LANGUAGES)('have their message in %s', (lang) => {
    const messages = JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
    const missing = codes.filter((code) => {
      const entry = messages[`error.${code}`];
      const text = typeof entry === 'string' ? entry : (entry as { defaultMessage?: string; message?: string } | undefined)?.defaultMessage ?? (entry as { message?: string } | undefined)?.message;
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(missing).toEqual([]);
  });
});
